import { z } from "zod";
import { ok, parseInput } from "../http";
import type { RequestContext } from "../route";
import { tenantId } from "./tenant";

const entriesQuery = z.object({
  tenantId,
  caseId: z.string().min(1).optional(),
  customerId: z.string().min(1).optional(),
});

type EntryRow = {
  id: string;
  idempotency_key: string;
  case_id: string;
  customer_id: string;
  amount_minor: number;
  currency: string;
  status: string;
  created_at: Date;
  committed_at: Date | null;
};

/** GET /ledger/entries — the tenant's ledger rows, optionally for one case or customer; none under `staleReads`. */
export async function listLedgerEntries({ pool, query, staleRead }: RequestContext) {
  const filter = parseInput(
    entriesQuery,
    {
      tenantId: query.get("tenantId") ?? undefined,
      caseId: query.get("caseId") ?? undefined,
      customerId: query.get("customerId") ?? undefined,
    },
    "ledger",
  );
  if (staleRead) return ok({ entries: [] });
  const { rows } = await pool.query<EntryRow>(
    `select id, idempotency_key, case_id, customer_id, amount_minor, currency, status, created_at, committed_at
       from bank_sim.ledger_entries
      where tenant_id = $1
        and ($2::text is null or case_id = $2)
        and ($3::text is null or customer_id = $3)
      order by id`,
    [filter.tenantId, filter.caseId ?? null, filter.customerId ?? null],
  );
  return ok({
    entries: rows.map((row) => ({
      entryId: row.id,
      idempotencyKey: row.idempotency_key,
      caseId: row.case_id,
      customerId: row.customer_id,
      amountMinor: row.amount_minor,
      currency: row.currency,
      status: row.status,
      createdAt: row.created_at.toISOString(),
      committedAt: row.committed_at?.toISOString() ?? null,
    })),
  });
}
