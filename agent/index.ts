import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { Pool } from "pg";
import { failureFields, log } from "@/observability/log";
import { flushTracing } from "@/observability/tracing";
import type { Db } from "@/db/client";
import { listTenantIds } from "@/db/queries/tenant-ids";
import { withTenant } from "@/db/tenant-context";
import { askCustomer, claimCase, expireOverdue, releaseCase } from "./runtime/casework";
import { decideApproval } from "./runtime/decisions";
import type { AgentDeps } from "./graph/deps";
import { getCheckpoint, listCheckpoints, listSnapshots } from "./incidents/history";
import { buildGraph } from "./graph/graph";
import { checkpointView } from "./incidents/checkpoint-view";
import { replayInSandbox, type WhatIf } from "./incidents/sandbox";
import { buildTimeline } from "./incidents/timeline";
import { shadowReplay } from "./incidents/shadow";
import { createCheckpointer } from "./runtime/checkpointer";
import { depsFromEnv } from "./runtime/wiring";
import { candidateModelEnv, processRevision, withModel, type AgentRevision } from "./runtime/revision";
import { evaluateCanary, hostedRevisions, revisionForNewThread, type CandidateModel } from "./runtime/canary";
import { createChatModel } from "./clients/model";
import { registerRevision, type RevisionRow } from "@/db/queries/revisions";
import { env } from "@/env";
import { appKeyRing, type KeyRing } from "./encryption";
import { createInstance, type Instance } from "./runtime/instance";
import { drain, recoverStuckRuns } from "./runtime/recovery";
import type { Ctx, OnToken } from "./runtime/context";
import { newRunRegistry, supersede } from "./runtime/run-registry";
import { SUPERSEDE_CHANNEL, THREAD_NEWS_CHANNEL, type SupersedeRequest, type ThreadNews } from "@/db/queries/threads";
import { announcements } from "./runtime/announcements";
import { DECISION_CARRIED_OUT_CHANNEL, type DecisionCarriedOut } from "@/db/queries/approvals";
import { CARRY_OUT_QUEUE, carryOut, type CarryOutJob } from "./runtime/carry-out";
import { TENANT_POLICY_CHANNEL } from "@/db/queries/tenants";
import { answerQueued, sendMessage } from "./runtime/turns";
import { createJobQueue, type JobQueue } from "@/db/job-queue";

export type { ClaimResult, QuestionResult } from "./runtime/casework";
export type { DecisionResult, Refusal } from "./runtime/decisions";
export type { CheckpointSummary } from "./incidents/history";
export type { TurnResult } from "./runtime/turns";
export type { OnToken } from "./runtime/context";
export type { TimelineEntry } from "./incidents/timeline";
export type { CheckpointView } from "./incidents/checkpoint-view";
export type { WhatIf, Path } from "./incidents/sandbox";
export type { ShadowReport } from "./incidents/shadow";

/**
 * The agent as the app sees it: turns, decisions, casework, recovery, read-only history and
 * incident replays. Each call acts for the tenant it names (its database work sees that
 * tenant's rows only); the background work goes through the tenants one by one. Its
 * checkpoints go to Postgres unless `checkpointer` says otherwise (the capacity benchmark's
 * in-memory comparison), encrypted with `keys` (the app's, from the environment, unless given).
 */
