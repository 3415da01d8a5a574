import { and, asc, eq, sql } from "drizzle-orm";
import type { ChainRow } from "../audit-chain";
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

/** Records the event; the database gives it its place in the tenant's hash chain (seq, prev_hash, hash). */
export async function recordAuditEvent(db: DbOrTx, event: AuditInput): Promise<void> {
  await db.execute(sql`
    insert into ${auditEvents} (tenant_id, actor, action, subject_type, subject_id, data)
    values (${event.tenantId}, ${event.actor}, ${event.action}, ${event.subjectType}, ${event.subjectId}, ${JSON.stringify(event.data ?? {})}::jsonb)`);
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

/** Every tenant with audit events. */
export async function listAuditTenants(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ tenant_id: string }>(sql`select distinct tenant_id from ${auditEvents} order by tenant_id`);
  return result.rows.map((r) => r.tenant_id);
}

/** An audit row as the hash chain covers it (db/audit-chain.ts): `at` in the chain's time format, `data` as jsonb text. */
export type AuditChainRow = ChainRow & { id: string; hash: string };

/** Up to `limit` of the tenant's audit rows after the row at `after` (seq and id; null: from the first), in chain order. */
export async function auditChainPage(db: DbOrTx, tenantId: string, after: { seq: string; id: string } | null, limit: number): Promise<AuditChainRow[]> {
  const result = await db.execute<{
    id: string;
    tenant_id: string;
    seq: string;
    at: string;
    actor: string;
    action: string;
    subject_type: string;
    subject_id: string;
    data_text: string;
    prev_hash: string;
    hash: string;
  }>(sql`
    select id::text, tenant_id, seq::text, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
           actor, action, subject_type, subject_id, data::text as data_text, prev_hash, hash
      from ${auditEvents}
     where ${auditEvents.tenantId} = ${tenantId} ${after ? sql`and (${auditEvents.seq}, ${auditEvents.id}) > (${after.seq}::bigint, ${after.id}::bigint)` : sql``}
     order by ${auditEvents.seq}, ${auditEvents.id}
     limit ${limit}`);
  return result.rows.map((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    seq: r.seq,
    at: r.at,
    actor: r.actor,
    action: r.action,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    dataText: r.data_text,
    prevHash: r.prev_hash,
    hash: r.hash,
  }));
}
