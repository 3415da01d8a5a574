"use client";

import Link from "next/link";
import type { ShadowReportSummary, ShadowReportView } from "@/app/api/releases/shadow/schema";
import { useResource } from "@/components/incidents/use-resource";
import { ColumnHeads } from "@/components/ops/column-heads";
import { Alert } from "@/components/ui/alert";
import { DateTime } from "@/components/ui/date-time";

type Report = ShadowReportView["report"];
type Figures = Report["overall"];

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** "4.0% → 9.5%", marked when the candidate's rate is the higher. */
function RateChange({ from, to }: { from: number; to: number }) {
  const worse = to > from;
  return (
    <span className={worse ? "font-medium text-red-700" : undefined}>
      {pct(from)} → {pct(to)}
      {worse ? <span className="sr-only"> (higher)</span> : null}
    </span>
  );
}

function FiguresRow({ name, f }: { name: string; f: Figures }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="px-2 py-1 font-normal">
        {name}
      </th>
      <td className="px-2 py-1">{f.turns}</td>
      <td className={`px-2 py-1 ${f.outcomesChanged > 0 ? "font-medium text-red-700" : ""}`}>{f.outcomesChanged}</td>
      <td className="px-2 py-1">{f.changed.reply}</td>
      <td className="px-2 py-1">
        <RateChange from={f.production.clarifying} to={f.candidate.clarifying} />
      </td>
      <td className="px-2 py-1">
        <RateChange from={f.production.handover} to={f.candidate.handover} />
      </td>
      <td className="px-2 py-1">
        <RateChange from={f.production.fallback} to={f.candidate.fallback} />
      </td>
    </tr>
  );
}

type Outcome = Report["changes"][number]["production"];
const outcomeText = (o: Outcome) =>
  [
    o.intent ?? "no intent",
    o.outcome,
    o.decision,
    o.refundMinor === null ? null : `refund ${(o.refundMinor / 100).toFixed(2)}`,
    o.handover ? "handed over" : null,
    o.card,
    o.fallback ? "fallback" : null,
  ]
    .filter(Boolean)
    .join(" · ");

