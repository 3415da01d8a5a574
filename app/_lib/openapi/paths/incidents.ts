import { z } from "zod";
import {
  checkpointDetail,
  checkpointList,
  checkpointReplayBody,
  holdBody,
  holdResult,
  incidentReport,
  pinBody,
  pinResult,
  replayBody,
  replayResult,
  retentionState,
  searchPage,
  searchQuery,
  timeline,
} from "@/app/api/incidents/schema";
import { revealBody } from "@/app/_lib/incidents";
import { json, type Operation, type Paths } from "../operation";
import { checkpoint, id, LEDGER_DOWN, NO_THREAD } from "./params";

const noReveal = z.object({
  reveal: z
    .never()
    .optional()
    .meta({ description: 'Refused with 400 `bad_request:reveal`: a GET is always masked; a reveal is a POST with `{"reveal": true}`, because it is audited.' }),
});

const NO_CHECKPOINT = "`not_found:thread`, or `not_found:checkpoint`: no such checkpoint in this conversation.";

/** A GET that records a look answers only the app's own pages and clients that are not browsers. */
const LOOK_REFUSED = {
  403: "`forbidden:role`: not an auditor or supervisor. `forbidden:cross_site`: a browser sent this read for a page of another origin (`Sec-Fetch-Site` other than `same-origin`: a link, image, frame or form elsewhere); nothing was recorded. A request without `Sec-Fetch-Site` did not come from a browser and is answered.",
};

/**
 * An incident read: GET is masked; POST with `{"reveal": true}` shows names and card
 * numbers and is audited as `incident.revealed`. Both are audited as `incident.viewed`, so
 * the GET answers only the app's own pages (and clients that are not browsers).
 */
function incidentRead(path: z.ZodObject, summary: string, answer: Operation["responses"], errors: Operation["errors"] = {}) {
  return {
    get: {
      summary: `${summary} Masked; audited as \`incident.viewed\`.`,
      path,
      query: noReveal,
      responses: answer,
      errors: { ...LOOK_REFUSED, 404: NO_THREAD, ...errors },
    },
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

const checkpoints = incidentRead(id, "The conversation's checkpoints, oldest first (id, parent, step, source, what ran, next, interrupts, size).", {
  200: json(checkpointList, "The checkpoints"),
});
const checkpointState = incidentRead(
  checkpoint,
  "The raw state at a checkpoint and a line diff against its parent; reading never re-runs anything.",
  { 200: json(checkpointDetail, "The state") },
  { 404: NO_CHECKPOINT },
);

const checkpointReplay: Operation = {
  summary:
    "Replays the rest of the conversation from this checkpoint in a sandbox (in-memory saver, recorded or live system answers, dry-run ledger), optionally under a what-if policy; audited as `incident.replayed`.",
  description:
    'Nothing in production is touched and nothing is paid. The body is optional; `{"reveal": true}` shows names and card numbers (audited as `incident.revealed`).',
  path: checkpoint,
  body: checkpointReplayBody,
  bodyOptional: true,
  responses: { 200: json(replayResult, "The original and the sandbox run side by side") },
  errors: { 404: NO_CHECKPOINT },
};

/** The incident viewer's routes, and the older aliases answered by the same handlers. */
export const incidentPaths = {
  "/api/threads/{id}/history": {
    get: { ...checkpoints.get, summary: alias("GET /api/incidents/threads/{id}/checkpoints") },
    post: { ...checkpoints.post, summary: alias("POST /api/incidents/threads/{id}/checkpoints") },
  },
  "/api/threads/{id}/checkpoints/{checkpointId}": {
    get: { ...checkpointState.get, summary: alias("GET /api/incidents/threads/{id}/checkpoints/{checkpointId}") },
    post: { ...checkpointState.post, summary: alias("POST /api/incidents/threads/{id}/checkpoints/{checkpointId}") },
  },
  "/api/threads/{id}/checkpoints/{checkpointId}/replay": {
    post: { ...checkpointReplay, summary: alias("POST /api/incidents/threads/{id}/checkpoints/{checkpointId}/replay") },
  },
  "/api/incidents/threads": {
    get: {
      summary:
        "Find conversations (auditors, supervisors) by customer, case, status, dates, refund, degraded check; names masked; audited as `incident.searched`.",
      description: "Every search is recorded before it answers: who, when, its filters, how many conversations matched and the ids on this page.",
      query: searchQuery,
      responses: { 200: json(searchPage, "One page of conversations") },
      errors: LOOK_REFUSED,
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
    post: {
      ...checkpointReplay,
      summary: "The same replay, with the checkpoint in the body.",
      description: 'Nothing in production is touched and nothing is paid. `{"reveal": true}` shows names and card numbers (audited as `incident.revealed`).',
      path: id,
      body: replayBody,
      bodyOptional: undefined,
    },
  },
  "/api/incidents/threads/{id}/report": {
    post: {
      summary:
        'Exports the incident report as a JSON file (content-disposition attachment); audited as `incident.exported`, and `incident.revealed` with `{"reveal": true}`.',
      description: "A POST because it writes the audit trail. The printable page /incidents/{id}/report is always masked.",
      path: id,
      body: revealBody,
      bodyOptional: true,
      responses: { 200: json(incidentReport, "The report") },
      errors: { 404: NO_THREAD, 503: LEDGER_DOWN },
    },
  },
  "/api/incidents/threads/{id}/retention": {
    get: {
      summary: "The conversation's pinned steps and the legal hold in force, if any (auditors, supervisors).",
      path: id,
      responses: { 200: json(retentionState, "Pins and hold") },
      errors: { 404: NO_THREAD },
    },
  },
  "/api/incidents/threads/{id}/pins": {
    post: {
      summary:
        "Pins a checkpoint for an incident: retention never prunes it, nor its parent, so the viewer keeps its state and diff. Audited as `incident.checkpoint_pinned`.",
      description: "201 when pinned now, 200 when it was pinned already (nothing changes).",
      path: id,
      body: pinBody,
      responses: { 201: json(pinResult, "Pinned"), 200: json(pinResult, "Already pinned") },
      errors: { 404: NO_CHECKPOINT },
    },
  },
  "/api/incidents/threads/{id}/legal-hold": {
    post: {
      summary:
        "Places a legal hold: retention touches nothing of the conversation (checkpoints, messages, node events) until it is released. Audited as `incident.legal_hold_placed`.",
      path: id,
      body: holdBody,
      responses: { 201: json(holdResult, "The hold") },
      errors: { 404: NO_THREAD, 409: "`conflict:legal_hold`: a hold is already in force." },
    },
  },
  "/api/incidents/threads/{id}/legal-hold/release": {
    post: {
      summary: "Releases the legal hold in force; the next sweep treats the conversation under its bank's policy. Audited as `incident.legal_hold_released`.",
      path: id,
      body: holdBody,
      responses: { 200: json(holdResult, "The released hold") },
      errors: { 404: NO_THREAD, 409: "`conflict:legal_hold`: no hold is in force." },
    },
  },
} satisfies Paths;
