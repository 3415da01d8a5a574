import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgent } from "../agent";
import { createBankClients } from "../agent/clients/bank";
import { getApprovalByCase } from "../db/queries/approvals";
import { createThread } from "../db/queries/threads";
import { bankSystemsEnv } from "../simulator/server";
import { testDatabase } from "../simulator/test-support";
import { FAST_SETTINGS, TENANT } from "../test/agent-support";
import { until } from "../test/wait-for";
import { startTracing, type Tracing } from "./tracing";

/** A span as an OTLP/HTTP JSON export carries it (ids in hex). */
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
};
type Received = OtlpSpan & { service: string };

const root = path.resolve(import.meta.dirname, "..");
const TEXT = "I was charged twice at Coffee Corner";

/** A collector that keeps what OTLP/HTTP JSON exports post to /v1/traces. */
function startCollector(): Promise<{ server: Server; url: string; spans: Received[]; paths: string[] }> {
  const spans: Received[] = [];
  const paths: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      paths.push(req.url ?? "");
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        resourceSpans: { resource: { attributes: OtlpSpan["attributes"] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const rs of body.resourceSpans) {
        const service = String(rs.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue);
        for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ ...span, service });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, paths })),
  );
}

/** The simulator in its own process, as `npm start` runs it, exporting its spans to `collector`. */
function startSimulatorProcess(collector: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["simulator/main.ts"], {
    cwd: root,
    // The bank's systems, on their own tables: as the owner, as npm start runs them.
    env: {
      ...process.env,
      DATABASE_URL: process.env.DATABASE_OWNER_URL,
      SIMULATOR_PORT: "0",
      OTEL_EXPORTER_OTLP_ENDPOINT: collector,
      OTEL_SERVICE_NAME: "bank-simulator",
      OTEL_BSP_SCHEDULE_DELAY: "50",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /simulator listening on (\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`simulator exited (${code})`)));
  });
}

const database = testDatabase();
const memory = new InMemorySpanExporter();
let tracing: Tracing | undefined;
let collector: Awaited<ReturnType<typeof startCollector>>;
let simulator: Awaited<ReturnType<typeof startSimulatorProcess>>;
let agent: ReturnType<typeof createAgent>;

beforeAll(async () => {
  collector = await startCollector();
  simulator = await startSimulatorProcess(collector.url);
  tracing = startTracing({ serviceName: "bank-support-agent", spanProcessors: [new SimpleSpanProcessor(memory)] });
  const urls = bankSystemsEnv(simulator.url);
  const bank = createBankClients({
    limits: urls.LIMITS_URL,
    history: urls.HISTORY_URL,
    antifraud: urls.ANTIFRAUD_URL,
    ledger: urls.LEDGER_URL,
    cards: urls.CARDS_URL,
  });
  agent = createAgent({ db: database.db, pool: database.pool, deps: { settings: FAST_SETTINGS, bank } });
  await agent.work();
});

beforeEach(async () => {
  await database.freshStart();
  const reset = await fetch(`${simulator.url}/_admin/reset`, { method: "POST" });
  if (reset.status !== 200) throw new Error(`simulator reset answered ${reset.status}`);
  memory.reset();
});

afterAll(async () => {
  await tracing?.shutdown();
  await agent?.close();
  if (simulator && simulator.child.exitCode === null) {
    const exited = new Promise((resolve) => simulator.child.once("exit", resolve));
    simulator.child.kill("SIGTERM");
    await exited;
  }
  collector?.server.close();
  await database.pool.end();
});

