import { claimThread, releaseThread, releaseThreadIfQueueEmpty, renewLease } from "@/db/queries/threads";
import { failureFields, log } from "@/observability/log";
import type { Ctx, RestingStatus } from "./context";
import type { Hold } from "./run-registry";
import { RunDrained } from "./graph-run";

/**
 * Runs `work` while this instance holds the thread: `take` claims the thread (false: another
 * holds it, and null is returned), then the lease is renewed every third of its length
 * until `work` ends; failed renewals are logged, not thrown. A renewal that finds the thread
 * no longer this instance's, or renewals failing for two thirds of the lease (after which
 * another instance may take the thread over, should this one also look dead), stop the run
 * on it at its next superstep boundary (RunDrained): from then on this instance neither
 * writes nor releases the thread, and whoever recovers it finishes the run.
 */
export async function holdThread<T>(ctx: Ctx, threadId: string, take: () => Promise<boolean>, work: () => Promise<T>): Promise<T | null> {
  const hold = ctx.runs.held.get(threadId) ?? { count: 0, lost: false };
  hold.count++;
  ctx.runs.held.set(threadId, hold);
  let stopRenewing: (() => void) | undefined;
  try {
    if (!(await take())) return null;
    stopRenewing = renewWhileHeld(ctx, threadId, hold);
    return await work();
  } finally {
    stopRenewing?.();
    if (--hold.count === 0) ctx.runs.held.delete(threadId);
  }
}

/** Renews the thread's lease every third of its length until the returned function is called. */
function renewWhileHeld(ctx: Ctx, threadId: string, hold: Hold): () => void {
  const leaseMs = ctx.deps.settings.leaseMs;
  let renewedAt = Date.now();
  let renewing = false;
  let ended = false;
  const stop = (reason: string) => {
    log().error({ event: "lease.lost", threadId, reason });
    hold.lost = true;
    hold.control?.requestDrain(reason);
  };
  const timer = setInterval(async () => {
    if (renewing || hold.lost) return;
    renewing = true;
    const asked = Date.now();
    try {
      const renewed = await renewLease(ctx.db, { threadId, owner: ctx.instance.id, leaseMs });
      if (renewed) renewedAt = asked;
      else if (!ended) stop("another instance holds the thread");
    } catch (error) {
      log().warn({ event: "lease.renewal_failed", threadId, ...failureFields(error) });
      if (!ended && Date.now() - renewedAt > (leaseMs * 2) / 3) stop("the thread's lease could not be renewed and may run out");
    } finally {
      renewing = false;
    }
  }, leaseMs / 3);
  timer.unref();
  return () => {
    ended = true;
    clearInterval(timer);
  };
}

/**
 * Runs `work` holding the thread's lease; null when another run holds it. Before letting
 * go, customer messages queued behind the run are answered: the lease is released only by
 * a compare-and-set that sees an empty queue, so none is left behind, whoever held it.
 */
export async function withThread<T>(
  ctx: Ctx,
  tenantId: string,
  threadId: string,
  work: (previous: string) => Promise<{ result: T; status: RestingStatus }>,
): Promise<T | null> {
  await ctx.instance.ready();
  let previous: string | null = null;
  const take = async () => {
    previous = await claimThread(ctx.db, { tenantId, threadId, leaseMs: ctx.deps.settings.leaseMs, owner: ctx.instance.id });
    return previous !== null;
  };
  return holdThread(ctx, threadId, take, async () => {
    const before = previous!;
    let status: RestingStatus = before === "awaiting_approval" ? "awaiting_approval" : "idle";
    let release = true;
    try {
      const done = await work(before);
      status = done.status;
      return done.result;
    } catch (error) {
      if (error instanceof RunDrained) release = false;
      throw error;
    } finally {
      if (release) await letGo(ctx, tenantId, threadId, status);
    }
  });
}

/**
 * Lets go of a thread this instance holds, answering its queued messages first; each is
 * taken only after a renewal proves the thread is still this instance's. A run stopped
 * while answering one (RunDrained) leaves the thread leased, for recovery to finish.
 */
export async function letGo(ctx: Ctx, tenantId: string, threadId: string, status: RestingStatus) {
  const owner = ctx.instance.id;
  let resting = status;
  /** Released, no longer this instance's, or left leased for recovery: nothing to release at the end. */
  let settled = false;
  try {
    while (!ctx.runs.draining) {
      settled = await releaseThreadIfQueueEmpty(ctx.db, { tenantId, threadId, owner, status: resting });
      if (settled) return;
      settled = !(await renewLease(ctx.db, { threadId, owner, leaseMs: ctx.deps.settings.leaseMs }));
      if (settled) return;
      resting = await ctx.answerQueued(tenantId, threadId, resting);
    }
  } catch (error) {
    if (error instanceof RunDrained) settled = true;
    throw error;
  } finally {
    if (!settled) await releaseThread(ctx.db, { tenantId, threadId, owner, status: resting });
  }
}
