import { z } from "zod";
import { idParam } from "@/app/api/schema";
import {
  assistant,
  assistantSearchBody,
  assistantVersionsBody,
  historyBody,
  historyQuery,
  run,
  runBody,
  runResult,
  STREAM_MODES,
  thread,
  threadCreateBody,
  threadSearchBody,
  threadState,
} from "@/app/api/langgraph/schema";
import { eventStream, json, type Operation, type Paths } from "../operation";
import { id, NO_THREAD, TOO_MANY_THREADS, TOO_MANY_TURNS } from "./params";

const TAG = "LangGraph Platform API";

const runPath = z.object({ id: idParam, runId: idParam });
const joinQuery = z.object({
  stream_mode: z
    .array(z.enum(STREAM_MODES))
    .max(STREAM_MODES.length)
    .optional()
    .meta({ description: "Repeated for several modes (`?stream_mode=values&stream_mode=updates`); none means `values`." }),
});

const TIMED_OUT = "`timeout:run`: the run was still going after two minutes; join it again for its answer.";
const ROLES = "`forbidden:role`: auditors use the incident viewer; `forbidden:origin`: a browser sent this write for another website.";
const THREAD_HIDDEN = `${NO_THREAD} Another customer's conversation, and for staff one that never reached an operator, is the same 404.`;
const NO_RUN = `${NO_THREAD} \`not_found:run\`: no such run on this conversation.`;
const RUN_FORBIDDEN =
  "`forbidden:role`: a customer sending `command.resume` (their own approval least of all), an operator or supervisor sending `input`, or an auditor. A decision is the console's: `forbidden:amount_limit`, `forbidden:four_eyes`, `forbidden:claimed`. `forbidden:origin` as on every write.";
const RUN_BAD =
  "`bad_request:body`: not one of input (one customer message) and command.resume, an unknown stream mode, `command.goto` or `command.update`. `bad_request:resume`: a resume that is no decision (an ignore, an accept without `args.version`, an edit to an amount that is not a whole positive number, a rejection without a reason). `bad_request:approval`: an amount above the case's.";
const RUN_NOT_FOUND = `${THREAD_HIDDEN} \`not_found:assistant\`: an assistant_id that is neither the assistant's id nor \`agent\`.`;
const DECISION_CONFLICT =
  "`conflict:interrupt`: nothing in this conversation waits for a decision, or the resume names another interrupt or approval. `conflict:approval`: a stale version, or decided, cancelled, expired, or a question is open (carries currentStatus and currentVersion). `conflict:amount`: a second approval for another amount than the first approver's. Nothing was changed.";
const TURN_CONFLICT = "`conflict:thread`: a turn is running and DOUBLE_TEXTING=reject.";
const DRAINING = "`unavailable:draining`: this instance is shutting down; the message says whether the message was saved.";
const RUN_SENDERS =
  "Customers send `input.messages` (one human message: text or text blocks; its optional `id` is the run's id, so a resend is the same run) on their own conversations. Operators and supervisors send `command.resume` on a conversation that waits for them: the console's decision body `{decision, version, reason?, amountMinor?}`, or Agent Inbox's HumanResponse (accept approves the version in `args.args.version`, edit approves `args.args.amountMinor`, response rejects with its text as the reason), bare or addressed by interrupt id (`{[interrupt id]: value}`). A decision goes through the console's rules: roles, limits, the four-eyes rule, claims and the version compare-and-set.";

const runOperation = (summary: string, description: string, responses: Operation["responses"], errors: Operation["errors"]): Operation => ({
  tag: TAG,
  summary,
  description: `${description} ${RUN_SENDERS}`,
  path: id,
  body: runBody,
  responses,
  errors: { 400: RUN_BAD, 403: RUN_FORBIDDEN, 404: RUN_NOT_FOUND, 429: TOO_MANY_TURNS, ...errors },
});

/**
 * The LangGraph Platform API subset under /api/langgraph, in the Platform's snake_case
 * shapes: the official SDK, useStream, agent-chat-ui and Agent Inbox call these.
 */
