import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { LedgerEntries } from "../ledger-entries";
import { threadStatus } from "../labels";
import type { LanguageModelUse, LedgerEntry, TimelineEntry } from "../types";
import { isoOf } from "./dates";
import { PrintButton } from "./print-button";
import { revisionsOf } from "../revisions";
import { formatMicros } from "@/components/ops/format";
import { DecisionsTable, ViewsTable, type ReportDecision, type ReportView } from "./report-tables";
import { ReportTimeline } from "./report-timeline";

export type IncidentReport = {
  generatedAt: string;
  generatedBy: string;
  thread: { threadId: string; status: string; createdAt: unknown };
  customer: { id: string; name: string };
  timeline: TimelineEntry[];
  languageModel?: LanguageModelUse;
  decisions: ReportDecision[];
  ledgerEntries: LedgerEntry[];
  views: ReportView[];
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 print:break-inside-auto print:border-0 print:p-0"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "2 calls, 2,000 tokens in and 100 out, cost US$0.00036" */
export function languageModelLine(use: LanguageModelUse): string {
  if (use.calls === 0) return "not asked";
  const n = (x: number) => x.toLocaleString("en-GB");
  const calls = `${n(use.calls)} call${use.calls === 1 ? "" : "s"}`;
  const tokens = `${n(use.inputTokens)} tokens in and ${n(use.outputTokens)} out`;
  const cost = use.cost.map((c) => formatMicros(c.micros, c.currency));
  const unknown = use.callsWithoutUsage > 0 ? `, ${n(use.callsWithoutUsage)} without a token count` : "";
  return `${calls}, ${tokens}${cost.length > 0 ? `, cost ${cost.join(" + ")}` : ", cost not priced"}${unknown}`;
}

/** The incident report for print: who, what happened, what was decided, what was paid, who looked. */
export function ReportView({ report, revealed }: { report: IncidentReport; revealed: boolean }) {
  const { thread, customer } = report;
  const status = threadStatus(thread.status);
  const viewer = `/incidents/${encodeURIComponent(thread.threadId)}`;
  return (
    <article aria-labelledby="report-title" className="mx-auto max-w-5xl space-y-4 print:max-w-none print:space-y-6 print:text-[11pt]">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link href={viewer} className="text-sm font-medium text-brand-700 underline underline-offset-2">
          ← Back to the viewer
        </Link>
        <PrintButton />
      </div>
      <header className="space-y-2">
        <h1 id="report-title" className="text-xl font-semibold">
          Incident report
        </h1>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-slate-600">Conversation: </dt>
            <dd className="inline font-mono text-xs">{thread.threadId}</dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Customer: </dt>
            <dd className="inline" data-testid="report-customer">
              {customer.name} <span className="font-mono text-xs text-slate-600">({customer.id})</span>
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Status: </dt>
            <dd className="inline">
              <Badge tone={status.tone}>{status.label}</Badge>
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Started: </dt>
            <dd className="inline">
              <DateTime iso={isoOf(thread.createdAt)} />
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Generated: </dt>
            <dd className="inline">
              <DateTime iso={report.generatedAt} /> by {report.generatedBy}
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Agent revisions: </dt>
            <dd className="inline font-mono text-xs" data-testid="report-revisions">
              {revisionsOf(report.timeline).join(" → ") || "none recorded"}
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Language model: </dt>
            <dd className="inline" data-testid="report-language-model">
              {report.languageModel ? languageModelLine(report.languageModel) : "not recorded"}
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Names and card numbers: </dt>
            <dd className="inline">
              {revealed ? "revealed (recorded in the audit trail)" : "masked (a revealed report is the viewer's JSON download, recorded in the audit trail)"}
            </dd>
          </div>
        </dl>
      </header>
      <Section id="decisions" title="Decisions">
        <DecisionsTable decisions={report.decisions} />
      </Section>
      <Section id="ledger" title="Ledger entries">
        <LedgerEntries entries={report.ledgerEntries} />
      </Section>
      <Section id="views" title="Who viewed what">
        <ViewsTable views={report.views} />
      </Section>
      <Section id="timeline" title="Timeline">
        <ReportTimeline entries={report.timeline} />
      </Section>
    </article>
  );
}
