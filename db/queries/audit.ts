import { and, asc, eq, sql } from "drizzle-orm";
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

/**
 * Records the event unless one with the same action and subject already carries `key` as
 * its `data.idempotencyKey`: a step that runs again is audited once.
 */
export async function recordAuditEventOnce(db: DbOrTx, event: AuditInput & { data: Record<string, unknown> }, key: string): Promise<void> {
  const data = { ...event.data, idempotencyKey: key };
  await db.execute(sql`
    insert into ${auditEvents} (tenant_id, actor, action, subject_type, subject_id, data)
    select ${event.tenantId}, ${event.actor}, ${event.action}, ${event.subjectType}, ${event.subjectId}, ${JSON.stringify(data)}::jsonb
     where not exists (
       select 1 from ${auditEvents}
        where tenant_id = ${event.tenantId} and action = ${event.action} and subject_type = ${event.subjectType}
          and subject_id = ${event.subjectId} and data->>'idempotencyKey' = ${key})`);
}

export async function listAuditEventsBySubject(db: DbOrTx, tenantId: string, subjectType: string, subjectId: string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.subjectType, subjectType), eq(auditEvents.subjectId, subjectId)))
    .orderBy(asc(auditEvents.id));
}