export const langGraphPaths = {
  "/api/langgraph/assistants/search": {
    post: {
      tag: TAG,
      summary: "The one assistant (the bank support graph, `graph_id: agent`) when the search matches it, else an empty list.",
      body: assistantSearchBody,
      bodyOptional: true,
      responses: { 200: json(z.array(assistant), "The matching assistants") },
      errors: { 403: ROLES },
    },
  },
  "/api/langgraph/assistants/{id}": {
    get: {
      tag: TAG,
      summary: "The assistant by its id or by its graph's id (`agent`).",
      path: id,
      responses: { 200: json(assistant, "The assistant") },
      errors: { 403: ROLES, 404: "`not_found:assistant`: no such assistant." },
    },
  },
  "/api/langgraph/assistants/{id}/versions": {
    post: {
      tag: TAG,
      summary:
        "The assistant's versions, newest first: one a revision of the agent that has run on this deployment, numbered in the order they first ran; its metadata names the revision (`revision`) and what it is made of (`components`).",
      path: id,
      body: assistantVersionsBody,
      bodyOptional: true,
      responses: { 200: json(z.array(assistant), "The versions") },
      errors: { 403: ROLES, 404: "`not_found:assistant`: no such assistant." },
    },
  },
  "/api/langgraph/threads": {
    post: {
      tag: TAG,
      summary: "A new conversation for the signed-in customer, under the client's `thread_id` when it sends one.",
      description: "Customers only. With `if_exists: do_nothing` a `thread_id` the customer already has answers that conversation.",
      body: threadCreateBody,
      bodyOptional: true,
      responses: { 200: json(thread, "The conversation") },
      errors: {
        403: "`forbidden:role`: only customers start conversations; `forbidden:origin`: a browser sent this write for another website.",
        409: "`conflict:thread`: a conversation with this id exists (under `if_exists: raise`, or another customer's).",
        429: TOO_MANY_THREADS,
      },
    },
  },
  "/api/langgraph/threads/search": {
    post: {
      tag: TAG,
      summary: "Conversations newest first: a customer's own; for operators and supervisors, those that reached an operator, masked.",
      description: "Agent Inbox lists `status: interrupted`: the conversations waiting for a decision. `status: error` is always empty.",
      body: threadSearchBody,
      bodyOptional: true,
      responses: { 200: json(z.array(thread), "The conversations") },
      errors: { 403: ROLES },
    },
  },
  "/api/langgraph/threads/{id}": {
    get: {
      tag: TAG,
      summary: "One conversation: status, values (transcript and case) and the pending interrupts.",
      path: id,
      responses: { 200: json(thread, "The conversation") },
      errors: { 403: ROLES, 404: THREAD_HIDDEN },
    },
  },
  "/api/langgraph/threads/{id}/state": {
    get: {
      tag: TAG,
      summary: "The conversation's current state: values, next nodes, tasks, and the approval interrupt (a HumanInterrupt) while it waits.",
      path: id,
      responses: { 200: json(threadState, "The state") },
      errors: { 403: ROLES, 404: THREAD_HIDDEN },
    },
  },
  "/api/langgraph/threads/{id}/history": {
    get: {
      tag: TAG,
      summary: "The conversation's checkpoints as states, newest first.",
      path: id,
      query: historyQuery,
      responses: { 200: json(z.array(threadState), "The states") },
      errors: { 403: ROLES, 404: THREAD_HIDDEN },
    },
    post: {
      tag: TAG,
      summary: "The conversation's checkpoints as states, newest first: the SDK's getHistory, `{limit, before}` in the body.",
      path: id,
      body: historyBody,
      bodyOptional: true,
      responses: { 200: json(z.array(threadState), "The states") },
      errors: { 403: ROLES, 404: THREAD_HIDDEN },
    },
  },
  "/api/langgraph/threads/{id}/runs": {
    post: runOperation(
      "A background run: answers the run at once (`Content-Location` names it); poll it or join it.",
      "A customer message is stored before the answer and answered by the app's turn machinery; a decision is decided before the answer, so a refused one is its 4xx.",
      { 200: json(run, "The run") },
      { 409: `${DECISION_CONFLICT} ${TURN_CONFLICT}`, 503: DRAINING },
    ),
  },
  "/api/langgraph/threads/{id}/runs/wait": {
    post: runOperation(
      "A run answered when it is done: the conversation's values, with `__interrupt__` while a refund waits for a decision.",
      "`Content-Location` names the run.",
      { 200: json(runResult, "The values after the run") },
      { 409: `${DECISION_CONFLICT} ${TURN_CONFLICT}`, 503: DRAINING, 504: TIMED_OUT },
    ),
  },
  "/api/langgraph/threads/{id}/runs/stream": {
    post: runOperation(
      "A run as Server-Sent Events in the Platform's event names.",
      "`metadata` (`{run_id, attempt}`), `messages` (the reply's tokens as `[chunk, metadata]`, under `messages-tuple`), `values` (the conversation's values, then `{__interrupt__}` while a refund waits), `updates` (the interrupt), `error` (`{code, message, error}`, `error` repeating the code as LangGraph's clients read it: a turn refused because one is running or the instance is shutting down, a failure, or `unauthorized:session_ended` when the session that opened the stream ends first). `stream_mode` picks them; none means `values`. A decision is decided before the stream opens, so a refused one is its 4xx. `Content-Location` names the run.",
      { 200: eventStream("The run's events") },
      { 409: DECISION_CONFLICT },
    ),
  },
  "/api/langgraph/threads/{id}/runs/{runId}": {
    get: {
      tag: TAG,
      summary: "One run: `pending` (queued behind another message), `running`, or `success`.",
      path: runPath,
      responses: { 200: json(run, "The run") },
      errors: { 403: ROLES, 404: NO_RUN },
    },
  },
  "/api/langgraph/threads/{id}/runs/{runId}/join": {
    get: {
      tag: TAG,
      summary: "Waits for the run to finish and answers the conversation's values, as runs/wait does.",
      path: runPath,
      responses: { 200: json(runResult, "The values after the run") },
      errors: { 403: ROLES, 404: NO_RUN, 504: TIMED_OUT },
    },
  },
  "/api/langgraph/threads/{id}/runs/{runId}/stream": {
    get: {
      tag: TAG,
      summary:
        "Joins a run's stream: `metadata`, then once the run is done its `values` and `updates` (tokens already sent are not replayed); an `error` (`unauthorized:session_ended`) when the session ends first.",
      path: runPath,
      query: joinQuery,
      responses: { 200: eventStream("The run's events") },
      errors: { 403: ROLES, 404: NO_RUN },
    },
  },
} satisfies Paths;
