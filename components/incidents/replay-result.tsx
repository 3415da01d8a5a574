import { formatMinor } from "@/vocabulary/money";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { previewJson } from "./json-text";
import type { PathOutcome, ReplayPath, ReplayResult } from "./types";

const OUTCOME_FIELDS: { key: keyof PathOutcome; label: string }[] = [
  { key: "triage", label: "Triage" },
  { key: "triageReason", label: "Why" },
  { key: "approval", label: "Approval" },
  { key: "refund", label: "Refund" },
  { key: "reply", label: "Reply" },
];

const TRIAGE: Record<string, string> = { auto_approve: "Auto-approved by policy", review: "Sent to an operator" };

function show(key: keyof PathOutcome, value: string | null): string {
  if (value === null || value === "") return "—";
  return key === "triage" ? (TRIAGE[value] ?? value) : value;
}

function PathColumn({ id, title, path, other }: { id: string; title: string; path: ReplayPath; other: ReplayPath }) {
  return (
    <section aria-labelledby={`${id}-title`} data-path={id} className="space-y-3 rounded-md border border-slate-200 p-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {title}
      </h3>
      <ol className="space-y-1 text-sm" aria-label={`${title}: steps`}>
        {path.steps.map((s, i) => {
          const changed = other.steps[i]?.nodes.join(",") !== s.nodes.join(",");
          return (
            <li key={`${s.step}-${i}`} className={`flex gap-2 rounded px-1 ${changed ? "bg-amber-50" : ""}`}>
              <span className="w-14 shrink-0 font-mono text-xs text-slate-600">step {s.step}</span>
              <span className="font-mono text-xs">{s.nodes.join(", ") || "—"}</span>
              {changed ? <span className="sr-only">(differs)</span> : null}
            </li>
          );
        })}
        {path.steps.length === 0 ? <li className="text-xs text-slate-600">No steps.</li> : null}
      </ol>
      <dl className="space-y-1 text-sm" aria-label={`${title}: outcome`}>
        {OUTCOME_FIELDS.map(({ key, label }) => {
          const changed = path.outcome[key] !== other.outcome[key];
          return (
            <div key={key} data-field={key} className={`grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2 rounded px-1 ${changed ? "bg-amber-50" : ""}`}>
              <dt className="text-xs font-medium text-slate-600">
                {label}
                {changed ? <span className="sr-only"> (differs)</span> : null}
              </dt>
              <dd className={key === "triage" ? "font-medium" : "text-slate-800"}>{show(key, path.outcome[key])}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function amountOf(request: unknown): string {
  if (!request || typeof request !== "object") return previewJson(request, 200);
  const { amountMinor, currency } = request as { amountMinor?: unknown; currency?: unknown };
  return typeof amountMinor === "number" ? formatMinor(amountMinor, typeof currency === "string" ? currency : "EUR") : previewJson(request, 200);
}

const CARD_OPERATIONS: Record<ReplayResult["cardCalls"][number]["operation"], string> = {
  freeze: "freeze card",
  unfreeze: "unfreeze card",
  replacement: "replacement card",
};

/** The original path beside the sandbox's, what the sandbox would have paid, and where its system answers came from. */
export function ReplayResultView({ result }: { result: ReplayResult }) {
  return (
    <div className="space-y-4" data-testid="replay-result">
      {result.differs ? (
        <Alert tone="info" title="The decision differs">
          With these settings the conversation would have taken another path. Nothing was paid: the sandbox used a dry-run ledger.
        </Alert>
      ) : (
        <Alert tone="success" title="Same decision">
          With these settings the conversation takes the same path it took.
        </Alert>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <PathColumn id="original-path" title="Original" path={result.original} other={result.sandbox} />
        <PathColumn id="sandbox-path" title="Sandbox" path={result.sandbox} other={result.original} />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <section aria-labelledby="dry-run-title" className="space-y-1">
          <h3 id="dry-run-title" className="text-sm font-semibold">
            Dry-run ledger calls
          </h3>
          {result.ledgerCalls.length === 0 ? (
            <p className="text-sm text-slate-600">The sandbox would not have called the ledger.</p>
          ) : (
            <ul className="space-y-1 text-sm" aria-label="Dry-run ledger calls">
              {result.ledgerCalls.map((call, i) => (
                <li key={`${call.idempotencyKey}-${i}`}>
                  <span className="font-mono text-xs">{call.idempotencyKey}</span> · {amountOf(call.request)} <Badge>not paid</Badge>
                </li>
              ))}
            </ul>
          )}
          {result.cardCalls.length > 0 ? (
            <ul className="space-y-1 text-sm" aria-label="Dry-run card changes">
              {result.cardCalls.map((call, i) => (
                <li key={`${call.idempotencyKey}-${i}`}>
                  <span className="font-mono text-xs">{call.idempotencyKey}</span> · {CARD_OPERATIONS[call.operation]}
                  {call.reason ? ` (${call.reason.replace(/_/g, " ")})` : ""} <Badge>not changed</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section aria-labelledby="system-calls-title" className="space-y-1">
          <h3 id="system-calls-title" className="text-sm font-semibold">
            Bank-system answers
          </h3>
          {result.systemCalls.length === 0 ? (
            <p className="text-sm text-slate-600">The sandbox asked no bank system.</p>
          ) : (
            <ul className="flex flex-wrap gap-2 text-sm" aria-label="Bank-system answers">
              {result.systemCalls.map((call, i) => (
                <li key={`${call.system}-${i}`}>
                  <Badge tone={call.source === "missing" ? "danger" : call.source === "live" ? "warning" : "neutral"}>
                    {call.system}: {call.source}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          <p className="font-mono text-xs text-slate-600">sandbox thread {result.sandboxThreadId}</p>
        </section>
      </div>
    </div>
  );
}