const attr = (span: ReadableSpan, key: string) => span.attributes[key];
const otlpAttr = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe("the trace of a refund turn", () => {
  it("is one tree: turn, run, supersteps, nodes, checkpoint writes and bank calls, continued by the simulator", async () => {
    const thread = (await createThread(database.db, TENANT, "cust-alice")).id;
    const turn = await agent.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: TEXT, actor: "cust-alice" });
    expect(turn).toMatchObject({ kind: "ok", status: "idle" });
    if (turn.kind !== "ok") return;

    const spans = memory.getFinishedSpans();
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const named = (name: string) => spans.filter((s) => s.name === name);
    const parent = (span: ReadableSpan) => byId.get(parentOf(span) ?? "");

    // One turn, the root of everything the agent did for the message.
    const turns = named("agent.turn");
    expect(turns).toHaveLength(1);
    const [turnSpan] = turns;
    const traceId = turnSpan.spanContext().traceId;
    expect(parentOf(turnSpan)).toBeUndefined();
    expect(turnSpan.attributes).toMatchObject({
      "agent.tenant": TENANT,
      "agent.thread_id": thread,
      "agent.intent": "refund",
      "agent.status": "idle",
      "agent.case_id": turn.caseId,
    });
    expect(spans.every((s) => s.spanContext().traceId === traceId)).toBe(true);
    expect(spans.every((s) => s === turnSpan || byId.has(parentOf(s) ?? ""))).toBe(true);

    // The graph run under it, and its supersteps under the run.
    const [runSpan, ...moreRuns] = named("agent.run");
    expect(moreRuns).toHaveLength(0);
    expect(parent(runSpan)).toBe(turnSpan);
    const steps = named("agent.step");
    expect(steps.length).toBeGreaterThanOrEqual(5);
    for (const step of steps) expect(parent(step)).toBe(runSpan);
    const stepNumbers = steps.map((s) => attr(s, "langgraph.step"));
    expect(new Set(stepNumbers).size).toBe(steps.length);

    // Each node attempt under the superstep that ran it.
    const nodes = spans.filter((s) => attr(s, "langgraph.node") !== undefined && !s.name.startsWith("checkpoint."));
    const nodeNames = nodes.map((s) => s.name).sort();
    expect(nodeNames).toEqual(["checkSystem", "checkSystem", "checkSystem", "intake", "refund", "reply", "triage"]);
    for (const node of nodes) {
      expect(parent(node)?.name).toBe("agent.step");
      expect(attr(parent(node)!, "langgraph.step")).toBe(attr(node, "langgraph.step"));
      expect(node.attributes).toMatchObject({ "agent.attempt": 1, "agent.outcome": "ok" });
    }
    const checks = nodes.filter((s) => s.name === "checkSystem");
    expect(checks.map((s) => attr(s, "bank.system")).sort()).toEqual(["antifraud", "history", "limits"]);
    expect(new Set(checks.map((s) => parentOf(s))).size).toBe(1);
    const stepOf = (name: string) =>
      attr(
        nodes.find((s) => s.name === name)!,
        "langgraph.step",
      ) as number;
    expect(stepOf("intake")).toBeLessThan(stepOf("checkSystem"));
    expect(stepOf("checkSystem")).toBeLessThan(stepOf("triage"));
    expect(stepOf("triage")).toBeLessThan(stepOf("refund"));
    expect(stepOf("refund")).toBeLessThan(stepOf("reply"));

    // Checkpoint writes under the superstep that wrote them: one checkpoint closes each
    // superstep, and each node's writes link to that node's attempt.
    const puts = named("checkpoint.put");
    expect(puts).toHaveLength(steps.length);
    for (const put of puts) {
      expect(parent(put)?.name).toBe("agent.step");
      expect(attr(parent(put)!, "langgraph.step")).toBe(attr(put, "langgraph.step"));
    }
    const writes = named("checkpoint.put_writes");
    for (const write of writes) {
      expect(parent(write)?.name).toBe("agent.step");
      expect(attr(parent(write)!, "langgraph.step")).toBe(attr(write, "langgraph.step"));
    }
    for (const node of nodes) {
      const saved = writes.filter((w) => w.links.some((l) => l.context.spanId === node.spanContext().spanId));
      expect(saved, `${node.name}'s writes`).toHaveLength(1);
      expect(attr(saved[0], "langgraph.node")).toBe(node.name);
      expect(parentOf(saved[0])).toBe(parentOf(node));
    }

    // The bank calls under the nodes that made them.
    const calls = spans.filter((s) => s.kind === SpanKind.CLIENT);
    expect(calls.map((s) => s.name).sort()).toEqual(["bank.antifraud", "bank.history", "bank.ledger", "bank.limits"]);
    for (const call of calls) {
      const node = parent(call)!;
      expect(call.attributes).toMatchObject({ "http.response.status_code": call.name === "bank.ledger" ? 201 : 200, "bank.outcome": "ok" });
      if (call.name === "bank.ledger") expect(node.name).toBe("refund");
      else expect(node).toMatchObject({ name: "checkSystem", attributes: expect.objectContaining({ "bank.system": attr(call, "bank.system") }) });
    }

    // The simulator, in its own process, continued the trace from each call's traceparent.
    await until("the simulator's spans", () => collector.spans.filter((s) => s.traceId === traceId).length >= calls.length);
    expect(collector.paths.every((p) => p === "/v1/traces")).toBe(true);
    const served = collector.spans.filter((s) => s.traceId === traceId);
    expect(served).toHaveLength(calls.length);
    for (const call of calls) {
      const server = served.find((s) => s.parentSpanId === call.spanContext().spanId);
      expect(server, `the simulator's span for ${call.name}`).toBeDefined();
      expect(server).toMatchObject({ service: "bank-simulator", kind: 2 });
      expect(otlpAttr(server!, "bank.system")).toBe(attr(call, "bank.system"));
      expect(otlpAttr(server!, "http.response.status_code")).toBe(attr(call, "http.response.status_code"));
    }
    expect(served.map((s) => s.name).sort()).toEqual([
      "GET /history/customers/{customerId}",
      "GET /limits/customers/{customerId}",
      "POST /antifraud/assess",
      "POST /ledger/refunds",
    ]);

    // Ids, names, outcomes: nothing the customer wrote, nor their name.
    const values = [...spans.flatMap((s) => Object.values(s.attributes)), ...served.flatMap((s) => s.attributes.map((a) => Object.values(a.value)[0]))].map(
      String,
    );
    for (const word of ["Coffee", "charged twice", "Alice"]) expect(values.filter((v) => v.includes(word))).toEqual([]);
  });

  it("puts an operator's decision in its own trace: the resume is saved under the gate's superstep, the refund's call continued by the simulator", async () => {
    const thread = (await createThread(database.db, TENANT, "cust-alice")).id;
    const turn = await agent.sendMessage({
      tenantId: TENANT,
      threadId: thread,
      customerId: "cust-alice",
      text: "City Parking charged me while I was abroad",
      actor: "cust-alice",
    });
    expect(turn).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    if (turn.kind !== "ok") return;
    const held = memory.getFinishedSpans();
    const gate = held.find((s) => s.name === "approvalGate")!;
    expect(gate.attributes).toMatchObject({ "agent.outcome": "interrupted" });
    expect(held.find((s) => s.name === "agent.turn")?.attributes).toMatchObject({ "agent.status": "awaiting_approval" });
    // The paused superstep ends with the run, and its interrupt is saved under it.
    const interrupt = held.find((s) => s.name === "checkpoint.put_writes" && s.attributes["langgraph.node"] === "approvalGate")!;
    expect(interrupt.parentSpanContext?.spanId).toBe(gate.parentSpanContext?.spanId);
    memory.reset();

    const approval = await getApprovalByCase(database.db, TENANT, turn.caseId!);
    const carried = await agent.carriedOut(TENANT, approval!.id, 60_000);
    const decided = await agent.decide({
      tenantId: TENANT,
      approvalId: approval!.id,
      version: approval!.version,
      decision: "approved",
      reason: "ok",
      actor: "olga",
      role: "operator",
    });
    expect(decided).toMatchObject({ kind: "ok", status: "approved" });
    await carried.done;

    const spans = memory.getFinishedSpans();
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const parent = (span: ReadableSpan) => byId.get(parentOf(span) ?? "");
    const [runSpan, ...others] = spans.filter((s) => s.name === "agent.run");
    expect(others).toHaveLength(0);
    expect(runSpan.attributes).toMatchObject({ "agent.resume": true, "agent.thread_id": thread });
    expect(spans.every((s) => s.spanContext().traceId === runSpan.spanContext().traceId)).toBe(true);
    const resumedGate = spans.find((s) => s.name === "approvalGate")!;
    expect(resumedGate.attributes).toMatchObject({ "agent.outcome": "ok", "langgraph.step": gate.attributes["langgraph.step"] });
    // The resume value is written before the gate runs again, against the checkpoint the
    // held run left: it waits for its superstep to be known, then goes under it.
    const writes = spans.filter((s) => s.name === "checkpoint.put_writes");
    const resume = writes.find((w) => w.links.length === 0 && w.attributes["langgraph.step"] === gate.attributes["langgraph.step"]);
    expect(resume, "the resume value's write").toBeDefined();
    expect(parentOf(resume!)).toBe(parentOf(resumedGate));
    for (const write of writes) expect(parent(write)?.name).toBe("agent.step");
    const ledger = spans.find((s) => s.name === "bank.ledger")!;
    expect(parent(ledger)?.name).toBe("refund");
    await until("the simulator's ledger span", () => collector.spans.some((s) => s.parentSpanId === ledger.spanContext().spanId));
    expect(collector.spans.find((s) => s.parentSpanId === ledger.spanContext().spanId)).toMatchObject({
      name: "POST /ledger/refunds",
      traceId: ledger.spanContext().traceId,
    });
  });

  it("records a bank system's failure by class on every attempt, and the simulator marks the fault it injected", async () => {
    const fault = await fetch(`${simulator.url}/_admin/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ system: "antifraud", errorRate: 1 }),
    });
    expect(fault.status).toBe(200);
    const thread = (await createThread(database.db, TENANT, "cust-alice")).id;
    const turn = await agent.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: TEXT, actor: "cust-alice" });
    // Antifraud unavailable means operator review, never an automatic refund.
    expect(turn).toMatchObject({ kind: "ok", status: "awaiting_approval" });

    const spans = memory.getFinishedSpans();
    const attempts = spans.filter((s) => s.name === "checkSystem" && s.attributes["bank.system"] === "antifraud");
    expect(attempts.map((s) => s.attributes["agent.attempt"]).sort()).toEqual([1, 2, 3]);
    for (const attempt of attempts) {
      expect(attempt.attributes).toMatchObject({ "agent.outcome": "error", "error.type": "BankSystemError" });
      expect(attempt.status.code).toBe(2);
      expect(attempt.events).toEqual([]);
    }
    expect(new Set(attempts.map((s) => parentOf(s))).size).toBe(1);
    const calls = spans.filter((s) => s.name === "bank.antifraud");
    expect(calls).toHaveLength(3);
    for (const call of calls)
      expect(call.attributes).toMatchObject({ "bank.outcome": "error", "http.response.status_code": 503, "error.type": "BankSystemError" });

    await until("the simulator's antifraud spans", () => calls.every((c) => collector.spans.some((s) => s.parentSpanId === c.spanContext().spanId)));
    for (const call of calls) {
      const served = collector.spans.find((s) => s.parentSpanId === call.spanContext().spanId)!;
      expect(otlpAttr(served, "simulator.fault")).toBe("before");
      expect(otlpAttr(served, "http.response.status_code")).toBe(503);
    }
  });
});