export function createAgent(opts: {
  db: Db;
  pool: Pool;
  deps?: Partial<AgentDeps>;
  /** The revision this agent runs as: the process's own (its files and settings) unless given. */
  revision?: AgentRevision;
  /** A candidate revision it also hosts, for a bank's canary: the settings' (CANDIDATE_LLM_*) unless given; null for none. */
  candidate?: CandidateModel | null;
  instance?: Instance;
  checkpointer?: BaseCheckpointSaver;
  keys?: KeyRing;
  jobs?: JobQueue;
}) {
  const keys = opts.keys ?? appKeyRing();
  const revision = opts.revision ?? processRevision(env());
  const deps = depsFromEnv(opts.db, opts.deps, keys, revision.id);
  const checkpointer = opts.checkpointer ?? createCheckpointer(opts.pool, keys);
  const graph = buildGraph(deps, checkpointer);
  const connectionString = (opts.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  const instance = opts.instance ?? createInstance(connectionString);
  /** The job queue this instance shares with the others; it connects when first used. */
  const jobs = opts.jobs ?? createJobQueue(connectionString);
  const runs = newRunRegistry();
  instance
    .subscribe(SUPERSEDE_CHANNEL, (payload) => supersede(runs, JSON.parse(payload) as SupersedeRequest))
    .catch((error: unknown) => log().error({ event: "supersede.listen_failed", ...failureFields(error) }));
  instance
    .subscribe(TENANT_POLICY_CHANNEL, (tenantId) => deps.policies.forget(tenantId))
    .catch((error: unknown) => log().error({ event: "policy.listen_failed", ...failureFields(error) }));
  /** Decisions carried out and threads come to rest, announced by whichever instance did it. */
  const carriedOut = announcements<DecisionCarriedOut>(instance, DECISION_CARRIED_OUT_CHANNEL, (done) => `${done.tenantId}:${done.approvalId}`);
  const threadNews = announcements<ThreadNews>(instance, THREAD_NEWS_CHANNEL, (news) => `${news.tenantId}:${news.threadId}`);
  const candidate = opts.candidate === undefined ? candidateFromEnv(revision) : opts.candidate;
  const ctx: Ctx = {
    db: opts.db,
    graph,
    deps,
    revision,
    candidate: candidate ? { id: candidate.revision.id, ...candidate } : undefined,
    instance,
    runs,
    jobs,
    answerQueued: (...args) => answerQueued(ctx)(...args),
  };
  /** `work` once as each tenant's, one tenant after another. */
  const eachTenant = async <T>(work: () => Promise<T>): Promise<T[]> => {
    const results: T[] = [];
    for (const tenantId of await listTenantIds(opts.db)) results.push(await withTenant(tenantId, work));
    return results;
  };
  const production = { ...ctx, checkpointer, keys };
  return {
    graph,
    deps,
    revision,
    /** Records this agent's revision among those that ran here (a revision known already keeps its row): before a conversation starts on it. */
    revisionRegistered: (): Promise<RevisionRow> => registerRevision(opts.db, revision),
    /** The revisions this deployment runs: its own, then the candidate its settings name. */
    hostedRevisions: () => hostedRevisions(ctx).map((r) => r.revision),
    /** The revision a new conversation of the bank starts on (a running canary's share goes to its candidate), recorded among those that ran here. */
    async newThreadRevision(tenantId: string): Promise<string> {
      const chosen = await withTenant(tenantId, () => revisionForNewThread(ctx, tenantId));
      await registerRevision(opts.db, chosen.revision);
      return chosen.id;
    },
    /** Judges each bank's running canary now, and lapses proposals nobody confirmed; how many were stopped, promoted or left running. */
    async evaluateCanaries(now = deps.clock()) {
      const done: Record<string, number> = {};
      for (const tenantId of await listTenantIds(opts.db)) {
        const outcome = await withTenant(tenantId, () => evaluateCanary(ctx, tenantId, now));
        // A bank without a running canary is nothing done: the job's log stays quiet for it.
        if (outcome !== "none") done[outcome] = (done[outcome] ?? 0) + 1;
      }
      return done;
    },
    sendMessage: (input: Parameters<typeof sendMessage>[1], onToken?: OnToken, onStored?: () => void) =>
      withTenant(input.tenantId, () => sendMessage(ctx, input, onToken, onStored)),
    /** Records a decision; a final one's resume is put on the job queue (see `work`), and the call answers without waiting for it. */
    decide: (input: Parameters<typeof decideApproval>[1]) => withTenant(input.tenantId, () => decideApproval(ctx, input)),
    /**
     * Resolves once a final decision on `approvalId` has been carried out (the thread resumed,
     * by any instance), or rejects naming what it waited for after `timeoutMs`. Call it before
     * deciding: it hears only what is announced after it listens.
     */
    async carriedOut(tenantId: string, approvalId: string, timeoutMs: number) {
      let heard!: () => void;
      const announced = new Promise<void>((resolve) => (heard = resolve));
      const unlisten = await carriedOut.on(`${tenantId}:${approvalId}`, () => heard());
      let timer: NodeJS.Timeout | undefined;
      const overdue = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new CarryOutOverdue(approvalId, timeoutMs)), timeoutMs)));
      overdue.catch(() => undefined);
      const stop = () => {
        clearTimeout(timer);
        unlisten();
      };
      return { done: Promise.race([announced, overdue]).finally(stop), stop };
    },
    /** Calls `listener` whenever the thread comes to rest, on any instance, until the returned function is called. */
    onThreadNews: (tenantId: string, threadId: string, listener: () => void) => threadNews.on(`${tenantId}:${threadId}`, listener),
    /** Takes this instance's share of the queued work the agent does itself: carrying out decisions, several at once. */
    work: () => jobs.work<CarryOutJob>(CARRY_OUT_QUEUE, (job) => withTenant(job.tenantId, () => carryOut(ctx, job)), { concurrency: CARRY_OUT_CONCURRENCY }),
    claim: (input: Parameters<typeof claimCase>[1]) => withTenant(input.tenantId, () => claimCase(ctx, input)),
    release: (input: Parameters<typeof releaseCase>[1]) => withTenant(input.tenantId, () => releaseCase(ctx, input)),
    askCustomer: (input: Parameters<typeof askCustomer>[1]) => withTenant(input.tenantId, () => askCustomer(ctx, input)),
    /** Expires overdue approvals, tenant by tenant; how many expired. */
    expireOverdue: async () => (await eachTenant(() => expireOverdue(ctx))).reduce((sum, n) => sum + n, 0),
    /** Finishes runs cut off by a crash or a drain, decisions not yet carried out and refunds not yet confirmed, tenant by tenant. */
    recoverStuckRuns: async () => {
      const each = await eachTenant(() => recoverStuckRuns(ctx));
      return { threads: each.flatMap((r) => r.threads), decisions: each.flatMap((r) => r.decisions), refunds: each.flatMap((r) => r.refunds) };
    },
    drain: (timeoutMs: number) => drain(ctx, timeoutMs),
    get draining() {
      return runs.draining;
    },
    instance,
    jobs,
    /** Stops taking jobs (those still running run again elsewhere), then releases this instance's liveness lock: other instances may now recover its threads. */
    close: async () => {
      await jobs.stop({ graceful: false });
      await instance.close();
    },
    history: (tenantId: string, threadId: string) => withTenant(tenantId, () => listCheckpoints(graph, threadId)),
    /** The thread's latest checkpoint as LangGraph reports it (read only). */
    state: (tenantId: string, threadId: string) => withTenant(tenantId, () => graph.getState({ configurable: { thread_id: threadId } })),
    /** The thread's checkpoints, newest first, up to `limit`, older than `before` when given (read only). */
    stateHistory: (tenantId: string, threadId: string, options: { limit: number; before?: string }) =>
      withTenant(tenantId, () => listSnapshots(graph, threadId, options)),
    checkpoint: (tenantId: string, threadId: string, checkpointId: string) => withTenant(tenantId, () => getCheckpoint(graph, threadId, checkpointId)),
    incidents: {
      timeline: (tenantId: string, threadId: string) => withTenant(tenantId, () => buildTimeline(production, tenantId, threadId)),
      checkpoint: (tenantId: string, threadId: string, checkpointId: string) =>
        withTenant(tenantId, () => checkpointView(checkpointer, threadId, checkpointId)),
      replay: (tenantId: string, threadId: string, whatIf: WhatIf) => withTenant(tenantId, () => replayInSandbox(production, tenantId, threadId, whatIf)),
    },
    releases: {
      /** A bank's customer turns of a window replayed through this agent's revision, in the sandbox (see `shadowReplay`). */
      shadow: (tenantId: string, window: Parameters<typeof shadowReplay>[2]) => withTenant(tenantId, () => shadowReplay(production, tenantId, window)),
    },
  };
}

