/**
 * `npm run chaos -- --conversations N --kills K [--concurrency C] [--seed S]`: drives N
 * conversations over the HTTP API against real app and simulator processes with random
 * faults, SIGKILLs the app K times, lets every thread finish, then checks the invariants.
 */
import type { QueryResultRow } from "pg";
import { Coordination } from "./coordination";
import { within } from "./deadline";
import { runConversation, type ConversationContext } from "./conversation";
import { createCustomers } from "./customers";
import { FaultInjector } from "./faults";
import { measure } from "./invariants";
import { Journal } from "./journal";
import { Killer } from "./killer";
import { Operators } from "./operators";
import { parseOptions } from "./options";
import { buildIfStale } from "../build";
import { AppProcess, snapshotBuild, startStack, type Stack } from "./processes";
import { printReport, violations } from "./report";
import { sleep } from "./rng";
import { LOAD_GENERATOR_BUDGETS } from "../load-budgets";
import { ApiSession } from "./api";
import { startLlmFake } from "../../test/llm-fakes/server";
import { offlineBacked } from "../../test/llm-fakes/offline-backed";

let running: Stack | undefined;

const log = (journal: Journal, line: string) => console.log(`[chaos] ${journal.elapsed()} s  ${line}`);

/** How long one conversation may take, its retries and waits for the operators included. */
const CONVERSATION_MS = 10 * 60_000;
/** How long one of the settling queries, or one step of the wind-down, may take. */
const QUERY_MS = 30_000;
const WIND_DOWN_MS = 120_000;

