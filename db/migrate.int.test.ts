import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";

const admin = openDatabase(process.env.DATABASE_OWNER_URL!, 1);
afterAll(() => admin.pool.end());

/** A new, empty database on the test server, dropped after `use`. */
async function withEmptyDatabase(migrateInto: (url: string) => Promise<void>) {
  const name = `migrate_${randomUUID().replaceAll("-", "")}`;
  await admin.pool.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_OWNER_URL!);
  url.pathname = `/${name}`;
  try {
    await migrateInto(url.toString());
  } finally {
    await admin.pool.query(`drop database ${name} with (force)`);
  }
}

describe("migrating the database", () => {
  it("three connections migrating one empty database at once all succeed and apply each migration once", async () => {
    await withEmptyDatabase(async (url) => {
      const handles = Array.from({ length: 3 }, () => openDatabase(url, 2));
      try {
        const results = await Promise.allSettled(handles.map(({ db, pool }) => migrateDatabase(db, pool)));
        expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : r.status))).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
        const { rows } = await handles[0]!.pool.query<{ n: number; distinct: number }>(
          "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
        );
        expect(rows[0]!.n).toBeGreaterThan(0);
        expect(rows[0]!.n).toBe(rows[0]!.distinct);
        const saver = await handles[0]!.pool.query<{ n: number }>("select count(*)::int as n from langgraph.checkpoint_migrations");
        expect(saver.rows[0]!.n).toBeGreaterThan(0);
      } finally {
        await Promise.all(handles.map(({ pool }) => pool.end()));
      }
    });
  });

  it("moves the bank systems' tables of a database migrated before bank_sim into it, rows and ids kept", async () => {
    const folder = path.join(process.cwd(), "db/migrations");
    const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const moved = journal.entries.findIndex((e) => e.tag.endsWith("bank-sim-schema"));
    expect(moved).toBeGreaterThan(0);
    const before = mkdtempSync(path.join(tmpdir(), "migrations-"));
    try {
      cpSync(folder, before, { recursive: true });
      writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, moved) }));
      await withEmptyDatabase(async (url) => {
        const { db, pool } = openDatabase(url, 2);
        try {
          await migrate(db, { migrationsFolder: before });
          await pool.query(`insert into customers (id, tenant_id, name, home_country) values ('c1', 't1', 'Ann', 'DE');
            insert into cards (id, tenant_id, customer_id, last4, daily_limit_minor, monthly_limit_minor, online_limit_minor, atm_limit_minor)
              values ('card1', 't1', 'c1', '1234', 1, 1, 1, 1);
            insert into card_states (card_id, tenant_id, status) values ('card1', 't1', 'frozen');
            insert into card_actions (tenant_id, card_id, customer_id, action, actor, idempotency_key, request_fingerprint, changed, response_status, response_body)
              values ('t1', 'card1', 'c1', 'freeze', 'agent', 'k-card', 'f', true, 200, '{}');
            insert into ledger_entries (tenant_id, idempotency_key, request_fingerprint, status, case_id, customer_id, amount_minor, currency)
              values ('t1', 'k-ledger', 'f', 'committed', 'case1', 'c1', 500, 'EUR');`);

          await migrateDatabase(db, pool);

          const { rows } = await pool.query(`select
              (select count(*)::int from bank_sim.ledger_entries where idempotency_key = 'k-ledger') as ledger,
              (select count(*)::int from bank_sim.card_actions where idempotency_key = 'k-card') as actions,
              (select status from bank_sim.card_states where card_id = 'card1') as state,
              to_regclass('public.ledger_entries') is null and to_regclass('public.card_states') is null and to_regclass('public.card_actions') is null as gone`);
          expect(rows[0]).toEqual({ ledger: 1, actions: 1, state: "frozen", gone: true });
          const next = await pool.query<{
            id: string;
          }>(`insert into bank_sim.ledger_entries (tenant_id, idempotency_key, request_fingerprint, status, case_id, customer_id, amount_minor, currency)
              values ('t1', 'k-next', 'f', 'in_flight', 'case2', 'c1', 700, 'EUR') returning id`);
          expect(next.rows[0]!.id).toBe("2");
        } finally {
          await pool.end();
        }
      });
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
  });
});
