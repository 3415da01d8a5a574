import { listLedgerEntries, type LedgerEntry } from "@/agent/clients/bank";
import type { DbOrTx } from "@/db/client";
import { listCasesByThread } from "@/db/queries/cases";
import { env } from "@/env";
import { errorClass, log } from "@/observability/log";
import { ApiError } from "./errors";

/**
 * What the bank's ledger holds for a case or a customer, read over its HTTP API (the app
 * never queries the ledger's tables). A ledger that does not answer is a 503
 * `unavailable:ledger`: a page about money must not show "no refunds" when it cannot know.
 */
export async function ledgerEntries(tenantId: string, filter: { caseId: string } | { customerId: string }): Promise<LedgerEntry[]> {
  try {
    return await listLedgerEntries(env().LEDGER_URL, tenantId, filter);
  } catch (error) {
    log().warn({ event: "ledger.unavailable", tenantId, errorClass: errorClass(error) });
    throw new ApiError("unavailable:ledger", "The ledger is not answering.");
  }
}

/** A conversation's ledger entries: its customer's entries for the cases this conversation opened. */
export async function threadLedgerEntries(db: DbOrTx, tenantId: string, thread: { threadId: string; customerId: string }): Promise<LedgerEntry[]> {
  const [entries, cases] = await Promise.all([ledgerEntries(tenantId, { customerId: thread.customerId }), listCasesByThread(db, tenantId, thread.threadId)]);
  const caseIds = new Set(cases.map((c) => c.id));
  return entries.filter((e) => caseIds.has(e.caseId));
}
