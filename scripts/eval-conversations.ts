/**
 * `npm run eval:conversations [-- --set project|heldout] [--file F ...] [--json]`: runs the
 * conversation test sets (the project's, data/conversations/*.json, then the held-out one,
 * data/conversations-heldout/*.json; or one of them, or the files given) through the agent as
 * the integration tests do (embedded Postgres, the simulator over HTTP, a fresh seed per
 * conversation) and prints, for each set, the share of customer turns that came to the
 * expected intent, category, transaction and outcome, opened no case it should not, and said
 * what and in the language the set asks: overall, by group and language, by intent, by
 * category, then every failure. `--json` prints each set's summary and every turn's verdict as
 * JSON instead.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConversations, conversationFiles, HELDOUT_DIR, type Conversation } from "../agent/eval/dataset";
import { summarise } from "../agent/eval/judge";
import { formatReport } from "../agent/eval/report";
import { runConversations } from "../agent/eval/run";
import { startTestSystems } from "../test/global-setup";
import { logToStderr } from "../observability/log";

// The report is this command's standard output; its logs go to standard error.
logToStderr();

const { values } = parseArgs({
  options: { set: { type: "string" }, file: { type: "string", multiple: true }, json: { type: "boolean", default: false } },
});
const SETS = { project: conversationFiles(), heldout: conversationFiles(HELDOUT_DIR) };
if (values.set !== undefined && !(values.set in SETS)) {
  console.error(`--set ${values.set}: unknown; give project or heldout.`);
  process.exit(1);
}
const chosen: [string, string[]][] = values.file
  ? [["the given files", values.file]]
  : Object.entries(SETS).filter(([name]) => values.set === undefined || name === values.set);
const missing = chosen.flatMap(([, files]) => files).filter((f) => !existsSync(f));
if (missing.length > 0) {
  console.error(`${missing.join(", ")}: no such file; give conversation files in the format of data/conversations/*.json.`);
  process.exit(1);
}
let sets: { name: string; conversations: Conversation[] }[];
try {
  sets = chosen.map(([name, files]) => ({ name, conversations: loadConversations(files) }));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/** The connection string with a server setting for each session it opens. */
function withSessionOption(url: string, setting: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c ${setting}`);
  return parsed.toString();
}

const started = Date.now();
const stop = await startTestSystems(".data/pg-eval");
// The run's own connections commit without waiting for the disk: a session setting that
// keeps the run short on a busy machine and changes nothing the agent does.
process.env.DATABASE_URL = withSessionOption(process.env.DATABASE_URL!, "synchronous_commit=off");
const { agentHarness } = await import("../test/agent-support");
const h = agentHarness();
try {
  const turns = sets.flatMap((set) => set.conversations).reduce((n, c) => n + c.turns.filter((t) => "text" in t).length, 0);
  process.stderr.write(
    `Postgres and the simulator up in ${((Date.now() - started) / 1000).toFixed(1)} s; ${sets.map((set) => `${set.name}: ${set.conversations.length} conversations`).join(", ")}; ${turns} customer turns, model: ${process.env.LLM_MODEL ?? "offline"}\n`,
  );
  const reports = [];
  for (const set of sets) {
    process.stderr.write(`${set.name}: `);
    const verdicts = await runConversations(h, set.conversations, (_c, v) => process.stderr.write(v.every((x) => x.mismatches.length === 0) ? "." : "x"));
    process.stderr.write("\n");
    reports.push({ name: set.name, summary: summarise(verdicts), verdicts });
  }
  process.stderr.write(`ran in ${((Date.now() - started) / 1000).toFixed(1)} s in all\n\n`);
  if (values.json) {
    const plain = reports.map(({ name, summary, verdicts }) => ({
      set: name,
      summary: Object.fromEntries(Object.entries(summary).map(([key, value]) => [key, value instanceof Map ? Object.fromEntries(value) : value])),
      turns: verdicts,
    }));
    console.log(JSON.stringify(plain, null, 2));
  } else {
    console.log(reports.map(({ name, summary, verdicts }) => `== ${name}\n${formatReport(summary, verdicts)}`).join("\n\n"));
  }
} finally {
  await h.agent.close();
  await h.pool.end();
  await stop();
}
