/** Prints the campaign's figures as a table, its kills, and what went wrong; writes details to a file. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Figures } from "./invariants";
import type { Journal } from "./journal";
import { DATA_DIR } from "./processes";

const seconds = (ms?: number) => (ms === undefined ? "n/a" : `${(ms / 1000).toFixed(1)} s`);

/** The "must be 0" figures; any non-zero one fails the campaign. */
export function violations(f: Figures): [string, number][] {
  return [
    ["duplicate refunds", f.duplicateRefunds],
    ["refunds without a recorded approval", f.refundsWithoutApproval],
    ["refunds for an amount not every approver approved", f.refundsOtherAmount],
    ["refunds after a cancel, reject or expiry", f.refundsAfterStop],
    ["automatic refunds over the per-customer rule", f.refundsOverCustomerRule],
    ["lost customer messages", f.lostMessages],
    ["customer messages stored twice", f.duplicatedMessages],
    ["customer messages never answered", f.unansweredMessages],
    ["customer messages left queued on a resting thread", f.queuedLeft],
    ["threads that cannot resume", f.threadsCannotResume],
    ["decided approvals never carried out (approved/executing)", f.approvalsNotFinal],
    ["incident steps lost (gate interrupt, refund step)", f.incidentStepsLost],
  ];
}

function counters(journal: Journal, prefix: string): string {
  const parts = [...journal.counters].filter(([k]) => k.startsWith(prefix)).sort(([a], [b]) => a.localeCompare(b));
  return parts.map(([k, n]) => `${k.slice(prefix.length)} ${n}`).join(", ") || "none";
}

function printKills(journal: Journal): void {
  console.log("\nkills");
  for (const k of journal.kills) {
    const threads =
      k.busyThreads.length === 0
        ? "no thread was mid-run"
        : k.threadsMs !== undefined
          ? `cut-off threads free after ${seconds(k.threadsMs)}`
          : `${k.unrecovered} of ${k.busyThreads.length} cut-off thread(s) still busy after 60 s`;
    console.log(`  #${String(k.index).padStart(3)} at ${journal.elapsed(k.at)} s  ${k.mode}; ${k.inFlight}; healthy after ${seconds(k.healthMs)}; ${threads}`);
  }
}

export function printReport(f: Figures, journal: Journal, meta: { seed: number; wallMs: number; args: string }): void {
  printKills(journal);
  const rows: [string, string, string][] = [
    ["conversations finished", `${f.conversations}${f.siblings ? ` (and ${f.siblings} claimed beside another of the customer's)` : ""}`, ""],
    ["second payments reported while the first waited", String(f.claimedWhileWaiting), ""],
    ["kills (SIGKILL of the app)", String(f.kills), ""],
    ["approvals", `${f.approvals} (${f.approvalsByStatus || "none"})`, ""],
    ["refunds executed (committed ledger entries)", String(f.refundsExecuted), ""],
    ...violations(f).map(([name, n]): [string, string, string] => [name, String(n), n === 0 ? "0 ok" : "FAIL"]),
    ["recovery: kill -> health 200, p50 / max", `${seconds(f.health.p50)} / ${seconds(f.health.max)}`, ""],
    [
      "recovery: kill -> cut-off threads not busy, p50 / max",
      `${seconds(f.threads.p50)} / ${seconds(f.threads.max)}${f.threads.unrecovered ? ` (${f.threads.unrecovered} kill(s) left threads busy > 60 s)` : ""}`,
      "",
    ],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\nchaos campaign ${meta.args} --seed ${meta.seed}: ${seconds(meta.wallMs)} wall time`);
  console.log(`${"figure".padEnd(width)}  ${"value".padEnd(12)}  must be 0`);
  console.log(`${"-".repeat(width)}  ${"-".repeat(12)}  ---------`);
  for (const [name, value, check] of rows) console.log(`${name.padEnd(width)}  ${value.padEnd(12)}  ${check}`);

  console.log("\nalso seen");
  console.log(
    `  customer messages acknowledged ${journal.acked.length}; resent after a kill ${journal.count("message.resent_after_kill")}, stored twice ${f.duplicatedMessages}`,
  );
  console.log(`  messages: ${counters(journal, "message.")}`);
  console.log(`  decisions: ${counters(journal, "decision.")}`);
  console.log(`  sign-ins held back by the throttle and waited out ${journal.count("login.held_back")}`);
  console.log(`  retention sweeps that removed something ${f.retention.sweeps}, checkpoints they removed ${f.retention.checkpoints}`);
  console.log(`  runs stopped by a newer message ${f.runsStopped.runs}, requests they withdrew ${f.runsStopped.withdrawn}`);
  console.log(
    `  refund re-runs that read the ledger by case before sending again ${f.ledgerReads.reads}, of them after the key had been forgotten ${f.ledgerReads.forgotten}`,
  );
  const modes = new Map<string, number>();
  for (const k of journal.kills) modes.set(k.mode, (modes.get(k.mode) ?? 0) + 1);
  console.log(`  kills by moment: ${[...modes].map(([mode, n]) => `${mode} ${n}`).join(", ") || "none"}`);
  console.log(`  faults injected: ${counters(journal, "fault.")}`);
  console.log(
    `  approvals still pending ${f.approvalsPending}, ledger calls left in flight ${f.ledgerInFlight}, connection errors ridden out ${journal.count("http.connection_error")}`,
  );
  console.log(`  problems: ${counters(journal, "failure.")}`);

  const file = path.join(DATA_DIR, "chaos-failures.json");
  writeFileSync(file, JSON.stringify({ seed: meta.seed, stuck: f.stuck, failures: journal.failures, kills: journal.kills }, null, 2));
  if (f.stuck.length > 0) {
    console.log(`\nthreads that did not finish (first 5 of ${f.stuck.length}; all in ${path.relative(process.cwd(), file)})`);
    for (const s of f.stuck.slice(0, 5)) {
      console.log(`  thread ${s.threadId} (conversation ${s.conversation ?? "?"}): ${s.why}`);
      const { messages, ...rest } = s.database as { messages: unknown[] };
      console.log(`    database: ${JSON.stringify(rest)}`);
      for (const m of messages) console.log(`    message ${JSON.stringify(m)}`);
      for (const r of s.requests) console.log(`    sent at ${r.at.padStart(8)}  ${r.what} -> ${r.outcome}`);
    }
  }
  const other = journal.failures.filter((x) => !x.what.startsWith("message_refused_busy"));
  if (other.length > 0) {
    console.log(`\nother problems (first 10 of ${other.length})`);
    for (const x of other.slice(0, 10)) console.log(`  ${x.what}${x.threadId ? ` [thread ${x.threadId}]` : ""}: ${x.detail.slice(0, 300)}`);
  }
}
