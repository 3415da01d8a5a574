/**
 * Operators olga and oscar and supervisor sam working the approval queue: they decide as
 * each conversation's plan says, sometimes double-click, and leave some to expire. In
 * four-eyes cases the first approver sometimes settles on a lower amount, and the second
 * sometimes tries another amount first, which the app must refuse with conflict:amount.
 */
import { ApiSession } from "./api";
import type { Coordination } from "./coordination";
import type { Journal } from "./journal";
import type { AppProcess } from "./processes";
import { Rng, sleep } from "./rng";

type Staff = "olga" | "oscar" | "sam";
const STAFF: Staff[] = ["olga", "oscar", "sam"];
/** Operators approve up to this alone (the app's default OPERATOR_LIMIT_MINOR). */
const OPERATOR_LIMIT_MINOR = 50_000;
/** Refunds from this amount need two approvers (the app's default FOUR_EYES_MINOR). */
const FOUR_EYES_MINOR = 100_000;

type QueuedApproval = {
  approvalId: string;
  threadId: string;
  version: number;
  amountMinor: number;
  requiredApprovals: number;
  firstApprovedBy: string | null;
  firstApprovedAmountMinor: number | null;
};

export type OperatorContext = { app: AppProcess; journal: Journal; coordination: Coordination; seed: number };

export class Operators {
  private stopped = false;
  private loops: Promise<void>[] = [];
  private readonly handling = new Set<string>();
  private readonly rng: Rng;

  constructor(private readonly ctx: OperatorContext) {
    this.rng = Rng.derive(ctx.seed, "operators");
  }

