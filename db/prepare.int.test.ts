import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/db/client";
import { DEMO_USERS, resetDatabase } from "@/db/seed";

const { db, pool } = openDatabase(process.env.DATABASE_OWNER_URL!, 2);
afterAll(() => pool.end());

const TABLES = ["users", "customers", "transactions", "cards", "threads", "langgraph.checkpoints"];

async function counts() {
  const result: Record<string, number> = {};
  for (const table of TABLES) result[table] = Number((await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);
  return result;
}
const none = Object.fromEntries(TABLES.map((t) => [t, 0]));

/** The database modules as a process with this environment loads them (settings are read once per process). */
async function loadIn(environment: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  vi.resetModules();
  return {
    ...(await import("@/db/prepare")),
    ...(await import("@/db/seed")),
    ...(await import("@/db/legacy-thread")),
  };
}

beforeEach(() => resetDatabase(db));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("preparing the database at start", () => {
  it("in production writes no demo users, transactions or conversations", async () => {
    const { prepareDatabase } = await loadIn({ NODE_ENV: "production", DEMO_DATA: undefined });
    const opened = openDatabase(process.env.DATABASE_OWNER_URL!, 2);
    try {
      expect(await prepareDatabase(opened.db, opened.pool)).toEqual({ demoData: false });
    } finally {
      await opened.pool.end();
    }
    expect(await counts()).toEqual(none);
  });

  it("in production refuses the demo seed and the demo conversation, whoever calls them", async () => {
    const { seedDemoData, loadLegacyThread, DEMO_TENANT } = await loadIn({ NODE_ENV: "production", DEMO_DATA: "0" });
    await expect(seedDemoData(db)).rejects.toThrow("Refusing to write the demo users and transactions outside demo mode");
    await expect(loadLegacyThread(db, DEMO_TENANT, "cust-alice")).rejects.toThrow("Refusing to write the demo conversations outside demo mode");
    expect(await counts()).toEqual(none);
  });

  it("with DEMO_DATA=1 writes the demo even under NODE_ENV=production", async () => {
    const { prepareDatabase } = await loadIn({ NODE_ENV: "production", DEMO_DATA: "1" });
    const opened = openDatabase(process.env.DATABASE_OWNER_URL!, 2);
    try {
      expect(await prepareDatabase(opened.db, opened.pool)).toEqual({ demoData: true });
    } finally {
      await opened.pool.end();
    }
    // Two banks: demo-bank (alice, bob) and vistula-bank (kasia, piotr).
    expect(await counts()).toMatchObject({ users: DEMO_USERS.length, customers: 4, transactions: 28, threads: 1 });
  });
});
