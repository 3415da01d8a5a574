import { createAgent, type Agent } from "../agent";
import type { DeciderRole } from "../vocabulary/roles";
import { DEFAULT_POLICY } from "../agent/graph/policy";
import { createThread, listMessagesByThread } from "../db/queries/threads";
import { getApprovalById } from "../db/queries/approvals";
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

type Decider = Pick<Agent, "decide" | "carriedOut">;

/** The demo supervisors, one of each bank. */
const SUPERVISORS = new Set(["sam", "zofia"]);

/**
 * `agent` decides (olga, an operator, approving, unless told otherwise) and answers at once;
 * a final decision is then carried out by the job queue, which this waits for. `meanwhile`
 * runs between the answer and the end of the resume (a message the customer sends then).
 */
export async function decideAndCarryOut(
  agent: Decider,
  approval: { id: string; version: number },
  opts: { actor?: string; role?: DeciderRole; decision?: "approved" | "rejected"; reason?: string; meanwhile?: () => Promise<void>; tenantId?: string } = {},
) {
  const { actor = "olga", role = "operator", decision = "approved", reason = "ok", meanwhile, tenantId = TENANT } = opts;
  const carried = await agent.carriedOut(tenantId, approval.id, 60_000);
  const result = await agent.decide({ tenantId, approvalId: approval.id, version: approval.version, decision, reason, actor, role });
  if (result.kind !== "ok" || result.approvalsNeeded > 0) {
    carried.stop();
    return result;
  }
  await meanwhile?.();
  await carried.done;
  return result;
}

/**
 * A real agent on the integration Postgres and the simulator, on a clock the test may move, plus
 * helpers to count outcomes. It takes its share of the job queue unless `worker` is false (for
 * files whose decisions a child process makes and carries out itself).
 */
export function agentHarness(settings: Partial<typeof FAST_SETTINGS> = {}, { worker = true }: { worker?: boolean } = {}) {
  const database = testDatabase();
  const clock = testClock();
  // The agent acts as the app does: as the application role, one tenant at a time.
  const agent = createAgent({ db: database.app.db, pool: database.app.pool, deps: { settings: { ...FAST_SETTINGS, ...settings }, clock: clock.now } });
  // The agent takes its share of the job queue, as the app's instances do; ending the pool stops it.
  const working = worker ? agent.work() : Promise.resolve();
  const endPools = database.pool.end.bind(database.pool);
  database.pool.end = (async () => {
    await agent.jobs.stop({ graceful: false });
    await endPools();
  }) as typeof database.pool.end;
  return {
    ...database,
    agent,
    clock,
    /** An empty database with the demo data, and the clock back at the real time. */
    async freshStart() {
      await working;
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
    /**
     * A decision by a demo staff member (sam and zofia are supervisors), and, when it is final,
     * its resume carried out by the job queue; the approval as it then stands (an approved
     * refund is executed by then).
     */
    async decide(
      approval: { id: string; version: number },
      actor: string,
      decision: "approved" | "rejected" = "approved",
      reason = `by ${actor}`,
      tenantId = TENANT,
    ) {
      const role = SUPERVISORS.has(actor) ? "supervisor" : "operator";
      const result = await decideAndCarryOut(agent, approval, { actor, role, decision, reason, tenantId });
      if (result.kind !== "ok" || result.approvalsNeeded > 0) return result;
      const after = (await getApprovalById(database.db, tenantId, approval.id))!;
      return { ...result, status: after.status, version: after.version };
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
