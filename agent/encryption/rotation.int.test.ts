import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase, getApprovalById } from "@/db/queries/approvals";
import { insertTaskWrites } from "@/db/queries/checkpoints";
import { rewriteWrites, writesNotUnder } from "@/db/queries/key-rotation";
import { recordNodeEvent } from "@/db/queries/node-events";
import { createThread } from "@/db/queries/threads";
import { CHECKPOINT_SCHEMA } from "@/db/migrate";
import { LEGACY_THREAD_ID, loadLegacyThread } from "@/db/legacy-thread";
import { decideAndCarryOut, FAST_SETTINGS, TENANT } from "@/test/agent-support";
import { runScript } from "@/test/run-script";
import { testDatabase } from "@/simulator/test-support";
import { createAgent, type Agent } from "..";
import { EncryptingSerializer, keyRingFrom, type KeyRing } from "./";
import { rotateKeys } from "./rotate";

const database = testDatabase();
const key = (byte: number) => Buffer.alloc(32, byte).toString("base64");
const ringA = keyRingFrom(`a:${key(11)}`, undefined);
const ringAB = keyRingFrom(`a:${key(11)},b:${key(12)}`, "b");
const ringB = keyRingFrom(`b:${key(12)}`, undefined);

const agents: Agent[] = [];
function agentWith(keys: KeyRing): Agent {
  const agent = createAgent({ db: database.db, pool: database.pool, keys, deps: { settings: FAST_SETTINGS } });
  agents.push(agent);
  return agent;
}

beforeEach(() => database.freshStart());
afterAll(async () => {
  await Promise.all(agents.map((a) => a.close()));
  await database.pool.end();
});

const ask = (agent: Agent, threadId: string, text: string) =>
  agent.sendMessage({ tenantId: TENANT, threadId, customerId: "cust-alice", text, actor: "cust-alice" });

/** Rows holding these bytes anywhere in a value, for a thread: what someone reading the tables sees. */
async function clearMentions(threadId: string, words: string) {
  const { rows } = await database.pool.query<{ n: number }>(
    `select ((select count(*) from langgraph.checkpoint_blobs where thread_id = $1 and position(convert_to($2, 'UTF8') in blob) > 0)
           + (select count(*) from langgraph.checkpoint_writes where thread_id = $1 and position(convert_to($2, 'UTF8') in blob) > 0)
           + (select count(*) from node_events where thread_id = $1 and (request::text like '%' || $2 || '%' or response::text like '%' || $2 || '%')))::int as n`,
    [threadId, words],
  );
  return rows[0]!.n;
}

/** Alice's Electro Mart payment, under key A: first approved by olga, waiting for sam's second approval. */
async function pausedUnderA() {
  const agent = agentWith(ringA);
  const thread = (await createThread(database.db, TENANT, "cust-alice")).id;
  const turn = await ask(agent, thread, "I don't recognise the Electro Mart payment of 1,249.00");
  if (turn.kind !== "ok") throw new Error(`turn ${turn.kind}`);
  const approval = (await getApprovalByCase(database.db, TENANT, turn.caseId!))!;
  const first = await agent.decide({
    tenantId: TENANT,
    approvalId: approval.id,
    version: approval.version,
    decision: "approved",
    reason: "checked",
    actor: "olga",
    role: "operator",
  });
  if (first.kind !== "ok") throw new Error(`decision ${first.kind}`);
  return { agent, thread, approvalId: approval.id, version: first.version };
}

