import { spawn } from "node:child_process";
import { connect, createServer, type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { appendMessage, claimThread, listMessagesByThread } from "../../db/queries/threads";
import { agentHarness, call, FAST_SETTINGS, setFault, TENANT, until } from "../../test/agent-support";
import { buildGraph } from "../graph/graph";
import { createAgent } from "../index";
import { createCheckpointer } from "./checkpointer";
import { approvalInput } from "../graph/nodes/approval-input";
import { STATE_SCHEMA_VERSION, type AgentStateType } from "../graph/state";
import { createInstance } from "./instance";
import { withTenant } from "../../db/tenant-context";

const h = agentHarness();
const newInstance = () => createAgent({ db: h.db, pool: h.pool, deps: { settings: FAST_SETTINGS } });

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const count = async (q: ReturnType<typeof sql>) => Number((await h.db.execute<{ n: number }>(q)).rows[0]!.n);

describe("recovery on start", () => {
  it("finishes a run cut off by a killed process once, with two instances recovering together", async () => {
    await setFault({ system: "antifraud", hang: true });
    const thread = await h.newThread();
    const worker = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "test/agent-worker.ts",
        JSON.stringify({ op: "say", threadId: thread, customerId: "cust-alice", text: "I was charged twice at Coffee Corner" }),
      ],
      { env: process.env, stdio: "ignore" },
    );
    // Three writes to `checks`: intake's reset of the turn's checks, then limits and history.
    await until(
      "limits and history to be saved",
      async () => (await count(sql`select count(*)::int as n from langgraph.checkpoint_writes where thread_id = ${thread} and channel = 'checks'`)) >= 3,
    );
    const exited = new Promise((r) => worker.once("exit", r));
    worker.kill("SIGKILL");
    await exited;
    await call("/_admin/faults", { method: "DELETE" });

    const [b, c] = [newInstance(), newInstance()];
    const recovered: string[] = [];
    await until("the dead process's lock to be released and the run recovered", async () => {
      const results = await Promise.all([b.recoverStuckRuns(), c.recoverStuckRuns()]);
      recovered.push(...results.flatMap((r) => r.threads));
      return recovered.length > 0;
    });
    expect(recovered).toEqual([thread]);
    expect((await Promise.all([b.recoverStuckRuns(), c.recoverStuckRuns()])).flatMap((r) => r.threads)).toEqual([]);
    const answered = await h.db.execute<{ system: string; n: number }>(
      sql`select system, count(*)::int as n from node_events where thread_id = ${thread} and outcome = 'ok' and system is not null group by system order by system`,
    );
    expect(Object.fromEntries(answered.rows.map((r) => [r.system, r.n]))).toEqual({ antifraud: 1, history: 1, ledger: 1, limits: 1 });
    expect(await h.ledgerRows()).toHaveLength(1);
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "agent"]);
    expect(transcript[1]!.text).toMatch(/refunded/i);
    await Promise.all([b.close(), c.close()]);
  });

  it("answers a customer message whose run never started before the instance died", async () => {
    const thread = await h.newThread();
    const dead = createInstance(process.env.DATABASE_URL!);
    await dead.ready();
    await claimThread(h.db, { tenantId: TENANT, threadId: thread, leaseMs: 120_000, owner: dead.id });
    await appendMessage(h.db, { tenantId: TENANT, threadId: thread, role: "customer", text: "what are my card limits" });
    const alive = newInstance();
    expect((await alive.recoverStuckRuns()).threads).toEqual([]);
    await dead.close();
    expect((await alive.recoverStuckRuns()).threads).toEqual([thread]);
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "agent"]);
    expect(transcript[1]!.text).toMatch(/daily limit/);
    await alive.close();
  });
});

