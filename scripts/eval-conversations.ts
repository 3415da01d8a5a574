/**
 * `npm run eval:conversations [-- --file F ...] [--json]`: runs the conversation test set
 * (data/conversations/*.json, or the files given) through the agent as the integration
 * tests do (embedded Postgres, the simulator over HTTP, a fresh seed per conversation) and
 * prints the share of customer turns that came to the expected intent, category,
 * transaction and outcome: overall, by intent, by category, then every failure. `--json`
 * prints the summary and every turn's verdict as JSON instead.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConversations, conversationFiles } from "../agent/eval/dataset";
import { summarise } from "../agent/eval/judge";
import { formatReport } from "../agent/eval/report";
import { runConversations } from "../agent/eval/run";
import { startTestSystems } from "../test/global-setup";
import { logToStderr } from "../observability/log";

// The report is this command's standard output; its logs go to standard error.
logToStderr();

const { values } = parseArgs({ options: { file: { type: "string", multiple: true }, json: { type: "boolean", default: false } } });
const files = values.file ?? conversationFiles();
const missing = files.filter((f) => !existsSync(f));
if (missing.length > 0) {
  console.error(`${missing.join(", ")}: no such file; give conversation files in the format of data/conversations/*.json.`);
  process.exit(1);
}
let conversations;
try {
  conversations = loadConversations(files);
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
  const turns = conversations.reduce((n, c) => n + c.turns.filter((t) => "text" in t).length, 0);
  process.stderr.write(
    `Postgres and the simulator up in ${((Date.now() - started) / 1000).toFixed(1)} s; ${conversations.length} conversations, ${turns} customer turns, model: ${process.env.LLM_MODEL ?? "offline"}\n`,
  );
  const verdicts = await runConversations(h, conversations, (_c, v) => process.stderr.write(v.every((x) => x.mismatches.length === 0) ? "." : "x"));
  process.stderr.write(`\nran in ${((Date.now() - started) / 1000).toFixed(1)} s in all\n\n`);
  const summary = summarise(verdicts);
  if (values.json) {
    const plain = { overall: summary.overall, byIntent: Object.fromEntries(summary.byIntent), byCategory: Object.fromEntries(summary.byCategory) };
    console.log(JSON.stringify({ summary: plain, turns: verdicts }, null, 2));
  } else {
    console.log(formatReport(summary, verdicts));
  }
} finally {
  await h.agent.close();
  await h.pool.end();
  await stop();
}
