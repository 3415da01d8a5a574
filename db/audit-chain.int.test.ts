import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { parse } from "lossless-json";
import { afterAll, describe, expect, it } from "vitest";
import { sweepRetention } from "@/app/_lib/retention";
import { bypassesRowSecurity } from "./app-role";
import { canonicalJson, chainFollower, GENESIS_HASH, rowHash } from "./audit-chain";
import { openDatabase, type Db } from "./client";
import { CHECKPOINT_SCHEMA, migrateDatabase } from "./migrate";
import { auditChainPage, recordAuditEvent, recordAuditEventOnce, type AuditChainRow } from "./queries/audit";
import { withTenant } from "./tenant-context";

const { db, pool } = openDatabase(process.env.DATABASE_OWNER_URL!, 25);
afterAll(() => pool.end());

const newTenant = () => `t-${randomUUID().slice(0, 8)}`;
const event = (tenantId: string, n: number, data: Record<string, unknown> = { n }) => ({
  tenantId,
  actor: "olga",
  action: "approval.approved",
  subjectType: "approval",
  subjectId: `a-${n}`,
  data,
});

async function chainOf(d: Db, tenantId: string): Promise<AuditChainRow[]> {
  return auditChainPage(d, tenantId, null, 10_000);
}

/** The first row of the tenant's chain that does not hold, and why; null when it all holds. */
function firstBreak(rows: AuditChainRow[]) {
  const follow = chainFollower();
  for (const row of rows) {
    const problem = follow(row);
    if (problem) return { id: row.id, problem };
  }
  return null;
}

const refusal = async (statement: ReturnType<typeof sql>) => {
  try {
    await db.execute(statement);
    return null;
  } catch (error) {
    const cause = (error as Error).cause as { message: string; code: string };
    return { message: cause.message, code: cause.code };
  }
};

describe("the audit trail is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE, even to the table's owner, and changes nothing", async () => {
    const tenant = newTenant();
    await recordAuditEvent(db, event(tenant, 1));
    const before = await chainOf(db, tenant);

    for (const [op, statement] of [
      ["UPDATE", sql`update audit_events set data = '{"n": 2}' where tenant_id = ${tenant}`],
      ["DELETE", sql`delete from audit_events where tenant_id = ${tenant}`],
      ["TRUNCATE", sql`truncate audit_events`],
    ] as const) {
      expect(await refusal(statement)).toEqual({ message: `audit_events is append-only: ${op} is refused`, code: "42501" });
    }
    expect(await chainOf(db, tenant)).toEqual(before);
  });

  it("the retention sweep, with every window at zero days, removes no audit row", async () => {
    const tenant = newTenant();
    await recordAuditEvent(db, event(tenant, 1));
    const count = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events`)).rows[0]!.n;
    const before = await count();
    const zero = { idleDays: 0, mode: "delete", messageDays: 0, nodeEventDays: 0, sessionDays: 0 } as const;
    await sweepRetention(db, { now: new Date(Date.now() + 365 * 24 * 3600 * 1000), defaults: zero });
    expect(await count()).toBeGreaterThanOrEqual(before);
    expect(await chainOf(db, tenant)).toHaveLength(1);
  });
});

describe("each tenant's audit rows form a hash chain computed by the database", () => {
  it("numbers a tenant's rows 1, 2, 3, links each to the one before, and replaces whatever an insert gives for them", async () => {
    const [a, b] = [newTenant(), newTenant()];
    await recordAuditEvent(db, event(a, 1));
    await recordAuditEvent(db, event(b, 1));
    await recordAuditEventOnce(db, event(a, 2), "key-2");
    await recordAuditEventOnce(db, event(a, 2), "key-2");
    await db.execute(sql`
      insert into audit_events (tenant_id, actor, action, subject_type, subject_id, data, seq, prev_hash, hash)
      values (${a}, 'mallory', 'approval.approved', 'approval', 'a-3', '{}', 1, ${GENESIS_HASH}, ${"f".repeat(64)})`);

    const chain = await chainOf(db, a);
    expect(chain.map((r) => [r.seq, r.subjectId])).toEqual([
      ["1", "a-1"],
      ["2", "a-2"],
      ["3", "a-3"],
    ]);
    expect(chain[0]!.prevHash).toBe(GENESIS_HASH);
    expect(chain[1]!.prevHash).toBe(chain[0]!.hash);
    expect(chain[2]!.prevHash).toBe(chain[1]!.hash);
    expect(chain[2]!.hash).not.toBe("f".repeat(64));
    expect(chain.map((r) => r.hash)).toEqual(chain.map(rowHash));
    expect((await chainOf(db, b)).map((r) => [r.seq, r.prevHash])).toEqual([["1", GENESIS_HASH]]);
  });

  it("chains the rows of one multi-row insert in order", async () => {
    const tenant = newTenant();
    await db.execute(sql`
      insert into audit_events (tenant_id, actor, action, subject_type, subject_id)
      select ${tenant}, 'system', 'approval.expired', 'approval', 'a-' || n from generate_series(1, 5) n`);
    const chain = await chainOf(db, tenant);
    expect(chain.map((r) => r.seq)).toEqual(["1", "2", "3", "4", "5"]);
    expect(firstBreak(chain)).toBeNull();
  });

  it("50 inserts at once from 25 connections across two tenants still form one unbroken chain per tenant", async () => {
    const [a, b] = [newTenant(), newTenant()];
    const writes = Array.from({ length: 50 }, (_, i) =>
      db.transaction(async (tx) => {
        await recordAuditEvent(tx, event(i % 2 ? a : b, i));
        await recordAuditEvent(tx, { ...event(i % 2 ? a : b, i), action: "claim.released" });
      }),
    );
    expect((await Promise.allSettled(writes)).filter((w) => w.status === "rejected")).toEqual([]);
    for (const tenant of [a, b]) {
      const chain = await chainOf(db, tenant);
      expect(chain).toHaveLength(50);
      expect(chain.map((r) => Number(r.seq))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(firstBreak(chain)).toBeNull();
    }
  });

  it("Node recomputes the database's canonical JSON byte for byte: key order, escapes, unicode, numbers as stored", async () => {
    const values = [
      `{"b": 1, "a": 2, "aa": 3, "B": 4, "é": 5, "z": 6, "😀": 7, "ｚ": 8, "": 9}`,
      `{"nested": {"y": [3, 2, {"k": null, "j": true}], "x": false}, "list": [], "empty": {}}`,
      `{"s": "quote \\" backslash \\\\ slash / tab \\t newline \\n cr \\r bell \\u0007 del \\u007f esc \\u001b line sep \\u2028 é 😀"}`,
      `{"numbers": [0, -0.0, 1.50, 1e3, 1E-7, 0.35, -12.000, 123456789012345678901234567890.123456789, 1e40, 9007199254740993]}`,
      `{"__proto__": {"polluted": true}, "constructor": 1, "toString": "x"}`,
      `[1, "two", null, [true, false]]`,
      `"just a string"`,
      `42.10`,
    ];
    for (const text of values) {
      const { rows } = await db.execute<{ canonical: string; stored: string }>(
        sql`select audit_canonical_json(${text}::jsonb) as canonical, ${text}::jsonb::text as stored`,
      );
      expect(canonicalJson(parse(rows[0]!.stored)), text).toBe(rows[0]!.canonical);
    }

    const tenant = newTenant();
    for (const [i, text] of values.slice(0, 5).entries()) {
      await db.execute(
        sql`insert into audit_events (tenant_id, actor, action, subject_type, subject_id, data) values (${tenant}, 'ivan ✓', 'incident.viewed', 'thread', ${`t-${i}`}, ${text}::jsonb)`,
      );
    }
    await recordAuditEvent(db, event(tenant, 9, { amountMinor: 124_900, rate: 0.1 + 0.2, big: 1e21, small: 5e-7, reason: 'Kunde "Müller"\n' }));
    const chain = await chainOf(db, tenant);
    expect(chain).toHaveLength(6);
    expect(firstBreak(chain)).toBeNull();
  });

  it("the app's role, which may only insert and read its tenant's rows, writes chained rows: the chain's functions need no grant to PUBLIC", async () => {
    const tenant = newTenant();
    const app = openDatabase(process.env.DATABASE_URL!, 2);
    try {
      expect(await bypassesRowSecurity(app.pool)).toBeNull();
      await withTenant(tenant, async () => {
        await recordAuditEvent(app.db, event(tenant, 1));
        await recordAuditEvent(app.db, event(tenant, 2));
        await expect(app.pool.query("select audit_canonical_json('{}')")).rejects.toThrow(/permission denied/);
      });
    } finally {
      await app.pool.end();
    }
    const chain = await chainOf(db, tenant);
    expect(chain.map((r) => r.seq)).toEqual(["1", "2"]);
    expect(firstBreak(chain)).toBeNull();
  });
});

