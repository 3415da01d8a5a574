/**
 * A separate process that runs one agent call, so tests can SIGKILL it mid-step.
 * Usage: tsx test/agent-worker.ts '<json>' with {op: "say", threadId, customerId, text}
 * or {op: "decide", approvalId, version} (decided, then carried out by this process's share of
 * the job queue); `doubleTexting` picks the double-texting policy,
 * `holdAfterPolicyApproval` keeps triage waiting once its approval is committed (a kill
 * then lands between the effect and its checkpoint). `asServer` keeps the process up after
 * the call, as the app's server is: only the SIGTERM drain ends it, and an unhandled
 * rejection is logged rather than ending it (as Next.js's server does).
 */
import { createAgent, drainOnSigterm } from "../agent";
import { openDatabase } from "../db/client";
import { createAgentStore } from "../agent/runtime/store";
import { startTracing } from "../observability/tracing";
import { decideAndCarryOut, FAST_SETTINGS, TENANT } from "./agent-support";

const tracing = startTracing({ serviceName: process.env.OTEL_SERVICE_NAME ?? "bank-support-agent", endpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT });

const job = JSON.parse(process.argv[2] ?? "{}");
const { db, pool } = openDatabase(process.env.DATABASE_URL!, 4);
const store = createAgentStore(db);
if (job.holdAfterPolicyApproval) {
  const record = store.recordPolicyApproval;
  store.recordPolicyApproval = async (input, decide) => {
    const decided = await record(input, decide);
    await new Promise((r) => setTimeout(r, 60_000));
    return decided;
  };
}
const agent = createAgent({
  db,
  pool,
  deps: {
    store,
    settings: { ...FAST_SETTINGS, checkTimeoutMs: 60_000, ledgerTimeoutMs: 60_000, doubleTexting: job.doubleTexting ?? FAST_SETTINGS.doubleTexting },
  },
});
drainOnSigterm(agent, 5_000);
if (job.asServer) {
  process.on("unhandledRejection", (error) => console.error("unhandledRejection", error));
  setInterval(() => undefined, 60_000);
}
// The process takes its share of the job queue, as an app instance does: a decision it makes, it carries out itself.
await agent.work();
const result =
  job.op === "say"
    ? await agent.sendMessage({ tenantId: TENANT, threadId: job.threadId, customerId: job.customerId, text: job.text, actor: job.customerId })
    : await decideAndCarryOut(agent, { id: job.approvalId, version: job.version });
console.log(JSON.stringify(result));
if (!job.asServer) {
  await agent.close();
  await pool.end();
  await tracing?.shutdown();
}
