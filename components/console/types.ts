import type { z } from "zod";
import type { Checks } from "@/agent/graph/state";
import type { approvalDetail, approvalView, claimAnswer, decisionAnswer, decisionBody, queuePage, queueQuery } from "@/app/api/approvals/schema";
import type { handoverChange, handoverDetail, handoverList, handoverView } from "@/app/api/handovers/schema";
import type { Role } from "@/vocabulary/roles";
import type { ApprovalRisk } from "@/vocabulary/risks";
import type { ApprovalStatus, HandoverStatus } from "@/vocabulary/statuses";

/** Shapes of the console's API (`/api/approvals/...`, `/api/handovers/...`), as the server describes its answers. */

export type { ApprovalStatus, HandoverStatus };
export type Risk = ApprovalRisk;

/**
 * One row of GET /api/approvals. The answer describes each check's facts loosely; the
 * console reads them as the agent recorded them.
 */
export type ApprovalView = Omit<z.output<typeof approvalView>, "checks"> & { checks: Checks };
export type OpenQuestion = NonNullable<ApprovalView["openQuestion"]>;

/** GET /api/approvals */
export type ApprovalPage = Omit<z.output<typeof queuePage>, "approvals"> & { approvals: ApprovalView[] };

type Detail = z.output<typeof approvalDetail>;
export type CaseMessage = Detail["messages"][number];
export type EarlierCase = Detail["earlierCases"][number];
export type Refund = Detail["refunds"][number];
export type AuditEvent = Detail["audit"][number];
export type Question = Detail["questions"][number];
/** The customer's cards as the cards system reported them for the case view, or why not. */
export type CustomerCards = Detail["cards"];

/** GET /api/approvals/{approvalId} */
export type ApprovalDetail = Omit<Detail, "approval"> & { approval: ApprovalView };

export type DecisionResult = z.output<typeof decisionAnswer>;
export type ClaimResult = z.output<typeof claimAnswer>;

export type Decision = z.output<typeof decisionBody>["decision"];

/** Who is looking at the console, as the server told the page. */
/** The signed-in staff member as the console sees them, with the currency their bank's amounts are in. */
export type Viewer = { username: string; role: Role; currency: string };

export type StatusFilter = ApprovalStatus | "all";
export type RiskFilter = Risk | "any";
export type ClaimFilter = NonNullable<z.output<typeof queueQuery>["claimed"]> | "any";
export type SortOrder = z.output<typeof queueQuery>["sort"];

/** The queue's filters, sort and page, as they appear in `/console?...`. */
export type QueueQuery = {
  status: StatusFilter;
  risk: RiskFilter;
  minAmount: number | null;
  maxAmount: number | null;
  claimed: ClaimFilter;
  sort: SortOrder;
  page: number;
};

/**
 * Runs one action against the server: `action` resolves with the words to show on
 * success. Resolves true when it succeeded; a refusal is shown by the page, which reloads.
 */
export type Perform = (action: () => Promise<string>) => Promise<boolean>;

/** One handover of GET /api/handovers: a conversation the agent handed to a person. */
export type HandoverView = z.output<typeof handoverView>;

/** GET /api/handovers */
export type HandoverList = z.output<typeof handoverList>;

/** GET /api/handovers/{handoverId} */
export type HandoverDetail = z.output<typeof handoverDetail>;

export type HandoverChange = z.output<typeof handoverChange>;
