/**
 * SIGKILLs the app at random points (at random, right after an operator's decision leaves,
 * or once the ledger has committed a refund whose answer hangs), restarts it, and measures
 * recovery: kill to health 200, and kill to every thread that was mid-run no longer busy.
 */
import type { Pool, QueryResultRow } from "pg";
import { within } from "./deadline";
import type { FaultInjector } from "./faults";
import type { Journal, KillRecord } from "./journal";
import type { AppProcess } from "./processes";
import { Rng, sleep } from "./rng";

export type KillerContext = { app: AppProcess; pool: Pool; journal: Journal; faults: FaultInjector; seed: number };

/** How long the app stays up at least between two kills. */
const MIN_UPTIME_MS = 1_500;
/** How long a kill watches the threads it cut off. */
export const THREAD_RECOVERY_MS = 60_000;
/** How long one of the killer's queries may take. */
const QUERY_MS = 30_000;

export class Killer {
  private readonly rng: Rng;
  private readonly thresholds: number[];
  private readonly watchers: Promise<void>[] = [];
  private restarting?: Promise<void>;
  private lastUp = Date.now();

  constructor(
    private readonly ctx: KillerContext,
    kills: number,
    conversations: number,
    concurrency: number,
  ) {
    this.rng = Rng.derive(ctx.seed, "kills");
    const last = Math.max(0, conversations - concurrency - 1);
    this.thresholds = Array.from({ length: kills }, () => this.rng.int(0, last)).sort((a, b) => a - b);
  }

  /** Kills as conversations complete, until every kill is done or `finished()` says stop. */
  async run(done: () => number, finished: () => boolean): Promise<void> {
    for (let i = 0; i < this.thresholds.length; i++) {
      while (done() < this.thresholds[i]! && !finished()) await sleep(50);
      if (finished()) break;
      await this.restarting;
      const wait = this.lastUp + MIN_UPTIME_MS - Date.now();
      if (wait > 0) await sleep(wait);
      await this.killOnce(i + 1);
    }
  }

  /** Waits for the kill-recovery watchers (each bounded). */
  async drain(): Promise<void> {
    await Promise.all(this.watchers);
  }

  /** Restarts the app after it died on its own. */
  async recoverCrash(): Promise<void> {
    if (this.restarting) return this.restarting;
    this.restarting = this.startApp("a crash").then(() => {
      this.lastUp = Date.now();
    });
    await this.restarting.finally(() => (this.restarting = undefined));
  }

  /** Starts the app, trying again twice when a start fails; each failure is printed as it happens. */
  private async startApp(after: string): Promise<void> {
    const { app, journal } = this.ctx;
    for (let attempt = 1; ; attempt++) {
      try {
        await app.start(undefined, after);
        return;
      } catch (error) {
        journal.fail({ what: "app_start", detail: (error as Error).message });
        console.log(`[chaos] ${journal.elapsed()} s  ${(error as Error).message}${attempt < 3 ? "; starting it again" : ""}`);
        if (attempt >= 3) throw error;
        await app.kill();
      }
    }
  }

  /** One of the killer's queries, bounded, named by what it is for when it does not answer. */
  private query<R extends QueryResultRow>(what: string, text: string, values?: unknown[]) {
    return within(QUERY_MS, `the query for ${what} did not answer`, () => this.ctx.pool.query<R>(text, values));
  }

  private async killOnce(index: number): Promise<void> {
    const { app, journal, faults } = this.ctx;
    const planned = this.rng.weighted({ random: 40, after_decision: 30, ledger_committed: 30 });
    let mode: string = planned;
    if (planned === "after_decision") {
      if (await journal.nextDecision(6_000)) await sleep(this.rng.int(0, 60));
      else mode = "random (no decision within 6 s)";
    } else if (planned === "ledger_committed") {
      mode = (await this.awaitLedgerCommit()) ? planned : "random (no refund committed within 8 s)";
    }
    const record: KillRecord = { index, at: Date.now(), mode, inFlight: "", busyThreads: [] };
    const inFlight = { ...journal.inFlight };
    this.restarting = (async () => {
      await app.kill();
      record.at = Date.now();
      const snapshot = await this.snapshot();
      record.busyThreads = snapshot.busy;
      record.inFlight = `${inFlight.messages} message(s) and ${inFlight.decisions} decision(s) in flight; ${snapshot.busy.length} thread(s) busy, ${snapshot.executing} refund(s) executing, ${snapshot.ledgerInFlight} ledger call(s) in flight`;
      console.log(`[chaos] ${journal.elapsed(record.at)} s  kill ${index} (${mode}): ${record.inFlight}`);
      faults.ledgerReserved = false;
      await this.startApp(`kill ${index}`);
      this.lastUp = Date.now();
      record.healthMs = this.lastUp - record.at;
      journal.kills.push(record);
      this.watchers.push(this.watchThreads(record).catch((error: Error) => journal.fail({ what: "kill_watch", detail: error.message })));
    })();
    await this.restarting.finally(() => (this.restarting = undefined));
  }

  /** Sets the ledger to hang after it commits, and waits for the next committed refund. */
  private async awaitLedgerCommit(): Promise<boolean> {
    const { faults } = this.ctx;
    faults.ledgerReserved = true;
    const { rows } = await this.query<{ id: string }>("the ledger's last entry", `select coalesce(max(id), 0)::text as id from bank_sim.ledger_entries`);
    const baseline = rows[0]!.id;
    await faults.set({ system: "ledger", afterCommit: "hang", times: 1 });
    const deadline = Date.now() + 8_000;
    while (Date.now() < deadline) {
      const found = await this.query("a refund committed since", `select 1 from bank_sim.ledger_entries where id > $1 and status = 'committed' limit 1`, [
        baseline,
      ]);
      if (found.rowCount) {
        await sleep(this.rng.int(0, 30));
        return true;
      }
      await sleep(20);
    }
    await faults.set({ system: "ledger", latencyMs: 0, times: 1 });
    faults.ledgerReserved = false;
    return false;
  }

  private async snapshot() {
    const [busy, executing, ledger] = await Promise.all([
      this.query<{ id: string }>("the busy threads at a kill", `select id from threads where status = 'busy'`),
      this.query<{ n: number }>("the executing refunds at a kill", `select count(*)::int as n from approvals where status = 'executing'`),
      this.query<{ n: number }>("the ledger calls in flight at a kill", `select count(*)::int as n from bank_sim.ledger_entries where status = 'in_flight'`),
    ]);
    return { busy: busy.rows.map((r) => r.id), executing: executing.rows[0]!.n, ledgerInFlight: ledger.rows[0]!.n };
  }

  /** Time until every thread busy at the kill has been seen not busy, bounded. */
  private async watchThreads(record: KillRecord): Promise<void> {
    if (record.busyThreads.length === 0) return;
    const waiting = new Set(record.busyThreads);
    const deadline = record.at + THREAD_RECOVERY_MS;
    while (waiting.size > 0 && Date.now() < deadline) {
      const { rows } = await this.query<{ id: string }>(
        `the threads kill ${record.index} cut off`,
        `select id from threads where id = any($1) and status <> 'busy'`,
        [[...waiting]],
      );
      for (const row of rows) waiting.delete(row.id);
      if (waiting.size === 0) break;
      await sleep(250);
    }
    record.unrecovered = waiting.size;
    if (waiting.size === 0) record.threadsMs = Date.now() - record.at;
  }
}
