import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Agent } from "@/agent";
import { thresholdsOf } from "@/agent/runtime/canary";
import type { Db, DbOrTx } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import { getBankRevision, listCanaries, lockCanary, proposeCanary, updateCanary, type CanaryRow } from "@/db/queries/canaries";
import type { canaryProposal, CanaryState, CanaryView } from "@/app/api/tenant/canary/schema";
import { env } from "@/env";
import { ApiError } from "./errors";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function canaryViewOf(row: CanaryRow): CanaryView {
  return {
    id: row.id,
    candidateRevisionId: row.candidateRevisionId,
    currentRevisionId: row.currentRevisionId,
    sharePercent: row.sharePercent,
    durationMinutes: Math.round(row.durationMs / 60_000),
    status: row.status,
    proposedBy: row.proposedBy,
    proposedAt: row.proposedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    confirmedBy: row.confirmedBy,
    startedAt: iso(row.startedAt),
    endsAt: iso(row.endsAt),
    endedAt: iso(row.endedAt),
    endedBy: row.endedBy,
    endReason: row.endReason,
    figures: (row.figures as CanaryView["figures"]) ?? null,
    evaluatedAt: iso(row.evaluatedAt),
  };
}

function audit(tx: DbOrTx, input: { tenantId: string; actor: string }, action: string, canary: CanaryRow, data: Record<string, unknown> = {}) {
  return recordAuditEvent(tx, {
    tenantId: input.tenantId,
    actor: input.actor,
    action,
    subjectType: "canary",
    subjectId: canary.id,
    data: { candidate: canary.candidateRevisionId, current: canary.currentRevisionId, sharePercent: canary.sharePercent, ...data },
  });
}

/** The bank's revision, the revisions the deployment hosts, its thresholds and its canaries. */
export async function readCanaries(db: Db, agent: Agent, tenantId: string): Promise<CanaryState> {
  const bank = await getBankRevision(db, tenantId);
  const hosted = agent.hostedRevisions();
  return {
    bankRevisionId: hosted.find((r) => r.id === bank.agentRevisionId)?.id ?? agent.revision.id,
    hosted: hosted.map((r) => ({ id: r.id, components: r.components })),
    thresholds: thresholdsOf(tenantId, bank.canaryThresholds),
    canaries: (await listCanaries(db, tenantId)).map(canaryViewOf),
  };
}

/**
 * A supervisor proposes a canary of a hosted candidate for a share of the bank's new
 * conversations; a second supervisor starts it. 400 `bad_request:candidate` for a revision the
 * deployment does not host or the bank already runs on, 409 `conflict:canary` when the bank has
 * a canary proposed or running. Audited as `canary.proposed`.
 */
export async function proposeBankCanary(
  db: Db,
  agent: Agent,
  input: { tenantId: string; actor: string } & z.infer<typeof canaryProposal>,
): Promise<CanaryState> {
  const state = await readCanaries(db, agent, input.tenantId);
  if (!state.hosted.some((r) => r.id === input.candidateRevisionId))
    throw new ApiError(
      "bad_request:candidate",
      "This deployment does not run that revision: name one of `hosted` (a candidate comes from the CANDIDATE_LLM_* settings).",
    );
  if (input.candidateRevisionId === state.bankRevisionId) throw new ApiError("bad_request:candidate", "Your bank already runs on that revision.");
  const now = agent.deps.clock();
  await db.transaction(async (tx) => {
    const row = await proposeCanary(tx, {
      id: randomUUID(),
      tenantId: input.tenantId,
      candidateRevisionId: input.candidateRevisionId,
      currentRevisionId: state.bankRevisionId,
      sharePercent: input.sharePercent,
      durationMs: input.durationMinutes * 60_000,
      proposedBy: input.actor,
      proposedAt: now,
      expiresAt: new Date(now.getTime() + env().POLICY_CHANGE_TTL_MS),
    });
    if (!row) throw new ApiError("conflict:canary", "Your bank already has a canary proposed or running: answer or stop it first.");
    await audit(tx, input, "canary.proposed", row, { durationMinutes: input.durationMinutes });
  });
  return readCanaries(db, agent, input.tenantId);
}

/**
 * A second supervisor's answer to a proposed canary: `confirm` starts it now for its duration,
 * `reject` ends it (by its proposer: withdraws it). 403 `forbidden:four_eyes` when its proposer
 * confirms, 409 `conflict:canary` when it is no longer proposed or has lapsed.
 */
export async function answerBankCanary(
  db: Db,
  agent: Agent,
  input: { tenantId: string; actor: string; id: string; answer: "confirm" | "reject" },
): Promise<CanaryState> {
  const now = agent.deps.clock();
  await db.transaction(async (tx) => {
    const row = await lockCanary(tx, input.tenantId, input.id);
    if (!row) throw new ApiError("not_found:canary", "There is no such canary for your bank.");
    if (row.status !== "proposed" || row.expiresAt <= now) {
      const state = row.status === "proposed" ? "lapsed" : row.status;
      throw new ApiError("conflict:canary", `This canary is ${state}; nothing was changed.`, { currentStatus: state });
    }
    const own = row.proposedBy === input.actor;
    if (input.answer === "reject") {
      const status = own ? "withdrawn" : "rejected";
      await updateCanary(tx, input.tenantId, row.id, { status, endedAt: now, endedBy: input.actor });
      await audit(tx, input, `canary.${status}`, row);
      return;
    }
    if (own) throw new ApiError("forbidden:four_eyes", "You proposed this canary; another supervisor of your bank must start it.");
    const endsAt = new Date(now.getTime() + row.durationMs);
    await updateCanary(tx, input.tenantId, row.id, { status: "running", confirmedBy: input.actor, startedAt: now, endsAt });
    await audit(tx, input, "canary.started", row, { proposedBy: row.proposedBy, endsAt: endsAt.toISOString() });
  });
  return readCanaries(db, agent, input.tenantId);
}

/** A supervisor stops the bank's running canary (no second supervisor needed: new conversations go back to the bank's revision). */
export async function stopBankCanary(db: Db, agent: Agent, input: { tenantId: string; actor: string; id: string; reason: string }): Promise<CanaryState> {
  const now = agent.deps.clock();
  await db.transaction(async (tx) => {
    const row = await lockCanary(tx, input.tenantId, input.id);
    if (!row) throw new ApiError("not_found:canary", "There is no such canary for your bank.");
    if (row.status !== "running") throw new ApiError("conflict:canary", `This canary is ${row.status}; nothing was changed.`, { currentStatus: row.status });
    await updateCanary(tx, input.tenantId, row.id, { status: "stopped", endedAt: now, endedBy: input.actor, endReason: input.reason });
    await audit(tx, input, "canary.stopped", row, { reason: input.reason });
  });
  return readCanaries(db, agent, input.tenantId);
}

/** What the ops page shows of the bank's canaries: the one proposed or running, else the last to end within a day. */
export async function canaryForOps(db: Db, tenantId: string, now: Date): Promise<CanaryView | null> {
  const [latest] = await listCanaries(db, tenantId, 1);
  if (!latest) return null;
  const open = latest.status === "proposed" || latest.status === "running";
  return open || (latest.endedAt && now.getTime() - latest.endedAt.getTime() < 24 * 3_600_000) ? canaryViewOf(latest) : null;
}
