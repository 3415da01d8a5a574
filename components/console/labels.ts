import type { Tone } from "@/components/ui/badge";
import { FINAL_APPROVAL_STATUSES } from "@/vocabulary/statuses";
import type { ApprovalStatus, ApprovalView, ClaimFilter, HandoverStatus, HandoverView, Risk, RiskFilter, SortOrder, StatusFilter } from "./types";

export const CASE_REASONS: Record<ApprovalView["caseReason"], string> = {
  duplicate: "Charged twice",
  unrecognised: "Not recognised by the customer",
  abroad: "Charged while abroad",
  other: "Other",
};

export const APPROVAL_STATUS: Record<ApprovalStatus, { label: string; tone: Tone }> = {
  pending: { label: "Pending", tone: "warning" },
  approved: { label: "Approved", tone: "info" },
  executing: { label: "Refunding", tone: "info" },
  executed: { label: "Refunded", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  expired: { label: "Expired", tone: "neutral" },
};

export const RISK: Record<Risk, { label: string; tone: Tone }> = {
  low: { label: "Low risk", tone: "success" },
  medium: { label: "Medium risk", tone: "warning" },
  high: { label: "High risk", tone: "danger" },
  unavailable: { label: "Risk unknown", tone: "neutral" },
};

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  pending: "Pending",
  approved: "Approved",
  executing: "Refunding",
  executed: "Refunded",
  rejected: "Rejected",
  cancelled: "Cancelled",
  expired: "Expired",
  all: "All",
};

export const RISK_FILTER_LABELS: Record<RiskFilter, string> = {
  any: "Any risk",
  low: "Low",
  medium: "Medium",
  high: "High",
  unavailable: "Antifraud unavailable",
};

export const CLAIM_FILTER_LABELS: Record<ClaimFilter, string> = {
  any: "Anyone",
  me: "Claimed by me",
  none: "Unclaimed",
  others: "Claimed by others",
};

export const SORT_LABELS: Record<SortOrder, string> = {
  oldest: "Oldest first",
  newest: "Newest first",
  expiry: "Expiring soonest",
  amount_desc: "Largest amount",
  amount_asc: "Smallest amount",
};

/** "olga" -> "Olga": staff are named by their sign-in name. */
export function staffName(username: string): string {
  return username ? username[0].toUpperCase() + username.slice(1) : username;
}

export function isFinal(status: ApprovalStatus): boolean {
  return (FINAL_APPROVAL_STATUSES as readonly ApprovalStatus[]).includes(status);
}

/** Why the agent handed a conversation to a person, as staff read it. */
export const HANDOVER_REASONS: Record<HandoverView["reason"], string> = {
  needs_person: "The agent cannot help with this",
  stagnation: "The conversation went in circles",
  customer_asked: "The customer asked for a person",
};

export const HANDOVER_STATUS: Record<HandoverStatus, { label: string; tone: Tone }> = {
  open: { label: "Waiting for an answer", tone: "warning" },
  answered: { label: "Answered", tone: "success" },
  closed: { label: "Closed", tone: "neutral" },
};
