import { z } from "zod";
import { claimAnswer, claimBody, decisionAnswer, decisionBody, approvalDetail, queuePage, questionAnswer, questionBody, queueQuery } from "@/app/api/approvals/schema";
import { signedInAnswer, signedOutAnswer } from "@/app/api/auth/schema";
import { loginBody } from "@/app/api/auth/login/schema";
import { caseDetail } from "@/app/api/cases/schema";
import { healthAnswer } from "@/app/api/health/schema";
import {
  checkpointDetail,
  checkpointList,
  checkpointReplayBody,
  incidentReport,
  replayBody,
  replayResult,
  searchPage,
  searchQuery,
  timeline,
} from "@/app/api/incidents/schema";
import { clockAnswer, clockBody } from "@/app/api/test/clock/schema";
import { messageBody, queuedAnswer, threadCreated, threadDetail, threadList, turnAnswer } from "@/app/api/threads/schema";
import { revealBody } from "@/app/_lib/incidents";
import { idParam } from "@/app/_lib/route";
import { api, eventStream, json, type Operation } from "./operation";

const id = z.object({ id: idParam });
const checkpoint = z.object({ id: idParam, checkpointId: idParam });
const noReveal = z.object({
  reveal: z.never().optional().meta({ description: 'Refused with 400 `bad_request:reveal`: a GET is always masked; a reveal is a POST with `{"reveal": true}`, because it is audited.' }),
});

const NO_APPROVAL = "`not_found:approval`";
const NO_THREAD = "`not_found:thread`: no such conversation in this bank.";
const NO_CHECKPOINT = "`not_found:thread`, or `not_found:checkpoint`: no such checkpoint in this conversation.";
const APPROVAL_CONFLICT = "`conflict:approval`: stale, decided, cancelled or expired, or a question is open; carries currentStatus and currentVersion. Nothing was changed.";
const LEDGER_DOWN = "`unavailable:ledger`: the ledger is not answering.";

/**
 * An incident read: GET is masked; POST with `{"reveal": true}` shows names and card
 * numbers and is audited as `incident.revealed`. Both are audited as `incident.viewed`.
 */
function incidentRead(path: z.ZodObject, summary: string, answer: Operation["responses"], errors: Operation["errors"] = {}) {
  return {
    get: { summary: `${summary} Masked; audited as \`incident.viewed\`.`, path, query: noReveal, responses: answer, errors: { 404: NO_THREAD, ...errors } },
    post: {
      summary: `${summary} \`{"reveal": true}\` shows names and card numbers, audited as \`incident.revealed\`.`,
      path,
      body: revealBody,
      bodyOptional: true,
      responses: answer,
      errors: { 404: NO_THREAD, ...errors },
    },
  } satisfies Record<string, Operation>;
}

const alias = (of: string) => `A stable alias of \`${of}\`, answered by the same handler (auditors and supervisors only, masked unless revealed, audited).`;

const checkpoints = incidentRead(id, "The conversation's checkpoints, oldest first (id, parent, step, source, what ran, next, interrupts, size).", { 200: json(checkpointList, "The checkpoints") });
const checkpointState = incidentRead(checkpoint, "The raw state at a checkpoint and a line diff against its parent; reading never re-runs anything.", { 200: json(checkpointDetail, "The state") }, { 404: NO_CHECKPOINT });

const checkpointReplay: Operation = {
  summary: "Replays the rest of the conversation from this checkpoint in a sandbox (in-memory saver, recorded or live system answers, dry-run ledger), optionally under a what-if policy; audited as `incident.replayed`.",
  description: 'Nothing in production is touched and nothing is paid. The body is optional; `{"reveal": true}` shows names and card numbers (audited as `incident.revealed`).',
  path: checkpoint,
  body: checkpointReplayBody,
  bodyOptional: true,
  responses: { 200: json(replayResult, "The original and the sandbox run side by side") },
  errors: { 404: NO_CHECKPOINT },
};

