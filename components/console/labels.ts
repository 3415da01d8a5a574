import type { Tone } from "@/components/ui/badge";
import type { ApprovalStatus, ApprovalView } from "./types";

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
