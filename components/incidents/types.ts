import type { z } from "zod";
import type { LedgerEntry } from "@/agent/clients/bank";
import type { LanguageModelUse, TimelineEntry } from "@/agent/incidents/timeline";
import type { checkpointDetail, replayBody, replayResult, searchPage, timeline } from "@/app/api/incidents/schema";
import type { Risk } from "@/vocabulary/risks";
import type { ThreadStatus } from "@/vocabulary/statuses";

/** Shapes of the incident viewer's API (`/api/incidents/...`), as the server describes its answers. */

export type { ThreadStatus };

/** GET /api/incidents/threads */
export type ThreadPage = z.output<typeof searchPage>;

/** One row of GET /api/incidents/threads. */
export type IncidentThread = ThreadPage["threads"][number];

export type ThreadCase = IncidentThread["cases"][number];

/** The timeline's entries, as the server builds them. */
export type { LanguageModelUse, TimelineEntry };
export type CheckpointEntry = Extract<TimelineEntry, { kind: "checkpoint" }>;
export type NodeEventEntry = Extract<TimelineEntry, { kind: "node_event" }>;
export type LedgerCallEntry = Extract<TimelineEntry, { kind: "ledger_call" }>;
export type OperatorActionEntry = Extract<TimelineEntry, { kind: "operator_action" }>;
export type MessageEntry = Extract<TimelineEntry, { kind: "message" }>;

export type { LedgerEntry };

/** GET /api/incidents/threads/{threadId}/timeline */
export type Timeline = z.output<typeof timeline>;

/** One part of a line diff, as the server sends it and as the diff library writes it. */
export type DiffPart = { value: string; added?: boolean; removed?: boolean };

/** GET /api/incidents/threads/{threadId}/checkpoints/{checkpointId} */
export type CheckpointDetail = z.output<typeof checkpointDetail>;

export type { Risk };

/** POST /api/incidents/threads/{threadId}/replay, as the what-if form sends it. */
export type ReplayRequest = Omit<z.input<typeof replayBody>, "reveal">;

/** The bank's policy today: where a what-if starts. */
export type PolicyDefaults = Required<NonNullable<ReplayRequest["policy"]>> & { currency: string };

/** POST /api/incidents/threads/{threadId}/replay */
export type ReplayResult = z.output<typeof replayResult>;
export type ReplayPath = ReplayResult["original"];
export type PathOutcome = ReplayPath["outcome"];
