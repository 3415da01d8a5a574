import { shadowReportList, shadowReportView } from "@/app/api/releases/shadow/schema";
import { json, type Paths } from "../operation";
import { id } from "./params";

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
} satisfies Paths;
