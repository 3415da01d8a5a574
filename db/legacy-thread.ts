import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { CHECKPOINT_SCHEMA } from "./migrate";
import { threads } from "./schema";
import { refuseOutsideDemoMode } from "./seed";

/** A conversation checkpointed by an earlier version of the graph and its state. */
export const LEGACY_THREAD_ID = "legacy-thread-state-v0";
/** A conversation paused in a node (`humanReview`) that a later graph renamed. */
export const RENAMED_NODE_THREAD_ID = "legacy-thread-renamed-node";
/** A run cut off just before its refund, by a release whose state was v0. */
export const BEFORE_REFUND_THREAD_ID = "legacy-thread-before-refund";

const fixtureFile = (threadId: string) => path.join(process.cwd(), "db", "fixtures", `${threadId}.json`);

type Rows = Record<"checkpoints" | "checkpoint_blobs" | "checkpoint_writes", Record<string, unknown>[]> & {
  /** Domain rows the thread needs (cases, approvals, messages), in insert order. */
  domain?: Record<string, Record<string, unknown>[]>;
};

const DOMAIN_TABLES = ["cases", "approvals", "messages"] as const;

const BYTEA = new Set(["blob"]);

/** Copies a committed fixture's checkpoint rows into the saver's tables (idempotent); demo mode only. */
export async function loadThreadFixture(
  db: Db,
  input: { threadId: string; tenantId: string; customerId: string; status?: "idle" | "awaiting_approval" | "busy"; leaseOwner?: string },
): Promise<void> {
  refuseOutsideDemoMode("the demo conversations");
  const rows = JSON.parse(readFileSync(fixtureFile(input.threadId), "utf8")) as Rows;
  await db.transaction(async (tx) => {
    await tx
      .insert(threads)
      .values({
        id: input.threadId,
        tenantId: input.tenantId,
        customerId: input.customerId,
        status: input.status ?? "idle",
        leaseOwner: input.leaseOwner ?? null,
        leaseUntil: input.status === "busy" ? new Date("2026-06-02T09:02:00Z") : null,
        createdAt: new Date("2026-06-02T09:00:00Z"),
        updatedAt: new Date("2026-06-02T09:00:05Z"),
      })
      .onConflictDoNothing();
    const { domain, ...checkpointRows } = rows;
    for (const table of DOMAIN_TABLES) {
      for (const row of domain?.[table] ?? []) {
        const columns = Object.keys(row).filter((c) => !(table === "messages" && c === "id"));
        const values = columns.map((c) => (row[c] !== null && typeof row[c] === "object" ? sql`${JSON.stringify(row[c])}::jsonb` : sql`${row[c]}`));
        await tx.execute(
          sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(columns.map((c) => `"${c}"`).join(", "))}) values (${sql.join(values, sql`, `)}) on conflict do nothing`,
        );
      }
    }
    for (const [table, list] of Object.entries(checkpointRows)) {
      for (const row of list) {
        const columns = Object.keys(row);
        const values = columns.map((c) => (BYTEA.has(c) && row[c] !== null ? sql`decode(${row[c] as string}, 'base64')` : sql`${row[c]}`));
        await tx.execute(
          sql`insert into ${sql.raw(`"${CHECKPOINT_SCHEMA}"."${table}"`)} (${sql.raw(columns.map((c) => `"${c}"`).join(", "))})
              values (${sql.join(values, sql`, `)}) on conflict do nothing`,
        );
      }
    }
  });
}

/** The demo's old conversation, for the incident viewer. */
export function loadLegacyThread(db: Db, tenantId: string, customerId: string): Promise<void> {
  return loadThreadFixture(db, { threadId: LEGACY_THREAD_ID, tenantId, customerId });
}

/** Reads a thread's checkpoint rows in the fixture's format (blobs as base64). */
export async function dumpThread(db: Db, threadId: string): Promise<Rows> {
  const read = async (table: string) =>
    (
      await db.execute<Record<string, unknown>>(
        sql`select * from ${sql.raw(`"${CHECKPOINT_SCHEMA}"."${table}"`)} where thread_id = ${threadId} order by 1, 2, 3`,
      )
    ).rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString("base64") : v])));
  return {
    checkpoints: await read("checkpoints"),
    checkpoint_blobs: await read("checkpoint_blobs"),
    checkpoint_writes: await read("checkpoint_writes"),
  };
}
