import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import {
  getHandoverById,
  getOpenHandoverByThread,
  insertHandover,
  markHandoverAnswered,
  markHandoverClosed,
  notifyHandoverChange,
  type HandoverRow,
} from "@/db/queries/handovers";
import { appendMessage } from "@/db/queries/threads";
import type { HandoverRequest } from "../graph/deps";
import type { Refusal } from "./decisions";

/** A request that loses a race with the answer to the thread's open handover tries again, at most this often. */
const ATTEMPTS = 3;

/**
 * Hands the conversation to a person: opens a handover for staff (audited as
 * `handover.requested`, announced to every console), or returns the thread's open one
 * with `created: false`.
 */
export async function requestHandover(db: Db, input: HandoverRequest): Promise<{ handoverId: string; created: boolean }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const result = await db.transaction(async (tx) => {
      const row = await insertHandover(tx, input);
      if (row) {
        await recordAuditEvent(tx, {
          tenantId: input.tenantId,
          actor: "agent",
          action: "handover.requested",
          subjectType: "handover",
          subjectId: row.id,
          data: { threadId: input.threadId, reason: input.reason, category: input.category ?? null },
        });
        await notifyHandoverChange(tx, row);
        return { handoverId: row.id, created: true };
      }
      const open = await getOpenHandoverByThread(tx, input.tenantId, input.threadId);
      return open ? { handoverId: open.id, created: false } : null;
    });
    // Null: the open handover was answered between the insert and the read; open a new one.
    if (result) return result;
  }
  throw new Error(`could not open a handover for thread ${input.threadId}`);
}

/** The first word of a staff member's display name: customers are told who answered, not their full name. */
export function firstName(displayName: string): string {
  return displayName.trim().split(/\s+/)[0] || "A colleague";
}

/** The answer as it appears in the customer's chat, saying a person wrote it. */
export function fromSupportTeam(displayName: string, text: string): string {
  return `${firstName(displayName)} from our support team: ${text}`;
}

type StaffAction = { tenantId: string; handoverId: string; version: number; actor: string };

/** Why a staff action on a handover did nothing: no such handover, or it moved on (status and version now). */
export type HandoverRefusal = Extract<Refusal, { kind: "not_found" | "conflict" }>;

export type HandoverResult = { kind: "ok"; handover: HandoverRow; messageId?: number } | HandoverRefusal;

async function refusal(db: Db, input: StaffAction): Promise<HandoverRefusal> {
  const row = await getHandoverById(db, input.tenantId, input.handoverId);
  if (!row) return { kind: "not_found" };
  const message =
    row.status === "open"
      ? `This handover is at version ${row.version}, not ${input.version}; nothing was changed.`
      : `This handover is already ${row.status}${row.status === "answered" && row.answeredBy ? ` by ${row.answeredBy}` : ""}; nothing was changed.`;
  return { kind: "conflict", status: row.status, version: row.version, message };
}

/**
 * A staff member answers an open handover at the version they saw: the answer goes into the
 * customer's chat as an agent message naming them, the handover becomes answered, and the
 * audit trail records it, in one transaction.
 */
export async function answerHandover(db: Db, input: StaffAction & { displayName: string; text: string }): Promise<HandoverResult> {
  const done = await db.transaction(async (tx) => {
    const row = await markHandoverAnswered(tx, { ...input, answer: input.text });
    if (!row) return null;
    const message = await appendMessage(tx, {
      tenantId: input.tenantId,
      threadId: row.threadId,
      role: "agent",
      text: fromSupportTeam(input.displayName, input.text),
    });
    await recordAuditEvent(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: "handover.answered",
      subjectType: "handover",
      subjectId: row.id,
      data: { threadId: row.threadId, version: row.version, messageId: message.id },
    });
    await notifyHandoverChange(tx, row);
    return { kind: "ok" as const, handover: row, messageId: message.id };
  });
  return done ?? refusal(db, input);
}

/** Closes an open handover without writing to the customer (resolved elsewhere, or a duplicate), audited. */
export async function closeHandover(db: Db, input: StaffAction): Promise<HandoverResult> {
  const done = await db.transaction(async (tx) => {
    const row = await markHandoverClosed(tx, input);
    if (!row) return null;
    await recordAuditEvent(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: "handover.closed",
      subjectType: "handover",
      subjectId: row.id,
      data: { threadId: row.threadId, version: row.version },
    });
    await notifyHandoverChange(tx, row);
    return { kind: "ok" as const, handover: row };
  });
  return done ?? refusal(db, input);
}