describe("migrating a database that has audit events", () => {
  it("chains the existing rows in id order per tenant, and they verify", async () => {
    const folder = path.join(process.cwd(), "db/migrations");
    const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const chained = journal.entries.findIndex((e) => e.tag.endsWith("audit-chain"));
    expect(chained).toBeGreaterThan(0);
    const before = mkdtempSync(path.join(tmpdir(), "migrations-"));
    const name = `audit_${randomUUID().replaceAll("-", "")}`;
    await pool.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_OWNER_URL!);
    url.pathname = `/${name}`;
    const target = openDatabase(url.toString(), 2);
    try {
      cpSync(folder, before, { recursive: true });
      writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, chained) }));
      await new PostgresSaver(target.pool, undefined, { schema: CHECKPOINT_SCHEMA }).setup();
      await migrate(target.db, { migrationsFolder: before });
      for (const [tenant, n] of [
        ["bank-a", 1],
        ["bank-b", 1],
        ["bank-a", 2],
        ["bank-a", 3],
        ["bank-b", 2],
      ] as const) {
        await target.pool.query(
          "insert into audit_events (tenant_id, actor, action, subject_type, subject_id, data) values ($1, 'olga', 'claim.taken', 'approval', $2, $3)",
          [tenant, `a-${n}`, JSON.stringify({ n, price: "1.50", amount: 1.5 })],
        );
      }

      await migrateDatabase(target.db, target.pool);

      const a = await chainOf(target.db, "bank-a");
      expect(a.map((r) => [r.seq, r.subjectId])).toEqual([
        ["1", "a-1"],
        ["2", "a-2"],
        ["3", "a-3"],
      ]);
      expect(firstBreak(a)).toBeNull();
      expect(firstBreak(await chainOf(target.db, "bank-b"))).toBeNull();
      await recordAuditEvent(target.db, event("bank-b", 3));
      const b = await chainOf(target.db, "bank-b");
      expect(b.map((r) => r.seq)).toEqual(["1", "2", "3"]);
      expect(firstBreak(b)).toBeNull();
    } finally {
      await target.pool.end();
      await pool.query(`drop database ${name} with (force)`);
      rmSync(before, { recursive: true, force: true });
    }
  });
});
