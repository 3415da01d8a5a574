import type { Pool } from "pg";
import type { Db } from "@/db/client";
import { askCustomer, claimCase, expireOverdue, releaseCase } from "./casework";
import { decideApproval } from "./decisions";
import type { AgentDeps } from "./deps";
import { getCheckpoint, listCheckpoints } from "./history";
import { compileAgentGraph, depsFromEnv } from "./runtime";
import { recoverThread, sendMessage } from "./turns";

export type { ClaimResult, QuestionResult } from "./casework";
export type { DecisionResult, Refusal } from "./decisions";
export type { CheckpointSummary } from "./history";
export type { TurnResult } from "./turns";

/** The agent as the app sees it: turns, decisions, casework, recovery and read-only history. */
export function createAgent(opts: { db: Db; pool: Pool; deps?: Partial<AgentDeps> }) {
  const deps = depsFromEnv(opts.db, opts.deps);
  const graph = compileAgentGraph(deps, opts.pool);
  const ctx = { db: opts.db, graph, deps };
  return {
    graph,
    deps,
    sendMessage: (input: Parameters<typeof sendMessage>[1], onToken?: (text: string) => void) => sendMessage(ctx, input, onToken),
    decide: (input: Parameters<typeof decideApproval>[1]) => decideApproval(ctx, input),
    claim: (input: Parameters<typeof claimCase>[1]) => claimCase(ctx, input),
    release: (input: Parameters<typeof releaseCase>[1]) => releaseCase(ctx, input),
    askCustomer: (input: Parameters<typeof askCustomer>[1]) => askCustomer(ctx, input),
    expireOverdue: () => expireOverdue(ctx),
    recoverThread: (tenantId: string, threadId: string) => recoverThread(ctx, tenantId, threadId),
    history: (threadId: string) => listCheckpoints(graph, threadId),
    checkpoint: (threadId: string, checkpointId: string) => getCheckpoint(graph, threadId, checkpointId),
  };
}

export type Agent = ReturnType<typeof createAgent>;
