import { Command } from "@langchain/langgraph";
import type { Db } from "@/db/client";
import { cancelApproval, getApprovalByCase, getApprovalById, recordDecision, setApprovalInterrupt } from "@/db/queries/approvals";
import { recordAuditEvent } from "@/db/queries/audit";
import { getLatestCaseByCustomer, setCaseStatus } from "@/db/queries/cases";
import { appendMessage, claimThread, releaseThread } from "@/db/queries/threads";
import { getTransactionById } from "@/db/queries/transactions";
import type { AgentDeps } from "./deps";
import type { AgentGraph } from "./graph";
import type { ApprovalRequest } from "./nodes/approval-gate";
import { caseStandingText, composeReply, limitsText } from "./replies";
import { STATE_SCHEMA_VERSION, type AgentStateType } from "./state";
import { understandMessage } from "./understanding";

export type TurnResult =
  | { kind: "ok"; reply: string; status: "idle" | "awaiting_approval"; caseId?: string }
  | { kind: "busy" };

export type DecisionResult =
  | { kind: "ok"; status: string; version: number; reply?: string }
  | { kind: "not_found" }
  | { kind: "conflict"; status: string; version: number };

type Ctx = { db: Db; graph: AgentGraph; deps: AgentDeps };
type OnToken = (text: string) => void;

const LEASE_MS = 120_000;

async function run(ctx: Ctx, threadId: string, input: unknown, onToken?: OnToken) {
  const config = { configurable: { thread_id: threadId } };
  const stream = await ctx.graph.stream(input as never, {
    ...config,
    streamMode: ["custom", "values"],
    durability: "sync",
    recursionLimit: ctx.deps.settings.recursionLimit,
  });
  for await (const [mode, chunk] of stream as AsyncIterable<[string, { type?: string; text?: string }]>) {
    if (mode === "custom" && chunk.type === "token" && chunk.text) onToken?.(chunk.text);
  }
  const snapshot = await ctx.graph.getState(config);
  const interrupts = snapshot.tasks.flatMap((t) => t.interrupts);
  const values = snapshot.values as AgentStateType;
  for (const it of interrupts) {
    const request = it.value as ApprovalRequest;
    if (it.id && request?.approvalId) await setApprovalInterrupt(ctx.db, values.tenantId, request.approvalId, it.id);
  }
  if (interrupts.length === 0) return { values, status: "idle" as const };
  const waiting = composeReply(values);
  onToken?.(waiting);
  return { values: { ...values, answer: waiting }, status: "awaiting_approval" as const };
}

/** Runs `work` holding the thread's lease; null when another run holds it. */
async function withThread<T>(
  ctx: Ctx,
  tenantId: string,
  threadId: string,
  work: (previous: string) => Promise<{ result: T; status: "idle" | "awaiting_approval" }>,
  takeOver = false,
): Promise<T | null> {
  const previous = await claimThread(ctx.db, { tenantId, threadId, leaseMs: LEASE_MS, takeOver });
  if (!previous) return null;
  let status: "idle" | "awaiting_approval" = previous === "awaiting_approval" ? "awaiting_approval" : "idle";
  try {
    const done = await work(previous);
    status = done.status;
    return done.result;
  } finally {
    await releaseThread(ctx.db, { tenantId, threadId, status });
  }
}

async function resumeGate(ctx: Ctx, threadId: string, interruptId: string, approvalId: string, onToken?: OnToken) {
  return run(ctx, threadId, new Command({ resume: { [interruptId]: { approvalId } } }), onToken);
}

async function limitsAnswer(ctx: Ctx, ref: { tenantId: string; customerId: string }): Promise<string> {
  try {
    const facts = await ctx.deps.bank.limits({ tenantId: ref.tenantId, customerId: ref.customerId }, AbortSignal.timeout(ctx.deps.settings.checkTimeoutMs));
    return `Here are your card limits:\n${limitsText(facts)}`;
  } catch {
    return "I couldn't reach the card-limits system just now.";
  }
}

/**
 * While a refund waits for an operator the thread is paused in the gate. A cancel closes
 * the approval and wakes the gate; anything else gets the case's standing.
 */
