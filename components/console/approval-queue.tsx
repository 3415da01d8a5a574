"use client";

import { useEffect, useState } from "react";
import { errorMessage } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { fetchApprovals } from "./approval-api";
import { HandoverQueue } from "./handover-queue";
import { STATUS_FILTER_LABELS } from "./labels";
import { QueueFilters } from "./queue-filters";
import { Pager } from "@/components/ui/pager";
import { approvalsUrl, consoleUrl } from "./queue-query";
import { QueueTable } from "./queue-table";
import type { QueueQuery, Viewer } from "./types";
import { useLiveResource } from "./use-approval-events";
import { useServerClock } from "./use-server-clock";

/** The operator queue: conversations handed to a person, then refund approvals filtered, sorted, paged, and refreshed whenever one changes. */
export function ApprovalQueue({ viewer, initialQuery }: { viewer: Viewer; initialQuery: QueueQuery }) {
  const [query, setQuery] = useState(initialQuery);
  // A page past the end (its approvals were decided meanwhile) gives way to the last page there is.
  const {
    data: loaded,
    error,
    mutate,
    signedOut,
  } = useLiveResource("approval", approvalsUrl(query), (url) => fetchApprovals(url), {
    onLoaded: (page) => {
      if (page.approvals.length === 0 && page.total > 0 && page.page > 1) setQuery((q) => ({ ...q, page: Math.max(1, Math.ceil(page.total / page.pageSize)) }));
    },
  });
  const loadError = error === undefined ? null : errorMessage(error);
  const nowMs = useServerClock(loaded?.time ?? null);
  const readOnly = viewer.role === "auditor";

  useEffect(() => {
    window.history.replaceState(window.history.state, "", consoleUrl(query));
  }, [query]);

  const page = loaded?.value ?? null;

  const change = (next: Partial<QueueQuery>) => setQuery((q) => ({ ...q, ...next, page: next.page ?? 1 }));
  const caption = `${STATUS_FILTER_LABELS[query.status]} approvals`;

  return (
    <section aria-labelledby="queue-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="queue-title" className="flex items-center gap-2 text-xl font-semibold">
            Refund approvals {readOnly ? <Badge>Read-only</Badge> : null}
          </h1>
          <p className="text-sm text-slate-600">
            {readOnly
              ? "Auditors see every case and its trail; deciding is for operators and supervisors."
              : "Open a case to see the facts and decide. The list updates by itself."}
          </p>
        </div>
        <Button variant="secondary" onClick={() => void mutate()} disabled={signedOut}>
          Refresh
        </Button>
      </div>
      <HandoverQueue readOnly={readOnly} />
      <QueueFilters query={query} currency={viewer.currency} onChange={change} />
      {loadError && !signedOut ? <Alert title="Could not load the approvals">{loadError}</Alert> : null}
      {page === null ? (
        loadError ? null : (
          <p role="status" className="text-sm text-slate-600">
            Loading approvals…
          </p>
        )
      ) : page.approvals.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          {query.status === "pending" ? "Nothing is waiting for a decision." : "No approvals match these filters."}
        </p>
      ) : (
        <>
          <QueueTable approvals={page.approvals} nowMs={nowMs} me={viewer.username} caption={caption} />
          <Pager label="Queue pages" page={page.page} pageSize={page.pageSize} total={page.total} onPage={(p) => change({ page: p })} />
        </>
      )}
    </section>
  );
}