/** Waits until no thread is busy and no approval is pending or half-done, or the time is up. */
async function settle(stack: Stack, journal: Journal, settleMs: number): Promise<void> {
  const deadline = Date.now() + settleMs;
  const query = <R extends QueryResultRow>(text: string) =>
    within(QUERY_MS, "the query for unsettled threads and approvals did not answer", () => stack.pool.query<R>(text));
  const { rows } = await query<{ at: Date | null }>(`select max(expires_at) as at from approvals where status = 'pending'`);
  const expiries = rows[0]?.at ? rows[0].at.getTime() + 10_000 : 0;
  const until = Math.max(deadline, Math.min(expiries, deadline + 120_000));
  for (;;) {
    // A thread still paused on a decided approval waits for the job queue to resume it.
    const { rows: open } = await query<{ busy: number; open: number; undone: number }>(
      `select (select count(*)::int from threads where status = 'busy') as busy,
              (select count(*)::int from approvals where status in ('pending', 'approved', 'executing')) as open,
              (select count(*)::int from threads t where t.status = 'awaiting_approval'
                  and not exists (select 1 from approvals a where a.thread_id = t.id and a.status = 'pending')) as undone`,
    );
    const { busy, open: unfinished, undone } = open[0]!;
    if (busy === 0 && unfinished === 0 && undone === 0) return log(journal, "every thread and approval has settled");
    if (Date.now() > until) {
      return log(journal, `stopped waiting: ${busy} thread(s) busy, ${unfinished} approval(s) pending or half-done, ${undone} decided but not yet resumed`);
    }
    await sleep(500);
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const journal = new Journal();
  const policy = options.doubleTexting ? ` --double-texting ${options.doubleTexting}` : "";
  const retention = options.retentionAggressive ? " --retention-aggressive" : "";
  const canary = options.canaryPercent ? ` --canary ${options.canaryPercent}` : "";
  const args = `--conversations ${options.conversations} --kills ${options.kills} --concurrency ${options.concurrency}${policy}${retention} --ledger-key-window-ms ${options.ledgerKeyWindowMs}${canary}`;
  log(journal, `${args} --seed ${options.seed}`);
  buildIfStale((line) => log(journal, line));
  log(journal, `serving build ${snapshotBuild()} from a private copy`);
  const stack = await startStack(undefined, { approvalWindowMs: options.approvalTtlMs, ledgerKeyWindowMs: options.ledgerKeyWindowMs });
  running = stack;
  const plans = await createCustomers(stack.pool, options.seed, options.conversations);
  log(journal, `database ready with ${plans.length} synthetic customers; simulator at ${stack.simulator.url}`);

  const sim = stack.simulator.url;
  const candidateModel = options.canaryPercent ? await startLlmFake(offlineBacked) : undefined;
  const app = await AppProcess.create({
    // The simulator stands in for the bank systems, which only demo mode allows.
    DEMO_DATA: "1",
    DATABASE_URL: stack.databaseUrl,
    LIMITS_URL: `${sim}/limits`,
    HISTORY_URL: `${sim}/history`,
    ANTIFRAUD_URL: `${sim}/antifraud`,
    LEDGER_URL: `${sim}/ledger`,
    CARDS_URL: `${sim}/cards`,
    CHECK_TIMEOUT_MS: "800",
    LEDGER_TIMEOUT_MS: "2000",
    EXPIRY_INTERVAL_MS: "1000",
    APPROVAL_TTL_MS: String(options.approvalTtlMs),
    REFUND_RETRY_MS: "3000",
    // Every synthetic customer signs in from 127.0.0.1, and a kill during a sign-in leaves its
    // attempt counted: the per-address throttle is for real clients, not this one load generator.
    LOGIN_MAX_FAILURES_PER_ADDRESS: "1000000",
    // Hundreds of turns per synthetic customer, all from one address: past every budget's default.
    ...LOAD_GENERATOR_BUDGETS,
    ...(options.doubleTexting ? { DOUBLE_TEXTING: options.doubleTexting } : {}),
    // Checkpoints only: the message, node event and session windows stay long, as the
    // message figures count what the customers were told was stored.
    ...(options.retentionAggressive ? { RETENTION_INTERVAL_MS: "1000", RETENTION_IDLE_DAYS: "0", RETENTION_BATCH: "1000" } : {}),
    // The canary's candidate: the same agent, its language model read over the OpenAI protocol; judged every 10 s.
    ...(candidateModel ? { CANDIDATE_LLM_BASE_URL: candidateModel.openaiUrl, CANDIDATE_LLM_MODEL: "offline-backed", CANARY_INTERVAL_MS: "10000" } : {}),
  });
  const cleanup = () => app.killNow();
  process.on("exit", cleanup);
  process.once("SIGINT", () => {
    cleanup();
    void stack.stop().finally(() => process.exit(130));
  });
  const bootMs = await app.start();
  log(journal, `app up at ${app.url} in ${(bootMs / 1000).toFixed(1)} s`);

  const canaryId = options.canaryPercent ? await startCanary(app, journal, stack, options.canaryPercent) : undefined;
  if (canaryId) log(journal, `canary ${canaryId} started by sam and sven for ${options.canaryPercent}% of new conversations`);

  const coordination = new Coordination();
  const ctx: ConversationContext = { app, journal, coordination, seed: options.seed };
  const operators = new Operators(ctx);
  await operators.start();
  const faults = new FaultInjector(sim, journal, options.seed);
  faults.start();
  const killer = new Killer({ app, pool: stack.pool, journal, faults, seed: options.seed }, options.kills, options.conversations, options.concurrency);
  let aborted: string | undefined;
  const abort = (error: Error) => {
    if (aborted) return;
    aborted = error.message;
    journal.fail({ what: "campaign_aborted", detail: error.message });
    log(journal, `aborting: ${error.message}`);
    app.abandon();
  };
  app.onUnexpectedExit = (code, signal) => {
    journal.fail({ what: "app_exited", detail: `the app exited on its own (${code ?? signal})` });
    killer.recoverCrash().catch(abort);
  };

  let next = 0;
  let done = 0;
  let finished = false;
  const killing = killer
    .run(
      () => done,
      () => finished,
    )
    .catch(abort);
  const progress = setInterval(() => log(journal, `${next} started, ${done} done, ${journal.kills.length} kill(s)`), 15_000);
  const workers = Array.from({ length: options.concurrency }, async () => {
    while (next < plans.length && !aborted) {
      const plan = plans[next++]!;
      await within(CONVERSATION_MS, `the conversation of ${plan.username} did not end`, () => runConversation(ctx, plan)).catch((error: Error) =>
        journal.fail({ what: "conversation_crashed", detail: `${plan.username}: ${error.stack ?? error.message}` }),
      );
      done += 1;
    }
  });
  await Promise.all(workers);
  finished = true;
  await killing;
  clearInterval(progress);
  await faults.stop();
  await faults.clear();
  if (!aborted) {
    log(journal, `all ${plans.length} conversations done; ${journal.kills.length} kill(s); faults cleared, letting threads settle`);
    if (await app.whenUp(90_000)) await settle(stack, journal, options.settleMs).catch(abort);
    else abort(new Error(`chaos: the app on :${app.port} was not up within 90 s after the last conversation`));
  }
  // A wind-down step that overruns aborts the campaign, which still counts and reports.
  await within(WIND_DOWN_MS, "the operators did not stop", () => operators.stop()).catch(abort);
  await within(WIND_DOWN_MS, "the kills' watchers of cut-off threads did not end", () => killer.drain()).catch(abort);

  const figures = await measure(stack.pool, journal, options.ledgerKeyWindowMs);
  printReport(figures, journal, { seed: options.seed, wallMs: Date.now() - journal.started, args });
  const canaryUnused = canaryId ? !(await reportCanary(stack, canaryId)) : false;
  await candidateModel?.close();
  if (aborted) console.log(`\ncampaign ABORTED after ${done} conversation(s): ${aborted}`);
  const failed = violations(figures).some(([, n]) => n > 0) || canaryUnused;
  await app.kill();
  await within(WIND_DOWN_MS, "the database and the simulator did not stop", () => stack.stop());
  process.exit(aborted ? 2 : failed ? 1 : 0);
}

/**
 * A canary of the candidate the app hosts, proposed by sam and started by sven over the API, for
 * `percent` of new conversations and a window longer than any campaign. The bank's minimum sample
 * is set past the campaign's turns, so the faults' noise never stops it: the campaign proves the
 * money rules hold with the traffic split, and the canary tests prove the stop.
 */
async function startCanary(app: AppProcess, journal: Journal, stack: Stack, percent: number): Promise<string> {
  await stack.pool.query(`update tenants set canary_thresholds = '{"minTurns": 100000}'::jsonb where id = 'demo-bank'`);
  const [sam, sven] = [new ApiSession(app, journal, "sam"), new ApiSession(app, journal, "sven")];
  for (const s of [sam, sven]) if (!(await s.login(`${s.username}-pass`))) throw new Error(`chaos: ${s.username} could not sign in to start the canary`);
  const state = await sam.call("GET", "/api/tenant/canary");
  const candidate = (state.body?.hosted as { id: string }[] | undefined)?.[1]?.id;
  if (!candidate) throw new Error(`chaos: the app hosts no candidate revision (${state.status})`);
  const proposed = await sam.call("POST", "/api/tenant/canary", { candidateRevisionId: candidate, sharePercent: percent, durationMinutes: 14 * 24 * 60 });
  const id = proposed.body?.canaries?.[0]?.id as string | undefined;
  if (proposed.status !== 201 || !id) throw new Error(`chaos: the canary was not proposed: ${proposed.status} ${JSON.stringify(proposed.body)}`);
  const started = await sven.call("POST", `/api/tenant/canary/${id}`, { answer: "confirm" });
  if (started.status !== 200) throw new Error(`chaos: the canary was not started: ${started.status} ${JSON.stringify(started.body)}`);
  return id;
}

/** How the campaign's conversations and turns were shared between the revisions; false when the candidate answered nothing (the campaign fails). */
async function reportCanary(stack: Stack, canaryId: string): Promise<boolean> {
  const [{ rows: canaries }, { rows: turns }, { rows: conversations }] = await Promise.all([
    stack.pool.query<{ status: string; candidate: string; current: string; end_reason: string | null }>(
      `select status, candidate_revision_id as candidate, current_revision_id as current, end_reason from canaries where id = $1`,
      [canaryId],
    ),
    stack.pool.query<{ revision_id: string; n: number }>(`select revision_id, count(*)::int as n from turn_outcomes group by 1`),
    stack.pool.query<{ revision_id: string; n: number }>(`select revision_id, count(*)::int as n from threads where parent_thread_id is null group by 1`),
  ]);
  const c = canaries[0]!;
  const of = (rows: { revision_id: string; n: number }[], id: string) => rows.find((r) => r.revision_id === id)?.n ?? 0;
  console.log(
    `
canary ${c.status}${c.end_reason ? ` (${c.end_reason})` : ""}: conversations started on the candidate ${of(conversations, c.candidate)}, ` +
      `on the current revision ${of(conversations, c.current)}; turns answered by the candidate ${of(turns, c.candidate)}, by the current revision ${of(turns, c.current)}`,
  );
  if (of(turns, c.candidate) > 0) return true;
  console.log("FAIL: no turn was answered by the canary's candidate");
  return false;
}

async function fatal(error: unknown) {
  console.error(error);
  await running?.stop();
  process.exit(2);
}

process.on("unhandledRejection", (error) => void fatal(error));
main().catch(fatal);
