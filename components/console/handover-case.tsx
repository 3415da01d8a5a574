"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError, errorMessage } from "@/components/api/request-json";
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
import type { HandoverDetail, HandoverView, Perform, Viewer } from "./types";
import { useHandoverEvents } from "./use-approval-events";
import { serverTimeOf, useServerClock, type ServerTime } from "./use-server-clock";

const FALLBACK_REFRESH_MS = 30_000;

type Loaded = { detail: HandoverDetail; time: ServerTime };
type Message = { tone: "success" | "error"; title?: string; text: string };

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
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<{ notFound: boolean; text: string } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const latest = useRef(0);
  const nowMs = useServerClock(loaded?.time ?? null);

  const load = useCallback(async () => {
    const request = ++latest.current;
    try {
      const detail = await fetchHandover(handoverId);
      if (request !== latest.current) return;
      setLoaded({ detail, time: serverTimeOf(detail.now) });
      setLoadError(null);
    } catch (err) {
      if (request !== latest.current) return;
      setLoadError({ notFound: err instanceof ApiRequestError && err.status === 404, text: errorMessage(err) });
    }
  }, [handoverId]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), FALLBACK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  useHandoverEvents(load, handoverId);

  const perform: Perform = useCallback(
    async (action) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setBusy(true);
      setMessage(null);
      try {
        setMessage({ tone: "success", text: await action() });
        return true;
      } catch (err) {
        setMessage({ tone: "error", title: refusalTitle(err), text: errorMessage(err) });
        return false;
      } finally {
        await load();
        inFlight.current = false;
        setBusy(false);
      }
    },
    [load],
  );

  if (!loaded) {
    if (!loadError) {
      return (
        <p role="status" className="text-sm text-slate-600">
          Loading the conversation…
        </p>
      );
    }
    return (
      <div className="space-y-3">
        <Alert title={loadError.notFound ? "No such handover" : "Could not load the conversation"}>{loadError.text}</Alert>
        <Link href="/console" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Back to the queue
        </Link>
      </div>
    );
  }

  const { handover, messages, audit } = loaded.detail;
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
            <AuditTrail events={audit} currency="EUR" />
          </CaseSection>
        </div>
      </div>
    </div>
  );
}
