"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { formatMinor } from "@/agent/policy";
import { errorMessage, requestJson } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ApprovalCard } from "./approval-card";
import { APPROVAL_STATUS } from "./labels";
import type { ApprovalView, Decision, DecisionResult } from "./types";

type Filter = "pending" | "all";
type Notice = { tone: "success" | "info"; text: string };

const REFRESH_MS = 10_000;
const FILTERS: { value: Filter; label: string }[] = [
  { value: "pending", label: "Pending" },
  { value: "all", label: "All, including decided" },
];

/** The operator queue: refunds waiting for a decision, with the facts each rests on. */
export function ApprovalQueue({ canDecide }: { canDecide: boolean }) {
  const [filter, setFilter] = useState<Filter>("pending");
  const [approvals, setApprovals] = useState<ApprovalView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    try {
      const { approvals: rows } = await requestJson<{ approvals: ApprovalView[] }>(`/api/approvals?status=${filter}`);
      if (request !== latest.current) return;
      setApprovals(rows);
      setLoadError(null);
    } catch (err) {
      if (request === latest.current) setLoadError(errorMessage(err));
    }
  }, [filter]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const onDecided = useCallback(
    (approval: ApprovalView, decision: Decision, result: DecisionResult) => {
      const what = `${formatMinor(approval.amountMinor, approval.currency)} refund for ${approval.merchant} (${approval.customerName})`;
      const outcome = APPROVAL_STATUS[result.status]?.label.toLowerCase() ?? result.status;
      setNotice({ tone: "success", text: `${decision === "approve" ? "Approved" : "Rejected"} the ${what}. Now: ${outcome}.` });
      void load();
    },
    [load],
  );

  const onConflict = useCallback(
    (approval: ApprovalView, message: string) => {
      setNotice({ tone: "info", text: `${approval.merchant} (${approval.customerName}): ${message} The list has been refreshed.` });
      void load();
    },
    [load],
  );

  return (
    <section aria-labelledby="queue-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="queue-title" className="text-xl font-semibold">
            Refund approvals {canDecide ? null : <Badge>Read-only</Badge>}
          </h1>
          <p className="text-sm text-slate-600">Each decision is checked against the version you see; a stale one changes nothing.</p>
        </div>
        <div className="flex items-center gap-2">
          <div role="group" aria-label="Show" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => {
                  setFilter(f.value);
                  setApprovals(null);
                }}
                className="rounded px-3 py-1.5 text-sm font-medium text-slate-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
              >
                {f.label}
              </button>
            ))}
          </div>
          <Button variant="secondary" onClick={() => void load()}>
            Refresh
          </Button>
        </div>
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {loadError ? <Alert title="Could not load the approvals">{loadError}</Alert> : null}
      {approvals === null ? (
        loadError ? null : (
          <p role="status" className="text-sm text-slate-500">
            Loading approvals…
          </p>
        )
      ) : approvals.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
          {filter === "pending" ? "Nothing is waiting for a decision." : "No approvals yet."}
        </p>
      ) : (
        <ul className="space-y-4" aria-label={filter === "pending" ? "Pending approvals" : "All approvals"}>
          {approvals.map((approval) => (
            <ApprovalCard key={approval.approvalId} approval={approval} canDecide={canDecide} onDecided={onDecided} onConflict={onConflict} />
          ))}
        </ul>
      )}
    </section>
  );
}