describe("recovery of queued messages", () => {
  it("answers a queued message whose run was cut off after the message ahead of it was answered", async () => {
    await setFault({ system: "limits", latencyMs: 400 });
    const thread = await h.newThread();
    const job = { op: "say", threadId: thread, customerId: "cust-alice", text: "what are my card limits" };
    const worker = spawn(process.execPath, ["--import", "tsx", "test/agent-worker.ts", JSON.stringify(job)], { env: process.env, stdio: "ignore" });
    await until("the limits check to start", async () => (await h.calls()).limits === 1);
    const b = newInstance();
    expect(
      await b.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: "I was charged twice at Coffee Corner", actor: "alice" }),
    ).toEqual({ kind: "queued" });
    await setFault({ system: "antifraud", hang: true });
    await until("the queued message's checks to start", async () => (await h.calls()).antifraud === 1);
    const exited = new Promise((r) => worker.once("exit", r));
    worker.kill("SIGKILL");
    await exited;
    await call("/_admin/faults", { method: "DELETE" });

    await until("the cut-off run to be recovered", async () => (await b.recoverStuckRuns()).threads.length > 0);
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => [m.role, m.answeredAt !== null])).toEqual([
      ["customer", true],
      ["customer", true],
      ["agent", false],
      ["agent", false],
    ]);
    expect(transcript[2]!.text).toMatch(/daily limit/);
    expect(transcript[3]!.text).toMatch(/refunded/);
    expect(await h.ledgerRows()).toHaveLength(1);
    await b.close();
  });
});

describe("a new message after a cut-off run", () => {
  it("never discards what the cut-off run left pending: the refund it had decided is paid first", async () => {
    const thread = await h.newThread();
    const config = { configurable: { thread_id: thread } };
    const halted = buildGraph(h.agent.deps, createCheckpointer(h.pool), { interruptBefore: ["refund"] });
    const claim = { schemaVersion: STATE_SCHEMA_VERSION, tenantId: TENANT, customerId: "cust-alice", input: "I was charged twice at Coffee Corner" };
    await halted.invoke(claim, { ...config, durability: "sync", recursionLimit: FAST_SETTINGS.recursionLimit });
    expect((await halted.getState(config)).next).toEqual(["refund"]);
    expect(await h.ledgerRows()).toHaveLength(0);

    expect(await h.say(thread, "what are my card limits")).toMatchObject({ kind: "ok", status: "idle", reply: expect.stringMatching(/daily limit/) });
    expect(await h.ledgerRows()).toHaveLength(1);
    const approval = (await h.db.execute<{ status: string }>(sql`select status from approvals where thread_id = ${thread}`)).rows;
    expect(approval).toEqual([{ status: "executed" }]);
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "agent", "agent"]);
    expect(transcript[1]!.text).toMatch(/refunded the Coffee Corner payment/);
    expect(transcript[0]!.answeredAt).not.toBeNull();
  });
});

describe("a superstep whose tasks all wrote but whose checkpoint was never saved", () => {
  it("is finished, not dropped, by the next message: LangGraph leaves it out of `next`, and the decided refund is still paid", async () => {
    const thread = await h.newThread();
    const config = { configurable: { thread_id: thread } };
    const checkpointer = createCheckpointer(h.pool);
    const halted = buildGraph(h.agent.deps, checkpointer, { interruptBefore: ["approvalGate"] });
    const claim = {
      schemaVersion: STATE_SCHEMA_VERSION,
      tenantId: TENANT,
      customerId: "cust-alice",
      input: "City Parking charged me 38 euros while I was abroad",
    };
    await halted.invoke(claim, { ...config, durability: "sync", recursionLimit: FAST_SETTINGS.recursionLimit });
    const atGate = await halted.getState(config);
    expect(atGate.next).toEqual(["approvalGate"]);
    // The gate ran and wrote (a decided approval, the edge to the refund), then the process died before the superstep's checkpoint.
    const state = atGate.values as AgentStateType;
    const input = approvalInput(h.agent.deps, await h.agent.deps.policies.forTenant(TENANT), state, thread, "approved before the crash");
    const { approval } = await withTenant(TENANT, async () =>
      h.agent.deps.store.recordPolicyApproval({ ...input, customerId: "cust-alice", refundsSince: input.createdAt }, () => ({
        outcome: "auto_approve",
        reason: "approved before the crash",
      })),
    );
    await checkpointer.putWrites(
      atGate.config,
      [
        ["approval", approval],
        ["branch:to:refund", null],
      ],
      atGate.tasks[0]!.id,
    );
    const cut = await halted.getState(config);
    expect(cut.next).toEqual([]);
    expect(cut.tasks).toHaveLength(1);

    expect(await h.say(thread, "what are my card limits")).toMatchObject({ kind: "ok", reply: expect.stringMatching(/daily limit/) });
    expect(await h.ledgerRows()).toHaveLength(1);
    expect((await h.db.execute<{ status: string }>(sql`select status from approvals where thread_id = ${thread}`)).rows).toEqual([{ status: "executed" }]);
  });
});

