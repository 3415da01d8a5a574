"use client";

import useSWR from "swr";
import type { OpsSummary } from "@/app/api/ops/summary/schema";
import { errorMessage, requestJson } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { CanaryPanel } from "./canary-panel";
import { LanguageModelTable } from "./language-model-table";
import { MinuteTable } from "./minute-table";
import { OpsCharts } from "./ops-charts";
import { OpsTiles } from "./ops-tiles";

/** How often the page asks for new figures. */
export const REFRESH_MS = 10_000;

/** The ops page: the last hour by minute and the last five minutes, fetched again every ten seconds. */
export function OpsDashboard() {
  const { data, error: failure } = useSWR("/api/ops/summary", (url: string) => requestJson<OpsSummary>(url), {
    refreshInterval: REFRESH_MS,
    refreshWhenHidden: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const summary = data ?? null;
  const error = failure === undefined ? null : errorMessage(failure);

  return (
    <section aria-labelledby="ops-title" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 id="ops-title" className="text-xl font-semibold">
            Operations
          </h1>
          <p className="text-sm text-slate-600">
            How the agent runs: the last hour by minute, the tiles the last five minutes. The page updates itself every ten seconds.
          </p>
        </div>
        <p className="text-sm text-slate-600" data-testid="ops-updated">
          {summary ? <>Updated {new Date(summary.generatedAt).toLocaleTimeString()}</> : "Loading the figures…"}
        </p>
      </div>
      {error ? (
        <Alert title="The figures could not be updated">
          {error} The page tries again in ten seconds{summary ? "; the last figures stay on screen" : ""}.
        </Alert>
      ) : null}
      {summary ? <Figures summary={summary} /> : null}
    </section>
  );
}

function Figures({ summary }: { summary: OpsSummary }) {
  return (
    <>
      <OpsTiles summary={summary} />
      <OpsCharts summary={summary} />
      <CanaryPanel canary={summary.canary} />
      <LanguageModelTable summary={summary} />
      <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <summary className="cursor-pointer font-medium text-slate-800">The figures by minute, as a table</summary>
        <MinuteTable summary={summary} />
      </details>
      <p className="text-xs text-slate-600">
        Checkpoint figures, retried refunds and recoveries come from the samples every instance writes each minute, for the whole deployment, so they lag by up
        to a minute. The rest is read from the database for your bank as it changes.
      </p>
    </>
  );
}