describe("encryption at rest", () => {
  it("keeps the customer's words, card digits and the bank systems' answers out of the stored rows", async () => {
    const { thread } = await pausedUnderA();
    expect(await clearMentions(thread, "Electro Mart")).toBe(0);
    expect(await clearMentions(thread, "cust-alice")).toBe(0);
    const { rows } = await database.pool.query<{ type: string; blob: string | null }>(
      `select distinct type, case when type = 'json' then convert_from(blob, 'UTF8') end as blob from langgraph.checkpoint_blobs where thread_id = $1 and blob is not null
       union select distinct type, case when type = 'json' then convert_from(blob, 'UTF8') end from langgraph.checkpoint_writes where thread_id = $1 order by 1, 2`,
      [thread],
    );
    // Empty values are stored in clear (there is nothing in them to hide); every other is sealed.
    expect(rows).toEqual([{ type: "enc:a:json", blob: null }, ...['""', "[]", "null", "{}"].map((blob) => ({ type: "json", blob }))]);
  });

  it("seals each value once: a checkpoint's value is stored as the task write it came from, and no two conversations share a ciphertext", async () => {
    const agent = agentWith(ringA);
    const threads = [(await createThread(database.db, TENANT, "cust-alice")).id, (await createThread(database.db, TENANT, "cust-alice")).id];
    for (const thread of threads) for (let i = 0; i < 2; i++) expect(await ask(agent, thread, "what are my card limits")).toMatchObject({ kind: "ok" });
    const { rows } = await database.pool.query<{ threads: number; blobs: number; writes: number }>(
      `with sealed as (
         select 'blob' as kind, thread_id, blob from langgraph.checkpoint_blobs where thread_id = any($1) and type like 'enc:%'
         union all select 'write', thread_id, blob from langgraph.checkpoint_writes where thread_id = any($1) and type like 'enc:%')
       select count(distinct thread_id)::int as threads, (count(*) filter (where kind = 'blob'))::int as blobs, (count(*) filter (where kind = 'write'))::int as writes
       from sealed group by blob`,
      [threads],
    );
    expect(rows.every((r) => r.threads === 1 && r.blobs <= 1 && r.writes <= 1)).toBe(true);
    // Per turn: the run's input fields, what intake understood, the answer and the window of recent turns.
    expect(rows.filter((r) => r.blobs === 1 && r.writes === 1).length).toBeGreaterThanOrEqual(threads.length * 2 * 8);
    for (const thread of threads) {
      const { values } = await agentWith(ringA).state(TENANT, thread);
      expect(values).toMatchObject({
        customerId: "cust-alice",
        input: "what are my card limits",
        intent: "limits",
        answer: expect.stringContaining("card limits"),
      });
      expect(values.recent).toHaveLength(4);
    }
  });
});