  async start(): Promise<void> {
    for (const name of STAFF) {
      const api = new ApiSession(this.ctx.app, this.ctx.journal, name);
      const login = await api.signIn(`${name}-pass`);
      if (login.status !== 200) throw new Error(`${name} could not sign in: ${login.waited ?? login.status}`);
      this.loops.push(this.work(name, api));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async work(name: Staff, api: ApiSession): Promise<void> {
    while (!this.stopped) {
      for (const approval of await this.queue(api)) {
        const key = `${approval.approvalId}:${approval.version}`;
        if (this.handling.has(key) || !this.isFor(name, approval)) continue;
        this.handling.add(key);
        void this.decide(name, api, approval).finally(() => this.handling.delete(key));
      }
      await sleep(this.rng.int(150, 400));
    }
  }

  private async queue(api: ApiSession): Promise<QueuedApproval[]> {
    const found: QueuedApproval[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await api.call("GET", `/api/approvals?status=pending&pageSize=100&page=${page}`, undefined, { deadlineMs: 5_000, timeoutMs: 15_000 });
      if (res.status !== 200) {
        if (res.status !== 0) this.ctx.journal.fail({ what: `queue_http_${res.status}`, detail: JSON.stringify(res.body) });
        break;
      }
      found.push(...(res.body.approvals as QueuedApproval[]));
      if (page * 100 >= res.body.total) break;
    }
    return found;
  }

  /** Whose turn it is: the planned operator, sam above the operator limit and second in four-eyes. */
  private isFor(name: Staff, a: QueuedApproval): boolean {
    const plan = this.ctx.coordination.planFor(a.threadId);
    if (plan?.outcome === "expire") return false;
    const first = plan?.firstApprover ?? "olga";
    if (a.requiredApprovals >= 2) return a.firstApprovedBy ? name === "sam" && a.firstApprovedBy !== "sam" : name === first;
    return a.amountMinor > OPERATOR_LIMIT_MINOR ? name === "sam" : name === first;
  }

  /**
   * The amount to approve: the first approver's at the second of two (sometimes named,
   * sometimes left to the app); at the first of two, now and then a lower amount that
   * still needs both approvals.
   */
  private amountFor(a: QueuedApproval): number | undefined {
    if (a.firstApprovedBy) return this.rng.chance(0.5) ? (a.firstApprovedAmountMinor ?? a.amountMinor) : undefined;
    if (a.requiredApprovals >= 2 && a.amountMinor > FOUR_EYES_MINOR && this.rng.chance(0.3)) return this.rng.int(FOUR_EYES_MINOR, a.amountMinor - 1);
    return undefined;
  }

  /** A second approval for another amount than the first approver's: must be a 409 conflict:amount and change nothing. */
  private async tryOtherAmount(name: Staff, api: ApiSession, a: QueuedApproval): Promise<void> {
    const agreed = a.firstApprovedAmountMinor ?? a.amountMinor;
    const higher = Math.min(a.amountMinor, agreed + 100);
    const other = higher !== agreed && this.rng.chance(0.5) ? higher : agreed - 100;
    const body = { decision: "approve", reason: "Chaos campaign: another amount.", version: a.version, amountMinor: other };
    const res = await api.call("POST", `/api/approvals/${a.approvalId}/decision`, body, { retry: false, timeoutMs: 90_000 });
    this.ctx.journal.record(
      a.threadId,
      `${name} approve ${other} (first approved ${agreed}) v${a.version}`,
      res.status === 0 ? (res.error ?? "no answer") : `${res.status} ${res.body?.code ?? res.body?.status ?? ""}`.trim(),
    );
    this.ctx.journal.bump(`decision.other_amount.${res.status === 0 ? (res.error ?? "no_answer") : res.status}`);
    if (res.status === 200) {
      this.ctx.journal.fail({
        threadId: a.threadId,
        what: "second_approval_other_amount_not_refused",
        detail: `${name} ${a.approvalId}: ${res.status} ${JSON.stringify(res.body)}`,
      });
    }
  }

  private async decide(name: Staff, api: ApiSession, a: QueuedApproval): Promise<void> {
    const { journal, coordination } = this.ctx;
    const plan = coordination.planFor(a.threadId);
    const decision = plan?.outcome === "reject" ? "reject" : "approve";
    const firstStep = !a.firstApprovedBy;
    if (plan?.outcome === "cancel_race" && firstStep) {
      coordination.seen(a.threadId)?.fire();
      await sleep(this.rng.int(0, 80));
    }
    const clicks = plan?.doubleClick ? 2 : 1;
    const amountMinor = decision === "approve" ? this.amountFor(a) : undefined;
    if (decision === "approve" && a.firstApprovedBy && this.rng.chance(0.3)) await this.tryOtherAmount(name, api, a);
    const body = {
      decision,
      reason: decision === "reject" ? "Chaos campaign: the evidence does not support a refund." : "Chaos campaign: approved.",
      version: a.version,
      ...(amountMinor === undefined ? {} : { amountMinor }),
    };
    journal.inFlight.decisions += 1;
    journal.decisionSent();
    const sentAt = Date.now();
    try {
      const results = await Promise.all(
        Array.from({ length: clicks }, () => api.call("POST", `/api/approvals/${a.approvalId}/decision`, body, { retry: false, timeoutMs: 90_000 })),
      );
      const summary = results.map((r) => (r.status === 0 ? (r.error ?? "no answer") : `${r.status} ${r.body?.status ?? r.body?.code ?? ""}`.trim()));
      journal.record(a.threadId, `${name} ${decision} v${a.version}${clicks > 1 ? " (double click)" : ""}`, summary.join(" | "), sentAt);
      for (const r of results) journal.bump(`decision.${r.status === 0 ? (r.error ?? "no_answer") : r.status}`);
      if (clicks > 1) journal.bump("decision.double_click");
      const accepted = results.filter((r) => r.status === 200);
      if (accepted.length > 1) {
        journal.fail({ threadId: a.threadId, what: "double_click_accepted_twice", detail: `approval ${a.approvalId} v${a.version}: ${summary.join(" | ")}` });
      }
      for (const r of results) {
        if (r.status === 403 || r.status >= 500) {
          journal.fail({ threadId: a.threadId, what: `decision_http_${r.status}`, detail: `${name} ${decision} ${a.approvalId}: ${JSON.stringify(r.body)}` });
        }
      }
      const stillPending = accepted.some((r) => r.body?.approvalsNeeded > 0);
      if (!stillPending) coordination.decided(a.threadId)?.fire();
    } finally {
      journal.inFlight.decisions -= 1;
    }
  }
}
