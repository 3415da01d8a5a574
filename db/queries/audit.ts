import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { auditEvents } from "../schema";

export type AuditInput = {
  tenantId: string;
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  data?: Record<string, unknown>;
};

export async function recordAuditEvent(db: DbOrTx, event: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({ ...event, data: event.data ?? {} });
}

export async function listAuditEventsBySubject(db: DbOrTx, tenantId: string, subjectType: string, subjectId: string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.subjectType, subjectType), eq(auditEvents.subjectId, subjectId)))
    .orderBy(asc(auditEvents.id));
}
