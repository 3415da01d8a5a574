import {
  approvalDetail,
  claimAnswer,
  claimBody,
  decisionAnswer,
  decisionBody,
  queuePage,
  questionAnswer,
  questionBody,
  queueQuery,
} from "@/app/api/approvals/schema";
import { caseDetail } from "@/app/api/cases/schema";
import { answerBody, closeBody, handoverChange, handoverDetail, handoverList, handoverListQuery } from "@/app/api/handovers/schema";
import { eventStream, json, type Paths } from "../operation";
import { id, LEDGER_DOWN } from "./params";

const NO_APPROVAL = "`not_found:approval`";
const NO_HANDOVER = "`not_found:handover`: no such handover in this bank.";
const HANDOVER_CONFLICT =
  "`conflict:handover`: the handover is at another version (someone else acted on it) or already answered or closed; carries currentStatus and currentVersion. Nothing was changed.";
const HANDOVER_ROLES =
  "`forbidden:role`: a customer or an auditor (only operators and supervisors act on handovers), or `forbidden:origin`: a browser sent it for another website.";
const APPROVAL_CONFLICT =
  "`conflict:approval`: stale, decided, cancelled or expired, or a question is open; carries currentStatus and currentVersion. Nothing was changed.";

/** The operator console: the queue, its live events, a case, the decisions on it, and conversations handed to a person. */
export const consolePaths = {
  "/api/approvals": {
    get: {
      summary: "The operator queue (staff): filtered, sorted, one page; customers' names masked.",
      query: queueQuery,
      responses: { 200: json(queuePage, "One page of the queue") },
    },
  },
  "/api/approvals/events": {
    get: {
      summary:
        "Server-Sent Events: `ready` (`{}`) once the stream listens, so that a client reloads what it showed (a change made before then is not told again); an `approval` event (`{approvalId, status, version}`) on every change to the bank's approvals, and a `handover` event (`{handoverId, status, version}`) on every change to its handovers, from any app instance (Postgres LISTEN/NOTIFY); a comment every 15 s keeps the stream open. When the session that opened it ends (signed out anywhere, expired, the user's password reset or role changed) it ends within seconds with `signed_out` (`{code: \"unauthorized:session_ended\", message, error}`, the error shape of every event stream here).",
      responses: { 200: eventStream("The event stream") },
    },
  },
  "/api/approvals/{id}": {
    get: {
      summary:
        "A case for deciding (staff): approval, transaction, customer, conversation, earlier cases, refunds, audit trail, questions; customers' names and card numbers masked.",
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
  "/api/handovers": {
    get: {
      summary:
        "Conversations the agent handed to a person (staff): open ones longest waiting first, others newest first, at most 100; customers' names masked.",
      query: handoverListQuery,
      responses: { 200: json(handoverList, "The handovers") },
    },
  },
  "/api/handovers/{id}": {
    get: {
      summary: "A handed-over conversation (staff): the agent's summary, the transcript and the audit trail; customers' names and card numbers masked.",
      path: id,
      responses: { 200: json(handoverDetail, "The handover") },
      errors: { 404: NO_HANDOVER },
    },
  },
  "/api/handovers/{id}/answer": {
    post: {
      summary: "Answer the customer in their chat (operators, supervisors), as a compare-and-set on version.",
      description:
        "The text (1 to 2,000 characters, trimmed) is added to the customer's conversation as an agent message that starts with the staff member's first name (\"Olga from our support team: ...\"); the handover becomes answered and the audit trail records `handover.answered`, in one transaction. The customer's chat shows it without a reload.",
      path: id,
      body: answerBody,
      responses: { 200: json(handoverChange, "Answered") },
      errors: { 403: HANDOVER_ROLES, 404: NO_HANDOVER, 409: HANDOVER_CONFLICT },
    },
  },
  "/api/handovers/{id}/close": {
    post: {
      summary: "Close a handover without writing to the customer (operators, supervisors), as a compare-and-set on version; audited as `handover.closed`.",
      path: id,
      body: closeBody,
      responses: { 200: json(handoverChange, "Closed") },
      errors: { 403: HANDOVER_ROLES, 404: NO_HANDOVER, 409: HANDOVER_CONFLICT },
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
