export type ThreadSummary = { threadId: string; customerId: string; status: string; updatedAt: string };

export type CheckpointSummary = {
  checkpointId: string;
  parentId: string | null;
  step: number;
  source: string;
  ran: string[];
  next: string[];
  interrupts: { id?: string; value: unknown }[];
  createdAt: string | null;
  sizeBytes: number;
};

export type ThreadHistory = { threadId: string; checkpoints: CheckpointSummary[] };

export type CheckpointState = { checkpointId: string; step: number; next: string[]; values: Record<string, unknown> };
