import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { approvalQuestions, approvals } from "../schema";

export type QuestionRow = typeof approvalQuestions.$inferSelect;

export async function getOpenQuestion(db: DbOrTx, tenantId: string, approvalId: string): Promise<QuestionRow | null> {
  const [row] = await db
    .select()
    .from(approvalQuestions)
    .where(and(eq(approvalQuestions.tenantId, tenantId), eq(approvalQuestions.approvalId, approvalId), isNull(approvalQuestions.answeredAt)));
  return row ?? null;
}

export async function listQuestionsByApproval(db: DbOrTx, tenantId: string, approvalId: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(approvalQuestions)
    .where(and(eq(approvalQuestions.tenantId, tenantId), eq(approvalQuestions.approvalId, approvalId)))
    .orderBy(asc(approvalQuestions.askedAt));
}

/**
 * Asks the customer a question about a pending approval at the version the operator saw.
 * Null when the approval moved on or already has an open question. Run in a transaction.
 */
export async function askQuestion(
  tx: DbOrTx,
  input: { tenantId: string; approvalId: string; version: number; actor: string; question: string },
): Promise<QuestionRow | null> {
  const [locked] = await tx
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(eq(approvals.tenantId, input.tenantId), eq(approvals.id, input.approvalId), eq(approvals.status, "pending"), eq(approvals.version, input.version)),
    )
    .for("update");
  if (!locked || (await getOpenQuestion(tx, input.tenantId, input.approvalId))) return null;
  const [row] = await tx
    .insert(approvalQuestions)
    .values({ id: randomUUID(), tenantId: input.tenantId, approvalId: input.approvalId, askedBy: input.actor, question: input.question })
    .returning();
  await tx
    .update(approvals)
    .set({ updatedAt: sql`now()` })
    .where(eq(approvals.id, input.approvalId));
  return row!;
}

/** Records the customer's answer to the open question; null when none is open. */
export async function answerOpenQuestion(tx: DbOrTx, input: { tenantId: string; approvalId: string; answer: string }): Promise<QuestionRow | null> {
  const [row] = await tx
    .update(approvalQuestions)
    .set({ answer: input.answer, answeredAt: sql`now()` })
    .where(and(eq(approvalQuestions.tenantId, input.tenantId), eq(approvalQuestions.approvalId, input.approvalId), isNull(approvalQuestions.answeredAt)))
    .returning();
  if (row)
    await tx
      .update(approvals)
      .set({ updatedAt: sql`now()` })
      .where(eq(approvals.id, input.approvalId));
  return row ?? null;
}