async function answerWhileAwaiting(ctx: Ctx, input: { tenantId: string; threadId: string; customerId: string; text: string; actor: string }, onToken?: OnToken) {
  const kase = await getLatestCaseByCustomer(ctx.db, input.tenantId, input.customerId);
  const approval = kase ? await getApprovalByCase(ctx.db, input.tenantId, kase.id) : null;
  const understanding = await understandMessage(ctx.deps.model, {
    messages: [{ role: "customer", text: input.text }],
    transactions: [],
    today: ctx.deps.clock().toISOString().slice(0, 10),
  });
  if (understanding.intent === "cancel" && kase && approval) {
    const cancelled = await ctx.db.transaction(async (tx) => {
      const row = await cancelApproval(tx, { tenantId: input.tenantId, approvalId: approval.id, actor: input.actor, reason: "Cancelled by the customer" });
      if (!row) return null;
      await setCaseStatus(tx, input.tenantId, kase.id, "cancelled");
      await recordAuditEvent(tx, { tenantId: input.tenantId, actor: input.actor, action: "approval.cancelled", subjectType: "approval", subjectId: approval.id, data: { version: row.version } });
      return row;
    });
    if (cancelled && approval.interruptId) {
      const { values, status } = await resumeGate(ctx, input.threadId, approval.interruptId, approval.id, onToken);
      return { reply: values.answer, status, caseId: kase.id };
    }
  }
  const txn = kase ? await getTransactionById(ctx.db, input.tenantId, kase.transactionId) : null;
  const standing = kase
    ? caseStandingText({ merchant: txn?.merchant ?? "card", amountMinor: kase.amountMinor, currency: kase.currency }, kase.status)
    : "Your request is with one of our operators.";
  const reply = understanding.intent === "limits" ? `${await limitsAnswer(ctx, input)}\n${standing}` : standing;
  onToken?.(reply);
  return { reply, status: "awaiting_approval" as const, caseId: kase?.id };
}

/** One customer turn: transcript in, graph run (or the paused-thread answer), transcript out. */
export async function sendMessage(
  ctx: Ctx,
  input: { tenantId: string; threadId: string; customerId: string; text: string; actor: string },
  onToken?: OnToken,
): Promise<TurnResult> {
  const result = await withThread(ctx, input.tenantId, input.threadId, async (previous) => {
    await appendMessage(ctx.db, { tenantId: input.tenantId, threadId: input.threadId, role: "customer", text: input.text });
    const outcome =
      previous === "awaiting_approval"
        ? await answerWhileAwaiting(ctx, input, onToken)
        : await run(
            ctx,
            input.threadId,
            { schemaVersion: STATE_SCHEMA_VERSION, tenantId: input.tenantId, customerId: input.customerId, input: input.text },
            onToken,
          ).then(({ values, status }) => ({ reply: values.answer, status, caseId: values.case?.caseId }));
    await appendMessage(ctx.db, { tenantId: input.tenantId, threadId: input.threadId, role: "agent", text: outcome.reply });
    return { result: outcome, status: outcome.status };
  });
  if (!result) return { kind: "busy" };
  return { kind: "ok", ...result };
}

async function waitForThread<T>(attempt: () => Promise<T | null>, timeoutMs = 30_000): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== null || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An operator's decision: a compare-and-set on the version the operator saw, then the
 * paused thread resumes by interrupt id. A stale, repeated or late decision changes nothing.
 */
export async function decideApproval(
  ctx: Ctx,
  input: { tenantId: string; approvalId: string; version: number; decision: "approved" | "rejected"; reason: string; actor: string },
): Promise<DecisionResult> {
  const existing = await getApprovalById(ctx.db, input.tenantId, input.approvalId);
  if (!existing) return { kind: "not_found" };
  const decided = await ctx.db.transaction(async (tx) => {
    const row = await recordDecision(tx, input);
    if (!row) return null;
    if (input.decision === "rejected") await setCaseStatus(tx, input.tenantId, row.caseId, "rejected");
    else await setCaseStatus(tx, input.tenantId, row.caseId, "approved");
    await recordAuditEvent(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: `approval.${input.decision}`,
      subjectType: "approval",
      subjectId: row.id,
      data: { version: row.version, reason: input.reason },
    });
    return row;
  });
  if (!decided) {
    const now = await getApprovalById(ctx.db, input.tenantId, input.approvalId);
    return { kind: "conflict", status: now?.status ?? "unknown", version: now?.version ?? 0 };
  }
  const interruptId = decided.interruptId;
  if (!interruptId) return { kind: "ok", status: decided.status, version: decided.version };
  const reply = await waitForThread(() =>
    withThread(ctx, input.tenantId, decided.threadId, async () => {
      const { values, status } = await resumeGate(ctx, decided.threadId, interruptId, decided.id);
      await appendMessage(ctx.db, { tenantId: input.tenantId, threadId: decided.threadId, role: "agent", text: values.answer });
      return { result: values.answer, status };
    }),
  );
  const after = await getApprovalById(ctx.db, input.tenantId, input.approvalId);
  return { kind: "ok", status: after?.status ?? decided.status, version: after?.version ?? decided.version, reply: reply ?? undefined };
}

/**
 * Continues a thread from its last checkpoint after the process running it died: finished
 * tasks keep their writes, only unfinished ones run again.
 */
export async function recoverThread(ctx: Ctx, tenantId: string, threadId: string) {
  return withThread(
    ctx,
    tenantId,
    threadId,
    async () => {
      const { values, status } = await run(ctx, threadId, null);
      if (values.answer) await appendMessage(ctx.db, { tenantId, threadId, role: "agent", text: values.answer });
      return { result: values, status };
    },
    true,
  );
}
