import type { LedgerEntry } from "@/agent/clients/bank";
import type { TimelineEntry } from "@/agent/incidents/timeline";
import type { Risk } from "@/vocabulary/risks";
import type { ThreadStatus } from "@/vocabulary/statuses";
/** Shapes of the incident viewer's API (`/api/incidents/...`), as the browser reads them. */

export type { ThreadStatus };

export type ThreadCase = { caseId: string; merchant: string; amountMinor: number; currency: string; status: string };

/** One row of GET /api/incidents/threads. */
export type IncidentThread = {
  threadId: string;
  customerId: string;
  customerName: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  checkpointCount: number;
  cases: ThreadCase[];
  hadRefund: boolean;
  hadDegradedCheck: boolean;
};

export type ThreadPage = { threads: IncidentThread[]; page: number; pageSize: number; total: number };

/** The timeline's entries, as the server builds them. */
export type { TimelineEntry };
export type CheckpointEntry = Extract<TimelineEntry, { kind: "checkpoint" }>;
export type TaskRun = CheckpointEntry["tasks"][number];
export type NodeEventEntry = Extract<TimelineEntry, { kind: "node_event" }>;
export type LedgerCallEntry = Extract<TimelineEntry, { kind: "ledger_call" }>;
export type OperatorActionEntry = Extract<TimelineEntry, { kind: "operator_action" }>;
export type MessageEntry = Extract<TimelineEntry, { kind: "message" }>;

export type { LedgerEntry };

/** GET /api/incidents/threads/{threadId}/timeline */
export type Timeline = { threadId: string; customer: { id: string; name: string }; entries: TimelineEntry[]; ledgerEntries: LedgerEntry[] };

export type DiffPart = { value: string; added?: boolean; removed?: boolean };

/** GET /api/incidents/threads/{threadId}/checkpoints/{checkpointId} */
export type CheckpointDetail = {
  checkpointId: string;
  parentId: string | null;
  /** Retention pruned the parent: there is no diff. */
  parentPruned?: boolean;
  step: number;
  source: string;
  next?: string[];
  values: Record<string, unknown>;
  unknownFields: string[];
  diff: DiffPart[];
};

export type { Risk };

export type ReplayRequest = {
  checkpointId: string;
  systems: "recorded" | "live";
  policy?: { autoApproveMaxMinor?: number; clearRisks?: Risk[]; maxRecentRefunds?: number };
};

/** The bank's policy today: where a what-if starts. */
export type PolicyDefaults = Required<NonNullable<ReplayRequest["policy"]>>;

export type PathOutcome = {
  triage: "auto_approve" | "review" | null;
  triageReason: string | null;
  approval: string | null;
  refund: string | null;
  reply: string | null;
};

export type ReplayPath = { steps: { step: number; nodes: string[] }[]; outcome: PathOutcome };

/** POST /api/incidents/threads/{threadId}/replay */
export type ReplayResult = {
  sandboxThreadId: string;
  original: ReplayPath;
  sandbox: ReplayPath;
  differs: boolean;
  ledgerCalls: { idempotencyKey: string; request: unknown }[];
  cardCalls: { operation: "freeze" | "unfreeze" | "replacement"; idempotencyKey: string; cardId: string; reason: string | null }[];
  systemCalls: { system: string; source: "recorded" | "live" | "missing" }[];
};
