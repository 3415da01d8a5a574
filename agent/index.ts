import type { Pool } from "pg";
import type { Db } from "@/db/client";
import type { AgentDeps } from "./deps";
import { getCheckpoint, listCheckpoints } from "./history";
import { compileAgentGraph, depsFromEnv } from "./runtime";
import { decideApproval, recoverThread, sendMessage } from "./turns";

export type { DecisionResult, TurnResult } from "./turns";
export type { CheckpointSummary } from "./history";

/** The agent as the app sees it: turns, decisions, recovery and read-only history. */
export function createAgent(opts: { db: Db; pool: Pool; deps?: Partial<AgentDeps> }) {
  const deps = depsFromEnv(opts.db, opts.deps);
  const graph = compileAgentGraph(deps, opts.pool);
  const ctx = { db: opts.db, graph, deps };
  return {
    graph,
    deps,
    sendMessage: (input: Parameters<typeof sendMessage>[1], onToken?: (text: string) => void) => sendMessage(ctx, input, onToken),
    decide: (input: Parameters<typeof decideApproval>[1]) => decideApproval(ctx, input),
    recoverThread: (tenantId: string, threadId: string) => recoverThread(ctx, tenantId, threadId),
    history: (threadId: string) => listCheckpoints(graph, threadId),
    checkpoint: (threadId: string, checkpointId: string) => getCheckpoint(graph, threadId, checkpointId),
  };
}

export type Agent = ReturnType<typeof createAgent>;