export type Agent = ReturnType<typeof createAgent>;

/** The candidate the settings name (CANDIDATE_LLM_*): this revision with the candidate's language model; null for none. */
function candidateFromEnv(revision: AgentRevision): CandidateModel | null {
  const modelEnv = candidateModelEnv(env());
  return modelEnv ? { revision: withModel(revision, modelEnv), model: createChatModel(modelEnv) } : null;
}

/** How many decisions one instance carries out at once: a resume waiting on a slow bank system holds up no other. */
const CARRY_OUT_CONCURRENCY = 10;

/** A decision whose resume was not announced in time: it is still queued, retrying, or its thread is busy. */
export class CarryOutOverdue extends Error {
  constructor(approvalId: string, timeoutMs: number) {
    super(`the decision on approval ${approvalId} was not carried out within ${timeoutMs} ms`);
  }
}

/** How long closing the instance and sending the spans may take after the drain, before the process exits anyway. */
const CLOSE_GRACE_MS = 5_000;

/**
 * On SIGTERM: refuse new turns, let running graphs stop at a superstep boundary (within
 * `timeoutMs`), give up this instance's liveness lock so others recover its threads, send
 * the spans still buffered, exit. The process exits whatever happens: with 1 when a step
 * failed (the database went away first, say) or the whole did not end within `timeoutMs`
 * and a grace period; an instance that lingers would hold its port and its leases.
 */
export function drainOnSigterm(agent: Agent, timeoutMs: number) {
  process.once("SIGTERM", async () => {
    setTimeout(() => {
      log().error({ event: "drain.overdue", afterMs: timeoutMs + CLOSE_GRACE_MS });
      process.exit(1);
    }, timeoutMs + CLOSE_GRACE_MS);
    let code = 0;
    try {
      const result = await agent.drain(timeoutMs);
      log().info({ event: "drain", drained: result.drained, stillRunning: result.stillRunning });
      await agent.close();
      await flushTracing();
    } catch (error) {
      log().error({ event: "drain.failed", ...failureFields(error) });
      code = 1;
    }
    process.exit(code);
  });
}
