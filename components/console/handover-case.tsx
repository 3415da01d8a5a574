"use client";

import Link from "next/link";
import { ApiRequestError } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { AuditTrail } from "./audit-trail";
import { CaseConversation } from "./case-conversation";
import { CaseSection } from "./case-section";
import { formatSpan, msBetween } from "./durations";
import { fetchHandover } from "./handover-api";
import { HandoverAnswerForm } from "./handover-answer-form";
import { HANDOVER_REASONS, HANDOVER_STATUS, staffName } from "./labels";
import type { HandoverView, Viewer } from "./types";
import { NotLoaded, useLiveDetail } from "./use-live-detail";

function refusalTitle(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.status === 409) return "Not done: the handover has changed";
  if (error.status === 403) return "Not allowed";
  return undefined;
}

function Outcome({ handover }: { handover: HandoverView }) {
  if (handover.status === "answered") {
    return (
      <div className="space-y-1 text-sm">
        <p>
          Answered by <span className="font-medium">{staffName(handover.answeredBy ?? "")}</span>
          {handover.answeredAt ? (
            <>
              {" "}
              at <DateTime iso={handover.answeredAt} />
            </>
          ) : null}
          :
        </p>
        <p className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-2">{handover.answer}</p>
      </div>
    );
  }
  return (
    <p className="text-sm">
      Closed without an answer by <span className="font-medium">{staffName(handover.closedBy ?? "")}</span>
      {handover.closedAt ? (
        <>
          {" "}
          at <DateTime iso={handover.closedAt} />
        </>
      ) : null}
      .
    </p>
  );
}

/** A conversation the agent handed to a person: its summary, the transcript (masked), and the answer box. */
export function HandoverCase({ handoverId, viewer }: { handoverId: string; viewer: Viewer }) {
  const { detail, loadError, message, busy, nowMs, perform } = useLiveDetail("handover", handoverId, fetchHandover, refusalTitle);
  if (!detail) return <NotLoaded loadError={loadError} what="conversation" notFoundTitle="No such handover" />;

  const { handover, messages, audit } = detail;
  const status = HANDOVER_STATUS[handover.status] ?? { label: handover.status, tone: "neutral" as const };
  const readOnly = viewer.role !== "operator" && viewer.role !== "supervisor";

  return (
    <div className="space-y-4">
      <Link href="/console" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        ← Back to the queue
      </Link>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold">Conversation handed over · {handover.customerName}</h1>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div>
            <dt className="inline font-medium">Why: </dt>
            <dd className="inline">{HANDOVER_REASONS[handover.reason] ?? handover.reason}</dd>
          </div>
          {handover.category ? (
            <div>
              <dt className="inline font-medium">Topic: </dt>
              <dd className="inline">{handover.category.replaceAll("_", " ")}</dd>
            </div>
          ) : null}
          <div>
            <dt className="inline font-medium">{handover.status === "open" ? "Waiting for: " : "Handed over: "}</dt>
            <dd className="inline">
              {handover.status === "open" ? `${formatSpan(msBetween(handover.createdAt, nowMs))} (since ` : null}
              <DateTime iso={handover.createdAt} />
              {handover.status === "open" ? ")" : null}
            </dd>
          </div>
        </dl>
      </header>
      {loadError ? <Alert title="Could not refresh the conversation">{loadError.text}</Alert> : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <CaseSection id="summary" title="The agent's summary">
            <p className="whitespace-pre-wrap break-words text-sm">{handover.summary}</p>
          </CaseSection>
          <CaseSection id="conversation" title="The conversation">
            <CaseConversation messages={messages} customerName={handover.customerName} />
            {viewer.role === "operator" ? null : (
              <Link href={`/incidents/${encodeURIComponent(handover.threadId)}`} className="text-xs font-medium text-brand-700 underline underline-offset-2">
                Replay this conversation in the incident viewer
              </Link>
            )}
          </CaseSection>
        </div>
        <div className="space-y-4">
          <CaseSection id="answer" title={handover.status === "open" ? "Answer the customer" : "Outcome"}>
            {message ? (
              <Alert tone={message.tone} title={message.title}>
                {message.text}
              </Alert>
            ) : null}
            {handover.status !== "open" ? (
              <Outcome handover={handover} />
            ) : readOnly ? (
              <p className="text-sm text-slate-700">Read-only: auditors see the conversation but cannot answer it.</p>
            ) : (
              <HandoverAnswerForm handover={handover} busy={busy} perform={perform} />
            )}
          </CaseSection>
          <CaseSection id="audit" title="Audit trail">
            <AuditTrail events={audit} currency={viewer.currency} />
          </CaseSection>
        </div>
      </div>
    </div>
  );
}
