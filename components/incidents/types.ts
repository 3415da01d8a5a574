import type { CheckpointSummary } from "@/agent/history";

export type { CheckpointSummary };

export type ThreadSummary = { threadId: string; customerId: string; status: string; updatedAt: string };

export type ThreadHistory = { threadId: string; checkpoints: CheckpointSummary[] };

export type CheckpointState = { checkpointId: string; step: number; next: string[]; values: Record<string, unknown> };