export const paths = api({
  "/api/auth/login": {
    post: {
      public: true,
      summary: "Sign in: starts a new session (the one presented ends) and sets the session cookie.",
      description:
        "Failed sign-ins count against the account (case-blind) and the client address for LOGIN_FAILURE_WINDOW_MS (15 minutes); past LOGIN_MAX_FAILURES_PER_ACCOUNT (5) or LOGIN_MAX_FAILURES_PER_ADDRESS (30) the answer is 429 with Retry-After, whatever the password, and the refusal is audited as `login.throttled`. The address is the socket's, or with TRUSTED_PROXY_HOPS set, the one the outermost trusted proxy appended to X-Forwarded-For.",
      body: loginBody,
      responses: {
        200: json(signedInAnswer, "Signed in; `Set-Cookie: __Host-bank_session=…; Path=/; Max-Age=43200; HttpOnly; Secure; SameSite=Lax`."),
      },
      errors: {
        401: "`unauthorized:login`: wrong username or password (the same answer for users that do not exist).",
        429: "`too_many_requests:login`: too many failed sign-ins; the `Retry-After` header says when to try again, and the body repeats it as retryAfterSeconds.",
      },
    },
  },
  "/api/auth/logout": {
    post: { public: true, summary: "Sign out: ends the session and clears the cookie under both names.", responses: { 200: json(signedOutAnswer, "Signed out") } },
  },
  "/api/auth/me": {
    get: { summary: "The signed-in user.", responses: { 200: json(signedInAnswer, "The user") } },
  },
  "/api/threads": {
    post: { summary: "A new conversation for the signed-in customer.", responses: { 201: json(threadCreated, "Created") } },
    get: { summary: "The customer's own conversations; staff see every conversation of their bank.", responses: { 200: json(threadList, "The conversations") } },
  },
  "/api/threads/{id}": {
    get: {
      summary: "Status, transcript and latest case of a conversation, for the customer it belongs to.",
      description:
        "Customers only (their own conversations, with their own card digits). Staff are refused 403 `forbidden:role`: operators read a case's conversation, masked, in /api/approvals/{id}; investigators read it, masked and audited, in /api/incidents/threads/{id}/timeline.",
      path: id,
      responses: { 200: json(threadDetail, "The conversation") },
      errors: { 404: NO_THREAD },
    },
  },
  "/api/threads/{id}/messages": {
    post: {
      summary: "One turn of the conversation.",
      description:
        "With `Accept: text/event-stream` the reply streams as `token` events (`{text}`) and ends with `done` (`{reply, status, caseId}`), `queued` (the 202 body) or `error` (`{code, message}`). Otherwise one JSON answer.",
      path: id,
      body: messageBody,
      responses: {
        200: {
          description: "The agent's reply",
          content: {
            "application/json": { schema: turnAnswer },
            "text/event-stream": { schema: z.string() },
          },
        },
        202: json(
          queuedAnswer,
          "A resend of a clientMessageId the thread already has (`status: received, duplicate: true`; nothing stored again), or a message kept behind a running turn (`status: busy`; its answer appears in the transcript). DOUBLE_TEXTING=enqueue answers it when the running turn is done; interrupt and rollback also stop the turn answering an older message at its next superstep boundary (its message is answered as stopped, a refund it had not started is withdrawn; rollback also sets the thread's state back to where that turn began). Runs that carry out an operator's decision are never stopped.",
        ),
      },
      errors: {
        404: NO_THREAD,
        409: "`conflict:thread`: a turn is running and DOUBLE_TEXTING=reject.",
        503: "`unavailable:draining`: this instance is shutting down; the message says whether it was saved.",
      },
    },
  },
  "/api/threads/{id}/history": { get: { ...checkpoints.get, summary: alias("GET /api/incidents/threads/{id}/checkpoints") }, post: { ...checkpoints.post, summary: alias("POST /api/incidents/threads/{id}/checkpoints") } },
  "/api/threads/{id}/checkpoints/{checkpointId}": {
    get: { ...checkpointState.get, summary: alias("GET /api/incidents/threads/{id}/checkpoints/{checkpointId}") },
    post: { ...checkpointState.post, summary: alias("POST /api/incidents/threads/{id}/checkpoints/{checkpointId}") },
  },
  "/api/threads/{id}/checkpoints/{checkpointId}/replay": { post: { ...checkpointReplay, summary: alias("POST /api/incidents/threads/{id}/checkpoints/{checkpointId}/replay") } },
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
  "/api/incidents/threads": {
    get: {
      summary: "Find conversations (auditors, supervisors) by customer, case, status, dates, refund, degraded check; names masked.",
      query: searchQuery,
      responses: { 200: json(searchPage, "One page of conversations") },
    },
  },
  "/api/incidents/threads/{id}/timeline": incidentRead(
    id,
    "Checkpoints with their tasks, system calls, ledger calls, operator actions and messages on one time axis, with the ledger's entries.",
    { 200: json(timeline, "The timeline") },
    { 503: LEDGER_DOWN },
  ),
  "/api/incidents/threads/{id}/checkpoints": checkpoints,
  "/api/incidents/threads/{id}/checkpoints/{checkpointId}": checkpointState,
  "/api/incidents/threads/{id}/checkpoints/{checkpointId}/replay": { post: checkpointReplay },
  "/api/incidents/threads/{id}/replay": {
    post: { ...checkpointReplay, summary: "The same replay, with the checkpoint in the body.", path: id, body: replayBody, bodyOptional: undefined },
  },
  "/api/incidents/threads/{id}/report": {
    post: {
      summary: 'Exports the incident report as a JSON file (content-disposition attachment); audited as `incident.exported`, and `incident.revealed` with `{"reveal": true}`.',
      description: "A POST because it writes the audit trail. The printable page /incidents/{id}/report is always masked.",
      path: id,
      body: revealBody,
      bodyOptional: true,
      responses: { 200: json(incidentReport, "The report") },
      errors: { 404: NO_THREAD, 503: LEDGER_DOWN },
    },
  },
  "/api/health": {
    get: { public: true, summary: "200 once the database and the bank systems answer, 503 otherwise.", responses: { 200: json(healthAnswer, "Healthy"), 503: json(healthAnswer, "Not ready: what does not answer") } },
  },
  "/api/openapi.json": {
    get: { public: true, summary: "This document: the API's contract, generated from the schemas the routes parse with.", responses: { 200: json(z.looseObject({ openapi: z.string() }), "OpenAPI 3.1") } },
  },
  "/api/test/clock": {
    post: {
      summary: "Moves the server's clock forward, for browser tests of expiry (staff). Demo mode with ENABLE_TEST_CLOCK=1 only; otherwise 404 `not_found:route`.",
      body: clockBody,
      responses: { 200: json(clockAnswer, "Moved") },
      errors: { 404: "`not_found:route`: the test clock is off." },
    },
  },
  ...unknownRoutes(),
});

/**
 * `app/api/[...path]`: any path under /api that no route serves, of any depth. OpenAPI's
 * path parameters hold one segment; this entry stands for all of them.
 */
function unknownRoutes() {
  const missing: Operation = {
    public: true,
    summary: "Any API path no route serves (`{path}` is one or more segments): a JSON 404 after the same origin and media-type checks as every route.",
    path: z.object({ path: z.string() }),
    responses: {},
    errors: { 404: "`not_found:route`: there is no such API route." },
  };
  return { "/api/{path}": { get: missing, post: missing, put: missing, patch: missing, delete: missing } };
}
