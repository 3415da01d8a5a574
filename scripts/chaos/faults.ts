/** Random, short-lived faults in the bank systems, set through the simulator's admin API. */
import { fetchWithin } from "./deadline";
import type { Journal } from "./journal";
import { Rng, sleep } from "./rng";

export type Fault = {
  system: "limits" | "history" | "antifraud" | "ledger";
  latencyMs?: number;
  errorRate?: number;
  hang?: boolean;
  timeoutMs?: number;
  afterCommit?: "error" | "hang";
  times?: number;
};

const CHECKS = ["limits", "history", "antifraud"] as const;
/** How long the simulator's admin API may take to answer. */
const ADMIN_MS = 10_000;

export class FaultInjector {
  private stopped = false;
  private loop?: Promise<void>;
  /** A kill is using the ledger's fault slot; leave the ledger alone. */
  ledgerReserved = false;
  private readonly rng: Rng;

  constructor(
    private readonly simulatorUrl: string,
    private readonly journal: Journal,
    seed: number,
  ) {
    this.rng = Rng.derive(seed, "faults");
  }

  async set(fault: Fault): Promise<void> {
    const res = await fetchWithin(`${this.simulatorUrl}/_admin/faults`, ADMIN_MS, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(fault),
    });
    if (res.status !== 200) throw new Error(`simulator refused fault ${JSON.stringify(fault)}: ${res.status} ${res.text}`);
  }

  async clear(): Promise<void> {
    await fetchWithin(`${this.simulatorUrl}/_admin/faults`, ADMIN_MS, { method: "DELETE" });
  }

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        await sleep(this.rng.int(600, 2500));
        if (this.stopped) break;
        const fault = this.pick();
        if (!fault) continue;
        await this.set(fault).catch((error: Error) => this.journal.fail({ what: "fault_injection", detail: error.message }));
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  /** One random fault; the kind is counted in the journal. */
  private pick(): Fault | undefined {
    const r = this.rng;
    if (r.chance(0.3)) {
      if (this.ledgerReserved) return undefined;
      const kind = r.weighted({ after_commit_error: 50, latency: 30, error: 20 });
      this.journal.bump(`fault.ledger.${kind}`);
      if (kind === "after_commit_error") return { system: "ledger", afterCommit: "error", times: r.int(1, 2) };
      if (kind === "latency") return { system: "ledger", latencyMs: r.int(200, 1500), times: r.int(1, 3) };
      return { system: "ledger", errorRate: 1, times: 1 };
    }
    const system = r.pick(CHECKS);
    const kind = r.weighted({ latency: 35, hang: 20, timeout: 20, error: 25 });
    this.journal.bump(`fault.${system}.${kind}`);
    switch (kind) {
      case "latency":
        return { system, latencyMs: r.int(200, 1500), times: r.int(1, 6) };
      case "hang":
        return { system, hang: true, times: r.int(1, 3) };
      case "timeout":
        return { system, timeoutMs: r.int(300, 1500), times: r.int(1, 3) };
      default:
        return { system, errorRate: r.int(50, 100) / 100, times: r.int(1, 6) };
    }
  }
}
