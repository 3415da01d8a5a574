import { shadowReportList, shadowReportView } from "@/app/api/releases/shadow/schema";
import { canaryAnswer, canaryProposal, canaryState, canaryStop } from "@/app/api/tenant/canary/schema";
import { json, type Paths } from "../operation";
import { id } from "./params";

const SUPERVISORS_ONLY = "`forbidden:role`: only the bank's supervisors start and stop canaries.";
const INVESTIGATORS_ONLY = "`forbidden:role`: only the bank's supervisors and auditors read release reports.";

/** What a bank's supervisors and auditors read before a new revision of the agent meets customers. */
export const releasePaths = {
  "/api/releases/shadow": {
    get: {
      summary:
        "The bank's shadow-replay reports, newest first (up to 50): the candidate revision, the window, the turns replayed and how many changed outcome.",
      description:
        "`npm run release:shadow` writes them, run in a candidate revision's checkout: it replays the bank's customer turns of a window through the candidate in the incident sandbox (recorded bank answers, a dry-run ledger and cards system) and changes nothing else.",
      responses: { 200: json(shadowReportList, "The reports") },
      errors: { 403: INVESTIGATORS_ONLY },
    },
  },
  "/api/releases/shadow/{id}": {
    get: {
      summary:
        "One shadow-replay report: per intent and overall, the outcomes and replies that changed and the candidate's rates of clarifying questions, hand-overs and fallbacks against production's, with each changed turn's thread and checkpoint.",
      description:
        "Outcomes and counts only: no customer's words. A changed turn's conversation opens in the incident viewer (masked and audited), where the what-if replay shows it step by step.",
      path: id,
      responses: { 200: json(shadowReportView, "The report") },
      errors: { 403: INVESTIGATORS_ONLY, 404: "`not_found:shadow_report`: no such report for your bank." },
    },
  },
  "/api/tenant/canary": {
    get: {
      summary:
        "The bank's canaries: the revision its conversations run on, the revisions the deployment hosts, its canary thresholds, and its canaries (newest first) with their last figures.",
      description:
        "A canary gives a share of the bank's new conversations to a candidate revision the deployment hosts (the same agent with the language model of the CANDIDATE_LLM_* settings). Every CANARY_INTERVAL_MS each revision's figures since it started (fallback, clarifying-question, hand-over and re-ask rates, degraded checks per hundred turns, claims approved without an operator per hundred claims, turn latency p95) are compared; once both revisions answered the thresholds' `minTurns`, a crossed threshold stops it (`endedBy: canary`, audited as `canary.stopped`), and a window that ends holding promotes the candidate: the bank's conversations run on it from then (`canary.promoted`).",
      responses: { 200: json(canaryState, "The bank's canaries") },
      errors: { 403: INVESTIGATORS_ONLY },
    },
    post: {
      summary:
        "Propose a canary: a share of the bank's new conversations answered by a candidate revision, for a window; another supervisor of the bank starts it. Audited as `canary.proposed`.",
      description: "The proposal lapses after POLICY_CHANGE_TTL_MS unless another supervisor starts it with `POST /api/tenant/canary/{id}`.",
      body: canaryProposal,
      responses: { 201: json(canaryState, "The bank's canaries, the proposal first") },
      errors: {
        400: "`bad_request:candidate`: the deployment does not host that revision, or the bank already runs on it.",
        403: SUPERVISORS_ONLY,
        409: "`conflict:canary`: the bank has a canary proposed or running.",
      },
    },
  },
  "/api/tenant/canary/{id}": {
    post: {
      summary:
        "Start (confirm) or reject a proposed canary: another supervisor than its proposer starts it, audited as `canary.started`; its proposer may only withdraw it.",
      path: id,
      body: canaryAnswer,
      responses: { 200: json(canaryState, "The bank's canaries") },
      errors: {
        403: `${SUPERVISORS_ONLY} \`forbidden:four_eyes\`: you proposed it.`,
        404: "`not_found:canary`: no such canary for your bank.",
        409: "`conflict:canary`: the canary is no longer proposed (started, ended, lapsed).",
      },
    },
  },
  "/api/tenant/canary/{id}/stop": {
    post: {
      summary:
        "Stop the bank's running canary, with a reason: new conversations go back to the bank's revision, and the candidate's go back too from their next turn. Audited as `canary.stopped`.",
      path: id,
      body: canaryStop,
      responses: { 200: json(canaryState, "The bank's canaries") },
      errors: {
        403: SUPERVISORS_ONLY,
        404: "`not_found:canary`: no such canary for your bank.",
        409: "`conflict:canary`: the canary is not running.",
      },
    },
  },
} satisfies Paths;
