import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase } from "@/db/queries/approvals";
import { idleThreads, pruneThread } from "@/db/queries/retention";
import { claimThread } from "@/db/queries/threads";
import { agentHarness, TENANT } from "@/test/agent-support";
import { callRoute } from "@/test/routes";
import { incidentStepsLost } from "@/scripts/chaos/invariants";
import { SESSION_COOKIE } from "./session-cookie";
import { createSession } from "./session";
import type { Policy } from "@/db/queries/retention";
import { sweepOncePerInterval, sweepRetention } from "./retention";

const h = agentHarness();

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const DAY = 24 * 60 * 60 * 1000;
/** A sweep as if a month had passed: every thread written now is idle. */
const later = () => new Date(Date.now() + 31 * DAY);
const KEEP_LATEST: Policy = { idleDays: 30, mode: "keep_latest", messageDays: 365, nodeEventDays: 90, sessionDays: 30 };

async function fourEyesRefund() {
  const thread = await h.newThread();
  const turn = await h.say(thread, "I don't recognise the Electro Mart payment of 1,249.00");
  if (turn.kind !== "ok") throw new Error("turn failed");
  const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
  await h.decide(approval, "olga");
  await h.decide({ id: approval.id, version: approval.version + 1 }, "sam");
  await h.say(thread, "Thank you");
  return thread;
}

const checkpointIds = async (thread: string) =>
  (await h.db.execute<{ id: string }>(sql`select checkpoint_id as id from langgraph.checkpoints where thread_id = ${thread} order by 1`)).rows.map((r) => r.id);

