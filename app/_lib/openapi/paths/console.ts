import { approvalDetail, claimAnswer, claimBody, decisionAnswer, decisionBody, queuePage, questionAnswer, questionBody, queueQuery } from "@/app/api/approvals/schema";
import { caseDetail } from "@/app/api/cases/schema";
import { eventStream, json, type Paths } from "../operation";
import { id, LEDGER_DOWN } from "./params";

const NO_APPROVAL = "`not_found:approval`";
const APPROVAL_CONFLICT = "`conflict:approval`: stale, decided, cancelled or expired, or a question is open; carries currentStatus and currentVersion. Nothing was changed.";

/** The operator console: the queue, its live events, a case, and the decisions on it. */
export const consolePaths = {
  "/api/approvals": {
    get: { summary: "The operator queue (staff): filtered, sorted, one page; customers' names masked.", query: queueQuery, responses: { 200: json(queuePage, "One page of the queue") } },
  },
  "/api/approvals/events": {
    get: {
      summary: "Server-Sent Events: an `approval` event (`{approvalId, status, version}`) on every change to the bank's approvals, from any app instance (Postgres LISTEN/NOTIFY); a comment every 15 s keeps the stream open.",
      responses: { 200: eventStream("The event stream") },
    },
  },
  "/api/approvals/{id}": {
    get: {
      summary: "A case for deciding (staff): approval, transaction, customer, conversation, earlier cases, refunds, audit trail, questions; customers' names and card numbers masked.",
      path: id,
      responses: { 200: json(approvalDetail, "The case") },
      errors: { 404: NO_APPROVAL, 503: LEDGER_DOWN },
    },
  },
  "/api/approvals/{id}/decision": {
    post: {
      summary: "Approve (optionally a lower amount) or reject, as a compare-and-set on version.",
      description:
        "Below FOUR_EYES_MINOR one approval settles the refund, an operator's only up to OPERATOR_LIMIT_MINOR. From FOUR_EYES_MINOR two different approvers, one a supervisor, must approve the same amount: the first answers status pending, approvalsNeeded 1; the second approves the first approver's amount (when it sends none) or is refused with 409 `conflict:amount`, which changes nothing. The refund pays the approved amount; every approval's audit event carries it as amountMinor.",
      path: id,
      body: decisionBody,
      responses: { 200: json(decisionAnswer, "Decided") },
      errors: {
        400: "`bad_request:body` (a rejection without a reason, an amount on a rejection), or `bad_request:approval`: an amount above the case's.",
        403: "`forbidden:role`, `forbidden:amount_limit` (above an operator's limit), `forbidden:four_eyes` (the same person twice, or no supervisor), `forbidden:claimed` (another operator's claim), or `forbidden:origin`.",
        404: NO_APPROVAL,
        409: `${APPROVAL_CONFLICT} \`conflict:amount\`: a second approval for another amount than the first approver's; the message names both ("olga approved 1,240.00 EUR; approve that amount, or reject.").`,
      },
    },
  },
  "/api/approvals/{id}/claim": {
    post: {
      summary: "Claim the case (a lease of CLAIM_TTL_MS); taking over another operator's claim is for supervisors.",
      path: id,
      body: claimBody,
      bodyOptional: true,
      responses: { 200: json(claimAnswer, "Claimed") },
      errors: { 404: NO_APPROVAL, 409: "`conflict:claim`: another operator holds the case, or it is no longer pending." },
    },
    delete: {
      summary: "Release the claim (its holder, or a supervisor).",
      path: id,
      responses: { 200: json(claimAnswer, "Released") },
      errors: { 404: NO_APPROVAL, 409: "`conflict:claim`: the case is no longer pending." },
    },
  },
  "/api/approvals/{id}/questions": {
    post: {
      summary: "Ask the customer a question in their chat; decisions wait for the answer.",
      path: id,
      body: questionBody,
      responses: { 201: json(questionAnswer, "Asked") },
      errors: { 404: NO_APPROVAL, 409: APPROVAL_CONFLICT },
    },
  },
  "/api/cases/{id}": {
    get: {
      summary: "A case with its transaction, decision, audit trail and ledger entries (staff; customers' names and card digits masked).",
      path: id,
      responses: { 200: json(caseDetail, "The case") },
      errors: { 404: "`not_found:case`", 503: LEDGER_DOWN },
    },
  },
} satisfies Paths;
