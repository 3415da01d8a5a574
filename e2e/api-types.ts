import type { z } from "zod";
import type { approvalView } from "@/app/api/approvals/schema";
import type { ledgerEntry } from "@/app/api/schema";
import type { turnAnswer } from "@/app/api/threads/schema";

/** API answers as the specs read them: the types of the schemas the OpenAPI document is generated from. */
export type ApprovalRow = z.infer<typeof approvalView>;

export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** The end of one customer turn (POST /api/threads/{id}/messages as JSON). */
export type Turn = z.infer<typeof turnAnswer>;
