/**
 * The framework's floor: the app's graph shape run bare in LangGraph, in this process, with
 * in-process clients and the in-memory saver. intake, the checks by `Send` (one for a limits
 * turn, three for a refund turn), triage and reply, each turn on the same thread with
 * `durability: "sync"`, as the app runs them. What the app costs over LangGraph is its turn's
 * time divided by this one.
 */
import { Annotation, END, MemorySaver, Send, START, StateGraph } from "@langchain/langgraph";
import { percentiles, type Percentiles } from "./stats";

const SYSTEMS = { limits: ["limits"], refund: ["limits", "history", "antifraud"] } as const;
export type FloorKind = keyof typeof SYSTEMS;

const State = Annotation.Root({
  message: Annotation<string>(),
  kind: Annotation<FloorKind>(),
  checks: Annotation<Record<string, unknown>>({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) }),
  verdict: Annotation<string>(),
  answer: Annotation<string>(),
});

/** A bank system that answers at once, in this process. */
const answerAt = async (system: string) => {
  await Promise.resolve();
  return { system, ok: true, dailyLimitMinor: 250_000, risk: "low" };
};

function bareGraph() {
  return new StateGraph(State)
    .addNode("intake", (s) => ({ checks: {}, verdict: "", answer: "", kind: s.message.includes("charged") ? "refund" : "limits" }))
    .addNode("checkSystem", async (input: { system: string }) => ({ checks: { [input.system]: await answerAt(input.system) } }))
    .addNode("triage", (s) => ({ verdict: Object.keys(s.checks).length === 3 ? "needs_operator" : "answer" }))
    .addNode("reply", (s) => ({ answer: `${s.verdict}: ${Object.keys(s.checks).join(", ")}` }))
    .addEdge(START, "intake")
    .addConditionalEdges("intake", (s) => SYSTEMS[s.kind].map((system) => new Send("checkSystem", { system })), ["checkSystem"])
    .addEdge("checkSystem", "triage")
    .addEdge("triage", "reply")
    .addEdge("reply", END)
    .compile({ checkpointer: new MemorySaver() });
}

export type Floor = { kind: FloorKind; turns: number; wall: Percentiles; meanMs: number; cpuMsPerTurn: number };

/** Times `turns` turns of one kind on one thread after `warmUp` untimed ones. */
export async function measureFloor(kind: FloorKind, turns: number, warmUp = 20): Promise<Floor> {
  const graph = bareGraph();
  const config = { configurable: { thread_id: `floor-${kind}` }, durability: "sync" as const, recursionLimit: 16 };
  const message = kind === "refund" ? "I was charged twice at Coffee Corner" : "what are my card limits";
  for (let i = 0; i < warmUp; i++) await graph.invoke({ message }, config);
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < turns; i++) {
    const at = performance.now();
    await graph.invoke({ message }, config);
    latencies.push(performance.now() - at);
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { kind, turns, wall: percentiles(latencies), meanMs: wallMs / turns, cpuMsPerTurn: (used.user + used.system) / 1000 / turns };
}
