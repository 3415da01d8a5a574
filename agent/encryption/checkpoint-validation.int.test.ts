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
import { createCheckpointer, MeasuredPostgresSaver } from "../runtime";

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
    const checkpoint = { v: 4, id: "1f000000-0000-6000-8000-000000000001", ts: new Date().toISOString(), channel_values: { secret: "card 4242" }, channel_versions: { secret: 1 }, versions_seen: {} };
    const next = await saver.put(config, checkpoint, { source: "input", step: -1, parents: {} }, { secret: 1 });
    await saver.putWrites(next, [["secret", "card 4242"]], "task-1");
    const { rows } = await database.pool.query(
      `select type from "${CHECKPOINT_SCHEMA}".checkpoint_blobs where thread_id = 'validation-check' union all select type from "${CHECKPOINT_SCHEMA}".checkpoint_writes where thread_id = 'validation-check'`,
    );
    expect(rows.map((r) => r.type)).toEqual([expect.stringMatching(/^enc:[\w-]+:json$/), expect.stringMatching(/^enc:[\w-]+:json$/)]);
    expect((await saver.getTuple(next))?.checkpoint.channel_values).toEqual({ secret: "card 4242" });
  });
});
