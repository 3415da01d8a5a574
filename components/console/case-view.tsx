"use client";

import Link from "next/link";
import { ApiRequestError } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { fetchApproval } from "./approval-api";
import { AskCustomerForm } from "./ask-customer-form";
import { AuditTrail } from "./audit-trail";
import { CaseConversation } from "./case-conversation";
import { CaseFacts } from "./case-facts";
import { CaseOutcome, PendingNotes } from "./case-outcome";
import { CaseSection } from "./case-section";
import { CaseSummary } from "./case-summary";
import { ClaimControls } from "./claim-controls";
import { ClaimState } from "./claim-state";
import { CustomerCards } from "./customer-cards";
import { CustomerHistory } from "./customer-history";
import { DecisionForm } from "./decision-form";
import { isFinal } from "./labels";
import { QuestionList } from "./question-list";
import type { Viewer } from "./types";
import { NotLoaded, useLiveDetail } from "./use-live-detail";

function refusalTitle(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.code === "conflict:amount") return "Not done: the two approvals must be for one amount";
  if (error.status === 409) return "Not done: the case has changed";
  if (error.status === 403) return "Not allowed";
  return undefined;
}

/** One approval with every fact behind it, its actions, and live updates. */
export function CaseView({ approvalId, viewer }: { approvalId: string; viewer: Viewer }) {
  const { detail, loadError, message, busy, nowMs, perform } = useLiveDetail("approval", approvalId, fetchApproval, refusalTitle);
  if (!detail) return <NotLoaded loadError={loadError} what="case" notFoundTitle="No such approval" />;

  const { approval } = detail;
  const final = isFinal(approval.status);
  const readOnly = viewer.role !== "operator" && viewer.role !== "supervisor";

  return (
    <div className="space-y-4">
      <Link href="/console" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        ← Back to the queue
      </Link>
      <CaseSummary detail={detail} nowMs={nowMs} />
      {loadError ? <Alert title="Could not refresh the case">{loadError.text}</Alert> : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <CaseSection id="conversation" title="The customer's words">
            <CaseConversation messages={detail.messages} customerName={detail.customer.name} />
            {viewer.role === "operator" ? null : (
              <Link href={`/incidents/${encodeURIComponent(approval.threadId)}`} className="text-xs font-medium text-brand-700 underline underline-offset-2">
                Replay this conversation in the incident viewer
              </Link>
            )}
          </CaseSection>
          <CaseSection id="facts" title="Transaction and checks">
            <CaseFacts detail={detail} />
          </CaseSection>
          <CaseSection id="questions" title="Questions and answers">
            <QuestionList questions={detail.questions} customerName={detail.customer.name} />
          </CaseSection>
        </div>
        <div className="space-y-4">
          <CaseSection id="actions" title={final ? "Outcome" : "Decision"}>
            {message ? (
              <Alert tone={message.tone} title={message.title}>
                {message.text}
              </Alert>
            ) : null}
            {final ? (
              <CaseOutcome approval={approval} />
            ) : readOnly ? (
              <>
                <p className="text-sm">
                  <ClaimState claim={approval} nowMs={nowMs} me={viewer.username} />
                </p>
                <PendingNotes approval={approval} />
                <p className="text-sm text-slate-700">Read-only: auditors see the case but cannot act on it.</p>
              </>
            ) : (
              <>
                <ClaimControls approval={approval} viewer={viewer} nowMs={nowMs} busy={busy} perform={perform} />
                <PendingNotes approval={approval} />
                <DecisionForm approval={approval} busy={busy} perform={perform} />
              </>
            )}
          </CaseSection>
          {!final && !readOnly ? (
            <CaseSection id="ask" title="Ask the customer">
              {approval.openQuestion ? (
                <p className="text-sm">
                  Waiting for the answer to: <q>{approval.openQuestion.question}</q>
                </p>
              ) : (
                <AskCustomerForm approval={approval} busy={busy} perform={perform} />
              )}
            </CaseSection>
          ) : null}
          <CaseSection id="cards" title="Cards">
            <CustomerCards cards={detail.cards} />
          </CaseSection>
          <CaseSection id="history" title="Earlier cases and refunds">
            <CustomerHistory earlierCases={detail.earlierCases} refunds={detail.refunds} />
          </CaseSection>
          <CaseSection id="audit" title="Audit trail">
            <AuditTrail events={detail.audit} currency={approval.currency} />
          </CaseSection>
        </div>
      </div>
    </div>
  );
}
