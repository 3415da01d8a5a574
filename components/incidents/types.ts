/** Shapes of the incident viewer's API (`/api/incidents/...`), as the browser reads them. */

export type ThreadStatus = "idle" | "busy" | "awaiting_approval";

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

export type TaskRun = {
  taskId: string;
  node: string;
  writes: unknown;
  error: string | null;
  interrupts: { id?: string; value: unknown }[];
};

export type CheckpointEntry = {
  kind: "checkpoint";
  at: string;
  checkpointId: string;
  parentId: string | null;
  step: number;
  source: string;
  next: string[];
  /** The tasks that ran from this checkpoint: the next superstep. */
  tasks: TaskRun[];
  resumes: { interruptId: string | null; value: unknown }[];
  sizeBytes: number;
  schemaVersion: number | null;
};

export type NodeEventEntry = {
  kind: "node_event";
  at: string;
  node: string;
  system: string | null;
  outcome: string;
  latencyMs: number;
  attempt: number;
  error: string | null;
};

export type LedgerCallEntry = { kind: "ledger_call"; at: string; idempotencyKey: string | null; request: unknown; response: unknown; outcome: string; error?: string | null };

export type OperatorActionEntry = { kind: "operator_action"; at: string; actor: string; action: string; data: unknown };

export type MessageEntry = { kind: "message"; at: string; role: string; text: string };

export type TimelineEntry = CheckpointEntry | NodeEventEntry | LedgerCallEntry | OperatorActionEntry | MessageEntry;

export type LedgerEntry = {
  entryId: string;
  idempotencyKey: string;
  caseId: string;
  amountMinor: number;
  currency: string;
  status: string;
  createdAt: string;
  committedAt: string | null;
};

/** GET /api/incidents/threads/{threadId}/timeline */
export type Timeline = { threadId: string; customer: { id: string; name: string }; entries: TimelineEntry[]; ledgerEntries: LedgerEntry[] };

export type DiffPart = { value: string; added?: boolean; removed?: boolean };

/** GET /api/incidents/threads/{threadId}/checkpoints/{checkpointId} */
export type CheckpointDetail = {
  checkpointId: string;
  parentId: string | null;
  step: number;
  source: string;
  next?: string[];
  values: Record<string, unknown>;
  unknownFields: string[];
  diff: DiffPart[];
};

export type Risk = "low" | "medium" | "high";

export type ReplayRequest = {
  checkpointId: string;
  systems: "recorded" | "live";
  policy?: { autoApproveMaxMinor?: number; clearRisks?: Risk[]; maxRecentRefunds?: number };
};

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
  systemCalls: { system: string; source: "recorded" | "live" | "missing" }[];
};
