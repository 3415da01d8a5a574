import type { Db } from "@/db/client";
import type { JobQueue } from "@/db/job-queue";
import type { AgentDeps } from "../graph/deps";
import type { AgentGraph } from "../graph/graph";
import type { Instance } from "./instance";
import type { RunRegistry } from "./run-registry";
import type { AgentRevision } from "./revision";
import type { RunRevision } from "../graph/run-revision";

/** A revision this deployment can run: its id, parts and language model. */
export type HostedRevision = RunRevision & { revision: AgentRevision };

/** The status a thread rests in between runs: free, or paused at the approval gate. */
export type RestingStatus = "idle" | "awaiting_approval";

/** How one customer message ended. */
export type TurnResult =
  | { kind: "ok"; reply: string; status: RestingStatus; caseId?: string }
  | { kind: "busy" }
  /** Another run holds the thread; the message waits its turn and its answer appears in the transcript. */
  | { kind: "queued" }
  /** The app is shutting down; `saved` says the message was kept and will be answered after recovery. */
  | { kind: "draining"; saved: boolean }
  /** The thread already has this client id's message: nothing is stored again; its answer is (or will be) in the transcript. */
  | { kind: "duplicate" };

/** Answers the customer messages queued on a thread; returns the status it rests in. */
export type QueueAnswerer = (tenantId: string, threadId: string, status: RestingStatus) => Promise<RestingStatus>;

/**
 * A piece of the reply as it is written. With `reset`, the pieces written before are withdrawn
 * first: a language model's wording gave way to the code's.
 */
export type OnToken = (text: string, options?: { reset?: boolean }) => void;

/**
 * What every part of the agent works with: the database, the graph, its dependencies, the
 * revision they make up, this instance, its runs and the job queue.
 */
export type Ctx = {
  db: Db;
  graph: AgentGraph;
  deps: AgentDeps;
  revision: AgentRevision;
  /** A second revision this deployment hosts for a bank's canary: the same but for its language model. */
  candidate?: HostedRevision;
  instance: Instance;
  runs: RunRegistry;
  jobs: JobQueue;
  answerQueued: QueueAnswerer;
};
