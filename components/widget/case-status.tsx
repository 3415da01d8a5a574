import { formatMinor } from "@/vocabulary/money";
import { Badge, type Tone } from "@/components/ui/badge";
import type { CaseStatus, ThreadCase } from "./types";

const STATUS: Record<CaseStatus, { label: string; tone: Tone }> = {
  open: { label: "Refund request open", tone: "info" },
  awaiting_approval: { label: "Refund awaiting review", tone: "warning" },
  approved: { label: "Refund approved", tone: "info" },
  refunded: { label: "Refunded", tone: "success" },
  rejected: { label: "Declined", tone: "danger" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  expired: { label: "Request expired", tone: "neutral" },
  failed: { label: "Refund delayed", tone: "warning" },
};

const WAITING_FOR_ANSWER: { label: string; tone: Tone } = { label: "Waiting for your answer", tone: "warning" };

/** The conversation's refund case at a glance: amount and where it stands. */
export function CaseStatusBar({ kase }: { kase: ThreadCase | null }) {
  const status = kase?.openQuestion ? WAITING_FOR_ANSWER : kase ? STATUS[kase.status] : undefined;
  return (
    <div role="status" aria-label="Refund case" className="min-h-9 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700">
      {kase ? (
        <p className="flex items-center justify-between gap-2">
          <span>
            Refund of <span className="font-semibold">{formatMinor(kase.approvedAmountMinor ?? kase.amountMinor, kase.currency)}</span>
            {kase.approvedAmountMinor != null && kase.approvedAmountMinor !== kase.amountMinor ? ` of ${formatMinor(kase.amountMinor, kase.currency)}` : null}
          </span>
          <Badge tone={status?.tone ?? "neutral"}>{status?.label ?? kase.status}</Badge>
        </p>
      ) : (
        <p className="text-slate-500">No refund case in this conversation yet.</p>
      )}
    </div>
  );
}
