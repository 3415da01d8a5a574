import { opsSummary } from "@/app/api/ops/summary/schema";
import { json, type Paths } from "../operation";

/** What the ops page reads. */
export const opsPaths = {
  "/api/ops/summary": {
    get: {
      summary: "The ops page's figures for the user's bank: the last 60 minutes by minute, the last five minutes together, and the approvals waiting now.",
      description:
        "Supervisors, auditors and the ops role; others are refused 403 `forbidden:role`. Turns, refunds executed and failed, degraded checks and waiting approvals come from the database (every instance's rows). Checkpoint write times and sizes, refunds retried and takeovers come from the samples each instance writes every OPS_SAMPLE_INTERVAL_MS, for the whole deployment, and lag by up to that interval. Counts only: no customer, thread or person is named.",
      responses: { 200: json(opsSummary, "The figures") },
    },
  },
} satisfies Paths;
