import { createAgent } from "../agent";
import { DEFAULT_POLICY } from "../agent/graph/policy";
import { createThread, listMessagesByThread } from "../db/queries/threads";
import { ledgerEntries } from "../db/schema";
import { call, setFault, testDatabase, TENANT } from "../simulator/test-support";
import { eq } from "drizzle-orm";

export { call, setFault, TENANT };
export { until } from "./wait-for";

/**
 * A clock tests move forward instead of waiting: the agent's `clock` dependency reads it,
 * so whatever the agent dates or times out by it (claims, expiry, refund retries) moves with it.
 */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    reset() {
      offsetMs = 0;
    },
  };
}

/** Short timeouts so degraded paths finish quickly; the same graph as production otherwise. */
export const FAST_SETTINGS = {
  checkTimeoutMs: 600,
  checkMaxAttempts: 3,
  retryInitialMs: 20,
  ledgerTimeoutMs: 2000,
  ledgerMaxAttempts: 3,
  recursionLimit: 16,
  policy: DEFAULT_POLICY,
  authority: { operatorLimitMinor: 50_000, fourEyesMinor: 100_000 },
  autoApproveCeilingMinor: 50_000,
  approvalTtlMs: 48 * 60 * 60 * 1000,
  claimTtlMs: 15 * 60 * 1000,
  refundRetryMs: 300,
  leaseMs: 3000,
  doubleTexting: "enqueue" as const,
};

/** A real agent on the integration Postgres and the simulator, on a clock the test may move, plus helpers to count outcomes. */
export function agentHarness(settings: Partial<typeof FAST_SETTINGS> = {}) {
  const database = testDatabase();
  const clock = testClock();
  // The agent acts as the app does: as the application role, one tenant at a time.
  const agent = createAgent({ db: database.app.db, pool: database.app.pool, deps: { settings: { ...FAST_SETTINGS, ...settings }, clock: clock.now } });
  return {
    ...database,
    agent,
    clock,
    /** An empty database with the demo data, and the clock back at the real time. */
    async freshStart() {
      clock.reset();
      await database.freshStart();
      agent.deps.policies.forget();
    },
    async newThread(customerId = "cust-alice", tenantId = TENANT) {
      return (await createThread(database.db, tenantId, customerId)).id;
    },
    say(threadId: string, text: string, customerId = "cust-alice", tenantId = TENANT) {
      return agent.sendMessage({ tenantId, threadId, customerId, text, actor: customerId });
    },
    /** A decision by a demo staff member (sam is the supervisor). */
    decide(approval: { id: string; version: number }, actor: string, decision: "approved" | "rejected" = "approved", reason = `by ${actor}`) {
      return agent.decide({
        tenantId: TENANT,
        approvalId: approval.id,
        version: approval.version,
        decision,
        reason,
        actor,
        role: actor === "sam" ? "supervisor" : "operator",
      });
    },
    /** The thread's messages, oldest first. */
    transcript(threadId: string) {
      return listMessagesByThread(database.db, TENANT, threadId);
    },
    async ledgerRows(caseId?: string) {
      const q = database.db.select().from(ledgerEntries);
      return caseId ? q.where(eq(ledgerEntries.caseId, caseId)) : q;
    },
    async calls(): Promise<Record<"limits" | "history" | "antifraud" | "ledger" | "cards", number>> {
      return (await call("/_admin/calls")).body;
    },
  };
}