/** Every row of every table retention may touch, as a fingerprint of the database. */
async function everything() {
  const tables = [
    "langgraph.checkpoints",
    "langgraph.checkpoint_writes",
    "langgraph.checkpoint_blobs",
    "messages",
    "node_events",
    "sessions",
    "threads",
    "retention_marks",
    "job_runs",
    "audit_events",
  ];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await h.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${t}`))).rows[0]!.n);
  return out;
}

/** Channel versions of the thread's checkpoints with no stored blob (LangGraph stores none for empty channels). */
async function missingBlobs(thread: string) {
  const result = await h.db.execute<{ n: number }>(sql`
    select count(*)::int as n from langgraph.checkpoints c, jsonb_each_text(c.checkpoint->'channel_versions') v
     where c.thread_id = ${thread} and not exists (
       select 1 from langgraph.checkpoint_blobs b where b.thread_id = c.thread_id and b.channel = v.key and b.version = v.value)`);
  return result.rows[0]!.n;
}

/** An investigator's call to the incident viewer's API. */
async function asIvan(method: "GET" | "POST", route: string, params: Record<string, string>, body?: unknown) {
  const token = (await createSession(h.db, "user-ivan")).token;
  const res = await callRoute({ method, route, params, cookie: `${SESSION_COOKIE}=${token}`, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

type Step = {
  kind: "checkpoint";
  checkpointId: string;
  parentId: string | null;
  step: number;
  tasks: { node: string; interrupts: unknown[] }[];
  resumes: unknown[];
};

/** Checkpoint steps of the incident viewer's timeline, by id. */
async function timelineCheckpoints(thread: string) {
  const { body } = await asIvan("GET", "/api/incidents/threads/:id/timeline", { id: thread });
  const entries = body.entries as { kind: string }[];
  return new Map(entries.flatMap((e) => (e.kind === "checkpoint" ? [[(e as Step).checkpointId, e as Step] as const] : [])));
}

/** The incident viewer's state and diff of one checkpoint. */
const checkpointView = async (thread: string, checkpointId: string) =>
  (await asIvan("GET", "/api/incidents/threads/:id/checkpoints/:checkpointId", { id: thread, checkpointId })).body;

describe("the retention sweep", () => {
  it("keeps the gate's interrupt, each decision's resume, the refund's steps and pinned ones, and the viewer shows each with its state and diff", async () => {
    const thread = await fourEyesRefund();
    const before = await timelineCheckpoints(thread);
    const gate = [...before.values()].find((c) => c.tasks.some((t) => t.node === "approvalGate" && t.interrupts.length > 0))!;
    expect(gate.resumes).toHaveLength(1);
    const refund = [...before.values()].find((c) => c.tasks.some((t) => t.node === "refund"))!;
    const afterRefund = [...before.values()].find((c) => c.parentId === refund.checkpointId)!;
    const intake = [...before.values()].find((c) => c.tasks.some((t) => t.node === "intake"))!;
    const pinned = await asIvan("POST", "/api/incidents/threads/:id/pins", { id: thread }, { checkpointId: intake.checkpointId, reason: "incident 7" });
    expect(pinned).toMatchObject({ status: 201, body: { pinned: true, pin: { checkpointId: intake.checkpointId, pinnedBy: "ivan" } } });
    expect((await asIvan("POST", "/api/incidents/threads/:id/pins", { id: thread }, { checkpointId: intake.checkpointId, reason: "incident 7" })).status).toBe(
      200,
    );
    const audited = await h.db.execute(sql`select actor from audit_events where action = 'incident.checkpoint_pinned' and subject_id = ${thread}`);
    expect(audited.rows).toEqual([{ actor: "ivan" }]);
    const steps = [gate.checkpointId, refund.checkpointId, afterRefund.checkpointId, intake.checkpointId];
    const views = new Map(await Promise.all(steps.map(async (id) => [id, await checkpointView(thread, id)] as const)));
    const latest = (await h.agent.state(TENANT, thread)).values;
    const missing = await missingBlobs(thread);

    const [report] = await sweepRetention(h.db, { now: later(), defaults: KEEP_LATEST });

    const kept = await checkpointIds(thread);
    expect(report).toMatchObject({ tenantId: TENANT, threads: 1, skipped: 0 });
    expect(report!.checkpoints).toBe(before.size - kept.length);
    expect(kept.length).toBeLessThan(before.size);
    const after = await timelineCheckpoints(thread);
    for (const id of steps) {
      expect(after.get(id), `step ${before.get(id)!.step}`).toEqual(before.get(id));
      const view = await checkpointView(thread, id);
      expect(view).toEqual(views.get(id));
      expect(view).toMatchObject({ parentPruned: false });
      expect(kept).toContain(view.parentId);
      expect((view.diff as { added?: true; removed?: true }[]).some((p) => p.added || p.removed)).toBe(true);
    }
    const head = await checkpointView(thread, kept.at(-1)!);
    expect(head).toMatchObject({ parentPruned: true, diff: [] });
    expect((await h.agent.state(TENANT, thread)).values).toEqual(latest);
    expect(await missingBlobs(thread)).toBe(missing);

    expect(await incidentStepsLost(h.pool)).toBe(0);
    await h.db.execute(sql`delete from langgraph.checkpoint_writes where thread_id = ${thread} and channel in ('__interrupt__', 'branch:to:refund')`);
    expect(await incidentStepsLost(h.pool)).toBe(2);
  });

  it("leaves a pruned thread able to go on, and prunes it again after its next turn", async () => {
    const thread = await fourEyesRefund();
    const views = new Map<string, unknown>();
    for (const c of (await timelineCheckpoints(thread)).values())
      if (c.tasks.some((t) => t.node === "approvalGate" || t.node === "refund")) views.set(c.checkpointId, await checkpointView(thread, c.checkpointId));
    expect(views.size).toBe(2);
    expect((await sweepRetention(h.db, { now: later(), defaults: KEEP_LATEST }))[0]).toMatchObject({ threads: 1 });
    const again = await h.say(thread, "What was that refund again?");
    expect(again.kind).toBe("ok");
    expect((await sweepRetention(h.db, { now: later(), defaults: KEEP_LATEST }))[0]).toMatchObject({ threads: 1 });
    for (const [id, view] of views) expect(await checkpointView(thread, id)).toEqual(view);
  });

  it("keeps a thread under legal hold whole, and prunes it once the hold is released", async () => {
    const thread = await fourEyesRefund();
    const all = await checkpointIds(thread);
    expect((await asIvan("POST", "/api/incidents/threads/:id/legal-hold", { id: thread }, { reason: "litigation" })).status).toBe(201);
    expect((await asIvan("POST", "/api/incidents/threads/:id/legal-hold", { id: thread }, { reason: "again" })).body.code).toBe("conflict:legal_hold");
    expect((await asIvan("GET", "/api/incidents/threads/:id/retention", { id: thread })).body).toMatchObject({
      pins: [],
      hold: { placedBy: "ivan", reason: "litigation", releasedAt: null },
    });
    const held = await sweepRetention(h.db, { now: later(), defaults: { ...KEEP_LATEST, messageDays: 0, nodeEventDays: 0 } });
    expect(held[0]).toMatchObject({ threads: 0, checkpoints: 0, messages: 0, nodeEvents: 0 });
    expect(await checkpointIds(thread)).toEqual(all);
    expect((await asIvan("POST", "/api/incidents/threads/:id/legal-hold/release", { id: thread }, { reason: "settled" })).body).toMatchObject({
      hold: { releasedBy: "ivan" },
    });
    const actions = await h.db.execute<{ action: string }>(
      sql`select action from audit_events where subject_id = ${thread} and action like 'incident.legal_hold%' order by id`,
    );
    expect(actions.rows.map((r) => r.action)).toEqual(["incident.legal_hold_placed", "incident.legal_hold_released"]);
    const released = await sweepRetention(h.db, { now: later(), defaults: KEEP_LATEST });
    expect(released[0]).toMatchObject({ threads: 1 });
    expect((await checkpointIds(thread)).length).toBeLessThan(all.length);
  });

  it("never touches a thread paused at the gate or busy, even if it became busy after it was picked", async () => {
    const paused = await h.newThread();
    const turn = await h.say(paused, "I don't recognise the Electro Mart payment of 1,249.00");
    expect(turn).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    const busy = await h.newThread();
    await h.say(busy, "Hello");
    const racing = await h.newThread();
    await h.say(racing, "Hello");
    expect(await claimThread(h.db, { tenantId: TENANT, threadId: busy, leaseMs: 60_000, owner: "another-instance" })).toBe("idle");
    const before = { paused: await checkpointIds(paused), busy: await checkpointIds(busy), racing: await checkpointIds(racing) };
    const wide = { ...KEEP_LATEST, idleDays: 0, messageDays: 0, nodeEventDays: 0 };

    const picked = await idleThreads(h.db, TENANT, later(), "keep_latest", 100);
    expect(picked.map((t) => t.id)).toEqual([racing]);
    expect(await claimThread(h.db, { tenantId: TENANT, threadId: racing, leaseMs: 60_000, owner: "another-instance" })).toBe("idle");
    expect(await pruneThread(h.db, racing, "keep_latest", picked[0]!.lastActive)).toBeNull();
    const [report] = await sweepRetention(h.db, { now: later(), defaults: wide });

    expect(report).toMatchObject({ threads: 0, checkpoints: 0, messages: 0, nodeEvents: 0 });
    expect({ paused: await checkpointIds(paused), busy: await checkpointIds(busy), racing: await checkpointIds(racing) }).toEqual(before);
  });

  it("under `delete`, drops every checkpoint of a thread with nothing to keep, and the conversation goes on", async () => {
    const plain = await h.newThread();
    await h.say(plain, "Hello");
    const refunded = await fourEyesRefund();
    const [report] = await sweepRetention(h.db, { now: later(), defaults: { ...KEEP_LATEST, mode: "delete" } });
    expect(report).toMatchObject({ threads: 2 });
    expect(await checkpointIds(plain)).toEqual([]);
    expect((await h.db.execute(sql`select 1 from langgraph.checkpoint_blobs where thread_id = ${plain}`)).rows).toEqual([]);
    const kept = await timelineCheckpoints(refunded);
    expect([...kept.values()].some((c) => c.tasks.some((t) => t.node === "approvalGate" && t.interrupts.length > 0))).toBe(true);
    expect([...kept.values()].some((c) => c.tasks.some((t) => t.node === "refund"))).toBe(true);
    expect(await h.say(plain, "Hello again")).toMatchObject({ kind: "ok", status: "idle" });
  });

  it("lists what would go in a dry run and changes nothing; the sweep then removes exactly that", async () => {
    await fourEyesRefund();
    const plain = await h.newThread();
    await h.say(plain, "Hello");
    const policy = { ...KEEP_LATEST, messageDays: 30, nodeEventDays: 30 };
    const before = await everything();
    const dry = await sweepRetention(h.db, { now: later(), dryRun: true, defaults: policy });
    expect(await everything()).toEqual(before);
    expect(dry[0]!.checkpoints).toBeGreaterThan(0);
    expect(dry[0]!.messages).toBeGreaterThan(0);
    expect(dry[0]!.nodeEvents).toBeGreaterThan(0);
    expect(dry[0]!.bytes).toBeGreaterThan(0);
    const wet = await sweepRetention(h.db, { now: later(), defaults: policy });
    expect(wet).toEqual(dry);
    const afterSweep = await everything();
    expect(afterSweep["langgraph.checkpoints"]).toBe(before["langgraph.checkpoints"]! - dry[0]!.checkpoints);
    expect(afterSweep.messages).toBe(before.messages! - dry[0]!.messages);
    const ledgerCalls = await h.db.execute<{ n: number }>(sql`select count(*)::int as n from node_events where system = 'ledger'`);
    expect(ledgerCalls.rows[0]!.n).toBe(1);
  });

  it("runs exactly once per interval across two instances", async () => {
    await h.say(await h.newThread(), "Hello");
    const at = later();
    const intervalMs = 60 * 60 * 1000;
    const runs = await Promise.all([
      sweepOncePerInterval(h.db, { now: at, instance: "instance-a", intervalMs }),
      sweepOncePerInterval(h.db, { now: at, instance: "instance-b", intervalMs }),
    ]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(await sweepOncePerInterval(h.db, { now: new Date(at.getTime() + 1000), instance: "instance-a", intervalMs })).toBeNull();
    expect(await sweepOncePerInterval(h.db, { now: new Date(at.getTime() + intervalMs), instance: "instance-b", intervalMs })).not.toBeNull();
    const recorded = await h.db.execute<{ n: number }>(sql`select count(*)::int as n from job_runs where job = 'retention' and finished_at is not null`);
    expect(recorded.rows[0]!.n).toBe(2);
  });
});