describe("drain", () => {
  it("on SIGTERM a real process stops at a superstep boundary and exits; the next instance finishes the turn", async () => {
    await setFault({ system: "limits", latencyMs: 400 });
    const thread = await h.newThread();
    const worker = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "test/agent-worker.ts",
        JSON.stringify({ op: "say", threadId: thread, customerId: "cust-alice", text: "I was charged twice at Coffee Corner" }),
      ],
      { env: process.env, stdio: "ignore" },
    );
    await until("the checks to start", async () => (await h.calls()).limits === 1);
    const started = Date.now();
    const exited = new Promise<number | null>((r) => worker.once("exit", (code) => r(code)));
    worker.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await h.ledgerRows()).toHaveLength(0);
    const b = newInstance();
    await until("the drained run to be recovered", async () => (await b.recoverStuckRuns()).threads.length > 0);
    expect(await h.calls()).toMatchObject({ limits: 1, history: 1, antifraud: 1, ledger: 1 });
    expect((await listMessagesByThread(h.db, TENANT, thread)).map((m) => m.role)).toEqual(["customer", "agent"]);
    await b.close();
  });

  it("stops a running graph at a superstep boundary, keeps the message, and another instance finishes it", async () => {
    await setFault({ system: "limits", latencyMs: 400 });
    const a = newInstance();
    const thread = await h.newThread();
    const turn = a.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: "I was charged twice at Coffee Corner", actor: "alice" });
    await until("the checks to start", async () => (await h.calls()).limits === 1);
    const drained = await a.drain(5_000);
    expect(drained).toEqual({ drained: 1, stillRunning: 0 });
    expect(await turn).toEqual({ kind: "draining", saved: true });
    expect(await a.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: "hello?", actor: "alice" })).toEqual({
      kind: "draining",
      saved: false,
    });
    expect(await h.ledgerRows()).toHaveLength(0);
    await a.close();

    const b = newInstance();
    expect((await b.recoverStuckRuns()).threads).toEqual([thread]);
    expect(await h.calls()).toMatchObject({ limits: 1, history: 1, antifraud: 1, ledger: 1 });
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "agent"]);
    await b.close();
  });

  it("on SIGTERM with its database unreachable, a real server process still exits once the drain timeout and a grace period are over", async () => {
    await setFault({ system: "limits", latencyMs: 400 });
    const thread = await h.newThread();
    // The worker reaches Postgres through a relay that the test turns into a black hole: a network that drops
    // everything, so the drain's and the liveness lock's statements never get an answer.
    const database = new URL(process.env.DATABASE_URL!);
    let dropping = false;
    const relay = createServer((client) => {
      if (dropping) return;
      const upstream = connect(Number(database.port), database.hostname);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        from.on("data", (chunk) => void (dropping || to.write(chunk)));
        from.on("error", () => to.destroy());
      }
    });
    await new Promise<void>((r) => relay.listen(0, "127.0.0.1", r));
    const relayed = new URL(database);
    relayed.hostname = "127.0.0.1";
    relayed.port = String((relay.address() as AddressInfo).port);
    const job = { op: "say", threadId: thread, customerId: "cust-alice", text: "I was charged twice at Coffee Corner", asServer: true };
    const worker = spawn(process.execPath, ["--import", "tsx", "test/agent-worker.ts", JSON.stringify(job)], {
      env: { ...process.env, DATABASE_URL: relayed.toString() },
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((r) => worker.once("exit", (code) => r(code)));
    try {
      await until("the checks to start", async () => (await h.calls()).limits === 1);
      dropping = true;
      const started = Date.now();
      worker.kill("SIGTERM");
      const code = await Promise.race([exited, new Promise<"still running">((r) => setTimeout(() => r("still running"), 25_000))]);
      expect(code).toBe(1);
      // The worker drains for at most 5 s and closes for at most 5 s more.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(await h.ledgerRows()).toHaveLength(0);
    } finally {
      worker.kill("SIGKILL");
      relay.close();
    }
  });
});
