/**
 * LangGraph's conformance suite for checkpointers (@langchain/langgraph-checkpoint-validation)
 * against the app's own saver as the app configures it: the one-statement writes, encryption
 * on (the test environment's key), the embedded Postgres. The suite is written for Jest-style
 * globals (its CLI runs Vitest with `globals: true`); this project keeps globals off, so they
 * are handed to it here before it loads.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test } from "vitest";
import { openDatabase } from "@/db/client";
import { CHECKPOINT_SCHEMA } from "@/db/migrate";
import { checkpointSelect } from "@/db/queries/checkpoints";
import { createCheckpointer, MeasuredPostgresSaver } from "../runtime/checkpointer";

Object.assign(globalThis, { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test });
const { deltaChannelHistoryTests, validate } = await import("@langchain/langgraph-checkpoint-validation");

// As the owner: the suite names threads of its own, which row-level security would (rightly) refuse to the app's role.
const database = openDatabase(process.env.DATABASE_OWNER_URL!, 3);
const TABLES = ["checkpoints", "checkpoint_blobs", "checkpoint_writes"].map((t) => `"${CHECKPOINT_SCHEMA}"."${t}"`).join(", ");

/** The suite lists every checkpoint a saver holds, so each saver it makes starts on empty tables. */
const emptyTables = () => database.pool.query(`truncate ${TABLES}`);

const initializer = {
  checkpointerName: "the app's saver (MeasuredPostgresSaver, encrypted)",
  async createCheckpointer() {
    await emptyTables();
    const saver = createCheckpointer(database.pool);
    if (!(saver instanceof MeasuredPostgresSaver)) throw new Error("the app's saver is not the measured, encrypting one");
    return saver;
  },
  async afterAll() {
    await emptyTables();
    await database.pool.end();
  },
};

validate(initializer);
/** Opt-in in the package (LangGraph's own savers run it): DeltaSnapshot values read back through the encryption and the plain-data reader. */
deltaChannelHistoryTests(initializer);

describe("the saver the suite ran against", () => {
  it("stores channel values and writes encrypted", async () => {
    const saver = createCheckpointer(database.pool);
    const config = { configurable: { thread_id: "validation-check", checkpoint_ns: "" } };
    const checkpoint = {
      v: 4,
      id: "1f000000-0000-6000-8000-000000000001",
      ts: new Date().toISOString(),
      channel_values: { secret: "card 4242" },
      channel_versions: { secret: 1 },
      versions_seen: {},
    };
    const next = await saver.put(config, checkpoint, { source: "input", step: -1, parents: {} }, { secret: 1 });
    await saver.putWrites(next, [["secret", "card 4242"]], "task-1");
    const { rows } = await database.pool.query(
      `select type from "${CHECKPOINT_SCHEMA}".checkpoint_blobs where thread_id = 'validation-check' union all select type from "${CHECKPOINT_SCHEMA}".checkpoint_writes where thread_id = 'validation-check'`,
    );
    expect(rows.map((r) => r.type)).toEqual([expect.stringMatching(/^enc:[\w-]+:json$/), expect.stringMatching(/^enc:[\w-]+:json$/)]);
    expect((await saver.getTuple(next))?.checkpoint.channel_values).toEqual({ secret: "card 4242" });
  });

  it("reads a checkpoint of a long thread by its own channel values, not every value the thread wrote", async () => {
    const saver = createCheckpointer(database.pool);
    const threadId = "validation-long-thread";
    const channels = Array.from({ length: 10 }, (_, i) => `channel${i}`);
    let config = { configurable: { thread_id: threadId, checkpoint_ns: "" } } as Parameters<typeof saver.put>[0];
    for (let step = 1; step <= 40; step++) {
      const versions = Object.fromEntries(channels.map((c) => [c, step]));
      const checkpoint = {
        v: 4,
        id: `1f000000-0000-6000-8000-${String(step).padStart(12, "0")}`,
        ts: new Date().toISOString(),
        channel_values: Object.fromEntries(channels.map((c) => [c, `${c} at ${step}`])),
        channel_versions: versions,
        versions_seen: {},
      };
      config = await saver.put(config, checkpoint, { source: "loop", step, parents: {} }, versions);
    }
    expect((await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } }))?.checkpoint.channel_values).toEqual(
      Object.fromEntries(channels.map((c) => [c, `${c} at 40`])),
    );
    const { rows } = await database.pool.query(
      `explain (analyze, format json) ${checkpointSelect(CHECKPOINT_SCHEMA)} where thread_id = $1 and checkpoint_ns = '' order by checkpoint_id desc limit 1`,
      [threadId],
    );
    const scans: { rows: number; loops: number }[] = [];
    const visit = (node: Record<string, unknown>) => {
      if (node["Relation Name"] === "checkpoint_blobs") scans.push({ rows: node["Actual Rows"] as number, loops: node["Actual Loops"] as number });
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
    };
    visit(rows[0]["QUERY PLAN"][0].Plan);
    // 400 values are stored for the thread; the read touches the latest checkpoint's ten, one probe each.
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.reduce((n, s) => n + s.rows * s.loops, 0)).toBe(channels.length);
  });
});
