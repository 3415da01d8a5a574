import { formatMinor } from "@/vocabulary/money";
import type { AntifraudFacts, CheckResult, Checks, HistoryFacts, LimitsFacts } from "@/agent/graph/state";
import { Badge, type Tone } from "@/components/ui/badge";
import type { ReactNode } from "react";

const RISK_TONE: Record<AntifraudFacts["risk"], Tone> = { low: "success", medium: "warning", high: "danger" };

function CheckBox<F>({ title, check, children }: { title: string; check: CheckResult<F> | undefined; children: (facts: F) => ReactNode }) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <dt className="flex items-center justify-between text-xs font-semibold uppercase tracking-wide text-slate-600">
        {title}
        {check?.status === "ok" ? <span className="font-normal normal-case text-slate-600">{check.latencyMs} ms</span> : null}
      </dt>
      <dd className="mt-1 text-sm text-slate-800">
        {!check ? (
          <span className="text-slate-500">Not checked</span>
        ) : check.status === "unavailable" ? (
          <span className="space-y-1">
            <Badge tone="warning">Unavailable</Badge> <span className="text-slate-700">{check.reason}</span>
          </span>
        ) : (
          children(check.facts)
        )}
      </dd>
    </div>
  );
}

function Antifraud({ facts }: { facts: AntifraudFacts }) {
  return (
    <>
      <p>
        <Badge tone={RISK_TONE[facts.risk] ?? "neutral"}>{facts.risk} risk</Badge> <span className="text-slate-600">score {facts.score}</span>
      </p>
      {facts.signals.length > 0 ? (
        <ul className="mt-1 list-inside list-disc text-xs text-slate-700">
          {facts.signals.map((signal) => (
            <li key={signal}>{signal}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-slate-500">No signals</p>
      )}
    </>
  );
}

function History({ facts }: { facts: HistoryFacts }) {
  return (
    <ul className="space-y-0.5">
      <li>
        <span className="font-semibold">{facts.refundsLast30Days}</span> refund(s) in the last 30 days
      </li>
      <li className="text-xs text-slate-600">
        {facts.openCases} open case(s), {facts.casesTotal} in total
      </li>
    </ul>
  );
}

function Limits({ facts }: { facts: LimitsFacts }) {
  if (facts.cards.length === 0) return <span className="text-slate-500">No cards</span>;
  return (
    <ul className="space-y-1">
      {facts.cards.map((card) => (
        <li key={card.cardId ?? card.last4}>
          Card •••• {card.last4}: {formatMinor(card.spentTodayMinor, card.currency)} of {formatMinor(card.dailyLimitMinor, card.currency)} used today
        </li>
      ))}
    </ul>
  );
}

/** What the three bank systems said about the case, or why they could not say. */
export function CheckFacts({ checks }: { checks: Checks | null }) {
  return (
    <dl className="grid gap-2 md:grid-cols-3">
      <CheckBox title="Antifraud" check={checks?.antifraud}>
        {(facts) => <Antifraud facts={facts} />}
      </CheckBox>
      <CheckBox title="History" check={checks?.history}>
        {(facts) => <History facts={facts} />}
      </CheckBox>
      <CheckBox title="Limits" check={checks?.limits}>
        {(facts) => <Limits facts={facts} />}
      </CheckBox>
    </dl>
  );
}
