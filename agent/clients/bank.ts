import { z } from "zod";
import type { AntifraudFacts, LimitsFacts } from "../graph/state";
import { currency, minorUnits, timestamp } from "../graph/wire";
import { createCardsClient, parseAnswer, type CardsClient } from "./cards";
import { historyAnswer, historyFactsOf, type HistoryFactsWithPending } from "./history-facts";
import { requestJson } from "./http";

export type BankUrls = { limits: string; history: string; antifraud: string; ledger: string; cards: string };

export type RefundRequest = {
  tenantId: string;
  caseId: string;
  customerId: string;
  transactionId: string;
  amountMinor: number;
  currency: string;
};

export type LedgerReceipt = { entryId: string; status: "committed"; replayed: boolean };

type CustomerRef = { tenantId: string; customerId: string };

/** The bank's systems over HTTP; every call takes the run's abort signal. */
export type BankClients = {
  limits(ref: CustomerRef, signal?: AbortSignal): Promise<LimitsFacts>;
  history(ref: CustomerRef, signal?: AbortSignal): Promise<HistoryFactsWithPending>;
  antifraud(ref: CustomerRef & { transactionId: string }, signal?: AbortSignal): Promise<AntifraudFacts>;
  refund(req: RefundRequest, idempotencyKey: string, signal?: AbortSignal): Promise<LedgerReceipt>;
  /** The ledger's entries for one case, read by case id: what it booked, whatever became of the keys. */
  refundsOfCase(ref: { tenantId: string; caseId: string }, signal?: AbortSignal): Promise<LedgerEntry[]>;
  /** Card status, freeze, unfreeze and replacement. */
  cards: CardsClient;
};

export function createBankClients(urls: BankUrls): BankClients {
  const customerPath = (base: string, ref: CustomerRef) =>
    `${base}/customers/${encodeURIComponent(ref.customerId)}?tenantId=${encodeURIComponent(ref.tenantId)}`;
  return {
    async limits(ref, signal) {
      const { body } = await requestJson<LimitsFacts>({ system: "limits", url: customerPath(urls.limits, ref), signal });
      return { cards: body.cards };
    },
    async history(ref, signal) {
      const { status, body } = await requestJson<unknown>({ system: "history", url: customerPath(urls.history, ref), signal });
      return historyFactsOf(parseAnswer("history", historyAnswer, status, body));
    },
    async antifraud(ref, signal) {
      const { body } = await requestJson<AntifraudFacts>({
        system: "antifraud",
        url: `${urls.antifraud}/assess`,
        method: "POST",
        body: ref,
        signal,
      });
      return { risk: body.risk, score: body.score, signals: body.signals };
    },
    async refund(req, idempotencyKey, signal) {
      const { body, headers } = await requestJson<{ entryId: string | number }>({
        system: "ledger",
        url: `${urls.ledger}/refunds`,
        method: "POST",
        body: req,
        headers: { "idempotency-key": idempotencyKey },
        signal,
      });
      return { entryId: String(body.entryId), status: "committed", replayed: headers.get("idempotent-replayed") === "true" };
    },
    refundsOfCase: (ref, signal) => listLedgerEntries(urls.ledger, ref.tenantId, { caseId: ref.caseId }, signal),
    cards: createCardsClient(urls.cards),
  };
}

/** An entry of the refund ledger, as the ledger reports it. */
export const ledgerEntry = z
  .object({
    entryId: z.string(),
    idempotencyKey: z.string().meta({ example: "refund:demo-bank:case-123" }),
    caseId: z.string(),
    customerId: z.string(),
    amountMinor: minorUnits,
    currency,
    status: z.string(),
    createdAt: timestamp,
    committedAt: timestamp.nullable(),
  })
  .meta({ id: "LedgerEntry" });

export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** What the ledger holds for a case or a customer, read over its HTTP API. */
export async function listLedgerEntries(ledgerUrl: string, tenantId: string, filter: { caseId: string } | { customerId: string }, signal?: AbortSignal) {
  const query = new URLSearchParams({ tenantId, ...filter });
  const { body } = await requestJson<{ entries: LedgerEntry[] }>({ system: "ledger", url: `${ledgerUrl}/entries?${query}`, signal });
  return body.entries;
}