function ReportView({ view }: { view: ShadowReportView }) {
  const r = view.report;
  return (
    <article aria-labelledby="report-title" className="space-y-4" data-testid="shadow-report">
      <header>
        <h2 id="report-title" className="text-lg font-semibold">
          Candidate <span className="font-mono">{view.candidateRevisionId}</span>
        </h2>
        <p className="text-sm text-slate-600">
          {r.overall.turns} customer turn(s) from <DateTime iso={view.since} /> to <DateTime iso={view.until} />, replayed <DateTime iso={r.generatedAt} /> by{" "}
          {view.ranBy}. Production ran them as{" "}
          {Object.entries(r.production)
            .map(([id, n]) => `${id} (${n})`)
            .join(", ") || "—"}
          . Understood: {r.understanding.recorded} by the model&apos;s recorded reading, {r.understanding.candidate} by the candidate. Replies compared word for
          word: {r.replies.compared} of {r.replies.compared + r.replies.notCompared}.
        </p>
        {r.failed.length > 0 ? <Alert className="mt-2">{r.failed.length} turn(s) could not be replayed; the JSON report lists them with why.</Alert> : null}
        {r.missingSystemAnswers > 0 ? (
          <Alert tone="info" className="mt-2">
            {r.missingSystemAnswers} check(s) the candidate asked for had no recorded answer and ran degraded.
          </Alert>
        ) : null}
      </header>
      <section aria-labelledby="by-intent-title" className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <h3 id="by-intent-title" className="font-medium text-slate-800">
          By intent (production&apos;s reading): production → candidate
        </h3>
        <div className="mt-2 overflow-auto" tabIndex={0} role="region" aria-label="Figures by intent">
          <table className="w-full text-left tabular-nums" data-testid="by-intent">
            <ColumnHeads names={["Intent", "Turns", "Outcomes changed", "Replies changed", "Clarifying questions", "Hand-overs", "Fallbacks"]} />
            <tbody>
              {Object.entries(r.byIntent).map(([intent, f]) => (
                <FiguresRow key={intent} name={intent} f={f} />
              ))}
              <FiguresRow name="Overall" f={r.overall} />
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="changes-title" className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <h3 id="changes-title" className="font-medium text-slate-800">
          Turns that changed ({r.changes.length})
        </h3>
        {r.changes.length === 0 ? (
          <p className="mt-1 text-slate-600">The candidate answered every turn as production did.</p>
        ) : (
          <div className="mt-2 overflow-auto" tabIndex={0} role="region" aria-label="Turns that changed">
            <table className="w-full text-left" data-testid="changed-turns">
              <ColumnHeads names={["When", "Conversation", "What changed", "Production", "Candidate"]} />
              <tbody>
                {r.changes.map((c) => (
                  <tr key={c.checkpointId} className="border-t border-slate-100 align-top">
                    <td className="px-2 py-1 whitespace-nowrap">
                      <DateTime iso={c.at} />
                    </td>
                    <td className="px-2 py-1">
                      <Link href={`/incidents/${c.threadId}`} className="font-mono text-xs text-brand-700 underline-offset-2 hover:underline">
                        {c.threadId.slice(0, 8)}
                      </Link>
                    </td>
                    <td className="px-2 py-1">{c.changes.join(", ")}</td>
                    <td className="px-2 py-1">{outcomeText(c.production)}</td>
                    <td className="px-2 py-1">{outcomeText(c.candidate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  );
}

/** The Releases page: the bank's shadow-replay reports, and the one chosen (the newest unless the address names one). */
export function ShadowReports({ chosen }: { chosen: string | null }) {
  const list = useResource<{ reports: ShadowReportSummary[] }>("/api/releases/shadow");
  const reports = list.data?.reports ?? [];
  const shown = chosen ?? reports[0]?.id ?? null;
  const report = useResource<ShadowReportView>(shown ? `/api/releases/shadow/${shown}` : null);
  return (
    <section aria-labelledby="releases-title" className="space-y-6">
      <div>
        <h1 id="releases-title" className="text-xl font-semibold">
          Releases
        </h1>
        <p className="text-sm text-slate-600">
          How a candidate revision of the agent would have answered this bank&apos;s real customer turns, replayed in the sandbox before it meets a customer. A
          report is made with <code>npm run release:shadow</code> in the candidate&apos;s checkout; it holds outcomes and counts, never a customer&apos;s words.
        </p>
      </div>
      {list.error ? <Alert>{list.error}</Alert> : null}
      {list.data && reports.length === 0 ? <p className="text-sm text-slate-600">No shadow replay has been run for this bank yet.</p> : null}
      {reports.length > 0 ? (
        <div className="overflow-auto rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm" tabIndex={0} role="region" aria-label="Shadow replays">
          <table className="w-full text-left tabular-nums" data-testid="shadow-reports">
            <ColumnHeads names={["Replayed", "Candidate", "Window", "Turns", "Outcomes changed", "By"]} />
            <tbody>
              {reports.map((s) => (
                <tr
                  key={s.id}
                  className={`border-t border-slate-100 ${s.id === shown ? "bg-brand-50" : ""}`}
                  aria-current={s.id === shown ? "true" : undefined}
                >
                  <td className="px-2 py-1">
                    <Link href={`/releases?report=${s.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                      <DateTime iso={s.createdAt} />
                    </Link>
                  </td>
                  <td className="px-2 py-1 font-mono text-xs">{s.candidateRevisionId}</td>
                  <td className="px-2 py-1">
                    <DateTime iso={s.since} /> – <DateTime iso={s.until} />
                  </td>
                  <td className="px-2 py-1">{s.turns}</td>
                  <td className="px-2 py-1">{s.outcomesChanged}</td>
                  <td className="px-2 py-1">{s.ranBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.error ? <Alert>{report.error}</Alert> : null}
      {report.data ? <ReportView view={report.data} /> : null}
    </section>
  );
}
