import { formatMinor } from "@/vocabulary/money";
import { Badge } from "@/components/ui/badge";
import { prettyJson } from "./json-text";
import { actionLabel, actorName, formatBytes, OUTCOME_TONE } from "./labels";
import type { ReactNode } from "react";
import type { CheckpointEntry, LedgerCallEntry, MessageEntry, NodeEventEntry, OperatorActionEntry, TimelineEntry } from "./types";

export const CELL = "px-3 py-2 align-top";

const PRE = "mt-1 max-h-48 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs text-slate-800";

function Names({ names, none }: { names: string[]; none: string }) {
  return names.length ? <span className="font-mono text-xs">{names.join(", ")}</span> : <span className="text-slate-600">{none}</span>;
}

export function CheckpointSummary({ entry }: { entry: CheckpointEntry }) {
  const interrupts = entry.tasks.reduce((n, t) => n + t.interrupts.length, 0);
  const failed = entry.tasks.filter((t) => t.error).length;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>
        <span className="text-xs text-slate-600">next </span>
        <Names names={entry.next} none="end of turn" />
      </span>
      {interrupts > 0 ? <Badge tone="warning">Waits for a decision</Badge> : null}
      {entry.resumes.length > 0 ? <Badge tone="info">Decision answered</Badge> : null}
      {failed > 0 ? (
        <Badge tone="danger">
          {failed} failed {failed === 1 ? "attempt" : "attempts"}
        </Badge>
      ) : null}
      <span className="font-mono text-xs text-slate-600">{formatBytes(entry.sizeBytes)}</span>
    </div>
  );
}

/** What a call asked a system to do, when it says: "freeze", "list". */
function operationOf(request: unknown): string | null {
  if (!request || typeof request !== "object") return null;
  const { operation } = request as { operation?: unknown };
  return typeof operation === "string" ? operation : null;
}

export function NodeEventDetails({ entry }: { entry: NodeEventEntry }) {
  const operation = operationOf(entry.request);
  return (
    <div className="space-y-0.5">
      <p className="flex flex-wrap items-center gap-x-2">
        <span className="font-mono text-xs">
          {entry.node}
          {entry.system ? ` → ${entry.system}` : ""}
          {operation ? ` ${operation}` : ""}
        </span>
        <Badge tone={OUTCOME_TONE[entry.outcome] ?? "neutral"}>{entry.outcome}</Badge>
        <span className="text-xs text-slate-700">
          {entry.latencyMs} ms · attempt {entry.attempt}
          {entry.revision ? ` · ${entry.revision}` : ""}
        </span>
        {entry.system === "llm" ? (
          <span className="text-xs text-slate-700" data-testid="llm-usage">
            {entry.inputTokens == null ? "no token count" : `${entry.inputTokens} tokens in, ${entry.outputTokens ?? 0} out`}
            {entry.costMicros != null && entry.costCurrency ? ` · ${entry.costMicros / 1e6} ${entry.costCurrency}` : ""}
          </span>
        ) : null}
      </p>
      {entry.idempotencyKey ? <p className="font-mono text-xs text-slate-700">{entry.idempotencyKey}</p> : null}
      {entry.error ? <p className="text-xs text-red-800">{entry.error}</p> : null}
      {entry.request !== undefined ? (
        <details>
          <summary className="cursor-pointer text-xs font-medium text-brand-700">Request and response</summary>
          <p className="mt-1 text-xs font-medium text-slate-700">Request</p>
          <pre tabIndex={0} aria-label={`${entry.system ?? "System"} request`} className={PRE}>
            {prettyJson(entry.request)}
          </pre>
          <p className="mt-1 text-xs font-medium text-slate-700">Response</p>
          <pre tabIndex={0} aria-label={`${entry.system ?? "System"} response`} className={PRE}>
            {prettyJson(entry.response ?? null)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

function amountOf(request: unknown): string | null {
  if (!request || typeof request !== "object") return null;
  const { amountMinor, currency } = request as { amountMinor?: unknown; currency?: unknown };
  return typeof amountMinor === "number" ? formatMinor(amountMinor, typeof currency === "string" ? currency : "EUR") : null;
}

export function LedgerCallDetails({ entry }: { entry: LedgerCallEntry }) {
  const amount = amountOf(entry.request);
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-x-2">
        <span className="font-mono text-xs">{entry.idempotencyKey ?? "no idempotency key"}</span>
        <Badge tone={entry.outcome === "ok" ? "success" : "danger"}>{entry.outcome}</Badge>
        {amount ? <span className="text-xs font-medium tabular-nums">{amount}</span> : null}
      </p>
      {entry.error ? <p className="text-xs text-red-800">{entry.error}</p> : null}
      <details>
        <summary className="cursor-pointer text-xs font-medium text-brand-700">Request and response</summary>
        <p className="mt-1 text-xs font-medium text-slate-700">Request</p>
        <pre tabIndex={0} aria-label="Ledger request" className={PRE}>
          {prettyJson(entry.request)}
        </pre>
        <p className="mt-1 text-xs font-medium text-slate-700">Response</p>
        <pre tabIndex={0} aria-label="Ledger response" className={PRE}>
          {prettyJson(entry.response)}
        </pre>
      </details>
    </div>
  );
}

function reasonOf(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const { reason } = data as { reason?: unknown };
  return typeof reason === "string" && reason ? reason : null;
}

export function OperatorActionDetails({ entry }: { entry: OperatorActionEntry }) {
  const reason = reasonOf(entry.data);
  return (
    <div className="space-y-0.5">
      <p>
        <span className="font-medium">{actorName(entry.actor)}</span> · {actionLabel(entry.action)}{" "}
        <code className="text-xs text-slate-600">{entry.action}</code>
      </p>
      {reason ? <p className="text-xs text-slate-700">“{reason}”</p> : null}
    </div>
  );
}

export function MessageDetails({ entry }: { entry: MessageEntry }) {
  return (
    <div className="space-y-0.5">
      <p className="max-w-prose whitespace-pre-wrap text-slate-800">{entry.text}</p>
      {entry.revision ? <p className="font-mono text-xs text-slate-600">written by {entry.revision}</p> : null}
    </div>
  );
}

/** What one timeline entry says; a checkpoint is drawn by `checkpoint` (the table and the report differ there). */
export function EntryDetails({ entry, checkpoint }: { entry: TimelineEntry; checkpoint: (entry: CheckpointEntry) => ReactNode }): ReactNode {
  switch (entry.kind) {
    case "checkpoint":
      return checkpoint(entry);
    case "node_event":
      return <NodeEventDetails entry={entry} />;
    case "ledger_call":
      return <LedgerCallDetails entry={entry} />;
    case "operator_action":
      return <OperatorActionDetails entry={entry} />;
    case "message":
      return <MessageDetails entry={entry} />;
  }
}
