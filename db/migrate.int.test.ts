import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";

const admin = openDatabase(process.env.DATABASE_URL!, 1);
afterAll(() => admin.pool.end());

/** A new, empty database on the test server, dropped after `use`. */
async function withEmptyDatabase(migrateInto: (url: string) => Promise<void>) {
  const name = `migrate_${randomUUID().replaceAll("-", "")}`;
  await admin.pool.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
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
});
