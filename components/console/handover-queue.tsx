"use client";

import Link from "next/link";
import { errorMessage } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatSpan, msBetween } from "./durations";
import { fetchOpenHandovers } from "./handover-api";
import { HANDOVER_REASONS } from "./labels";
import { useLiveResource } from "./use-approval-events";
import { useServerClock } from "./use-server-clock";

/**
 * Conversations the agent handed to a person and nobody has answered yet, longest waiting
 * first, above the refund approvals; updated live. Shows nothing while there are none.
 */
export function HandoverQueue({ readOnly }: { readOnly: boolean }) {
  const { data: loaded, error, signedOut } = useLiveResource("handover", "/api/handovers?status=open", () => fetchOpenHandovers());
  const loadError = error === undefined ? null : errorMessage(error);
  const nowMs = useServerClock(loaded?.time ?? null);

  if (loadError && !signedOut) return <Alert title="Could not load the handed-over conversations">{loadError}</Alert>;
  const handovers = loaded?.value.handovers ?? [];
  if (handovers.length === 0) return null;

  return (
    <section aria-labelledby="handovers-title" className="space-y-2">
      <h2 id="handovers-title" className="flex items-center gap-2 text-base font-semibold">
        Conversations handed over <Badge tone="warning">{handovers.length}</Badge>
      </h2>
      <p className="text-sm text-slate-600">
        {readOnly
          ? "The agent passed these customers to a person; operators and supervisors answer them."
          : "The agent could not help these customers. Open one to read the conversation and answer in their chat."}
      </p>
      <ul className="space-y-2" aria-labelledby="handovers-title">
        {handovers.map((h) => (
          <Card as="li" key={h.handoverId} data-handover-id={h.handoverId} className="flex flex-wrap items-start justify-between gap-3 p-3">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone="info">Conversation handed over</Badge>
                <span className="font-medium">{h.customerName}</span>
                <span className="text-slate-600">· waiting {formatSpan(msBetween(h.createdAt, nowMs))}</span>
                <span className="text-slate-600">· {HANDOVER_REASONS[h.reason] ?? h.reason}</span>
              </p>
              <p className="line-clamp-2 text-sm text-slate-800">{h.summary}</p>
            </div>
            <Link
              href={`/console/handovers/${encodeURIComponent(h.handoverId)}`}
              className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              Open the conversation<span className="sr-only"> with {h.customerName}</span>
            </Link>
          </Card>
        ))}
      </ul>
    </section>
  );
}