describe("npm run keys:rotate", () => {
  it("moves rows under key A and clear rows to key B; with A removed the thread loads, resumes and its timeline reads", async () => {
    const paused = await pausedUnderA();
    const before = (await paused.agent.state(TENANT, paused.thread)).values;
    await loadLegacyThread(database.db, TENANT, "cust-alice");
    await recordNodeEvent(database.db, {
      tenantId: TENANT,
      threadId: paused.thread,
      node: "checkSystem",
      system: "history",
      outcome: "ok",
      latencyMs: 3,
      request: { recordedBefore: "encryption" },
      response: { openCases: 0 },
    });

    const dry = await rotateKeys(database.pool, ringAB, { dryRun: true });
    expect(dry.after).toBeNull();
    expect(Object.keys(dry.before.checkpoint_blobs).sort()).toEqual(["a", "clear", "empty"]);
    expect(Object.keys(dry.before.node_events).sort()).toEqual(["a", "clear"]);
    expect(await rotateKeys(database.pool, ringAB, { dryRun: true })).toEqual(dry);

    const batches: number[] = [];
    const report = await rotateKeys(database.pool, ringAB, { batchSize: 7, onBatch: (_table, n) => batches.push(n) });
    expect(Math.max(...batches)).toBeLessThanOrEqual(7);
    expect(report.rotated.every((r) => r.rewritten > 0 && r.changedMeanwhile === 0)).toBe(true);
    expect(report.after).toEqual({
      checkpoint_blobs: { b: dry.before.checkpoint_blobs.a! + dry.before.checkpoint_blobs.clear!, empty: dry.before.checkpoint_blobs.empty },
      checkpoint_writes: {
        b: Object.values(dry.before.checkpoint_writes).reduce((s, n) => s + n, 0) - dry.before.checkpoint_writes.empty!,
        empty: dry.before.checkpoint_writes.empty,
      },
      node_events: { b: dry.before.node_events.a! + dry.before.node_events.clear! },
    });
    expect((await rotateKeys(database.pool, ringAB)).rotated.map((r) => r.rewritten)).toEqual([0, 0, 0]);

    await expect(agentWith(ringA).state(TENANT, paused.thread)).rejects.toThrow(
      'checkpoint value is encrypted under key "b", which is not among the read keys (a)',
    );

    const onlyB = agentWith(ringB);
    expect((await onlyB.state(TENANT, paused.thread)).values).toEqual(before);
    expect((await onlyB.state(TENANT, LEGACY_THREAD_ID)).values).toMatchObject({ customerId: "cust-alice" });
    // Only the instance holding key B takes the job queue's work, so it is the one that resumes the thread.
    await onlyB.work();
    const second = await decideAndCarryOut(onlyB, { id: paused.approvalId, version: paused.version }, { actor: "sam", role: "supervisor", reason: "checked" });
    expect(second).toMatchObject({ kind: "ok", status: "approved" });
    expect((await getApprovalById(database.db, TENANT, paused.approvalId))!.status).toBe("executed");
    expect((await onlyB.state(TENANT, paused.thread)).values).toMatchObject({ refundOutcome: { status: "executed" } });

    const timeline = await onlyB.incidents.timeline(TENANT, paused.thread);
    expect(timeline.filter((e) => e.kind === "ledger_call")).toEqual([
      expect.objectContaining({ outcome: "ok", response: expect.objectContaining({ entryId: expect.any(String) }) }),
    ]);
    const systems = timeline.filter((e) => e.kind === "node_event" && e.system).map((e) => (e as { system: string }).system);
    expect(systems.sort()).toEqual(["antifraud", "history", "history", "limits"]);
    const checkpoint = timeline.find((e) => e.kind === "checkpoint" && e.tasks.some((t) => t.node === "checkSystem"));
    expect(JSON.stringify(checkpoint)).toContain("antifraud");
  });

  it("never overwrites a special task write the app upserted after the rotation read it", async () => {
    const { thread } = await pausedUnderA();
    const stale = (await writesNotUnder(database.pool, "enc:b:", null, 1000)).find((w) => w.threadId === thread && w.idx < 0)!;
    expect(stale).toBeDefined();
    const [appType, appBlob] = await new EncryptingSerializer(ringA).dumpsTyped({ resumedMeanwhile: true });
    expect(appType).toBe(stale.type);
    const {
      rows: [{ channel }],
    } = await database.pool.query("select channel from langgraph.checkpoint_writes where thread_id = $1 and task_id = $2 and idx = $3", [
      thread,
      stale.taskId,
      stale.idx,
    ]);
    await insertTaskWrites(database.pool, CHECKPOINT_SCHEMA, {
      threadId: thread,
      ns: stale.ns,
      checkpointId: stale.checkpointId,
      taskId: stale.taskId,
      writes: [{ idx: stale.idx, channel, type: appType, blob: appBlob }],
      replace: true,
    });

    const [newType, newBlob] = new EncryptingSerializer(ringAB).reseal(stale.type, stale.blob);
    expect(await rewriteWrites(database.pool, [{ ...stale, newType, newBlob }])).toBe(0);
    const { rows } = await database.pool.query("select type, blob from langgraph.checkpoint_writes where thread_id = $1 and task_id = $2 and idx = $3", [
      thread,
      stale.taskId,
      stale.idx,
    ]);
    expect(rows[0].type).toBe(appType);
    expect(Buffer.from(rows[0].blob).equals(Buffer.from(appBlob))).toBe(true);
  });

  it("as a command: counts with --dry-run, rotates, says what it did, and names a key it lacks", async () => {
    await pausedUnderA();
    const env = (keys: string, write?: string) => ({
      DATABASE_URL: process.env.DATABASE_OWNER_URL,
      LOG_LEVEL: "silent",
      ENCRYPTION_KEYS: keys,
      ENCRYPTION_WRITE_KEY: write,
    });
    const dry = await runScript("scripts/keys-rotate.ts", ["--dry-run"], { env: env(`a:${key(11)},b:${key(12)}`, "b") });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/checkpoint_blobs: \d+ under key "a"/);
    expect(dry.stdout).toContain("dry run: nothing rewritten");

    const lacking = await runScript("scripts/keys-rotate.ts", [], { env: env(`b:${key(12)}`) });
    expect(lacking.code).toBe(1);
    expect(lacking.stderr.trim()).toMatch(
      /^\[keys:rotate\] checkpoint value is encrypted under key "a", which is not among the read keys \(b\): add key "a" to ENCRYPTION_KEYS to read it$/,
    );

    const asApp = await runScript("scripts/keys-rotate.ts", [], { env: { ...env(`a:${key(11)},b:${key(12)}`, "b"), DATABASE_URL: process.env.DATABASE_URL } });
    expect(asApp.code).toBe(1);
    expect(asApp.stderr).toContain("run keys:rotate as the database's owner");

    const run = await runScript("scripts/keys-rotate.ts", ["--batch", "5"], { env: env(`a:${key(11)},b:${key(12)}`, "b") });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/checkpoint_blobs: \d+ re-encrypted/);
    const empty = String.raw`\d+ empty \(null, "", \[\] or \{\}\), in clear`;
    expect(run.stdout).toMatch(
      new RegExp(
        String.raw`stored values after:\n  checkpoint_blobs: \d+ under key "b", ${empty}\n  checkpoint_writes: \d+ under key "b", ${empty}\n  node_events: \d+ under key "b"\n`,
      ),
    );
  });
});
