import { APPROVAL_RISKS } from "@/vocabulary/risks";
import type { ClaimFilter, QueueQuery, RiskFilter, SortOrder, StatusFilter } from "./types";

export const PAGE_SIZE = 20;

export const STATUS_FILTERS: StatusFilter[] = ["pending", "approved", "executing", "executed", "rejected", "cancelled", "expired", "all"];
export const RISK_FILTERS: RiskFilter[] = ["any", ...APPROVAL_RISKS];
export const CLAIM_FILTERS: ClaimFilter[] = ["any", "me", "none", "others"];
export const SORT_ORDERS: SortOrder[] = ["oldest", "newest", "expiry", "amount_desc", "amount_asc"];

export const DEFAULT_QUERY: QueueQuery = { status: "pending", risk: "any", minAmount: null, maxAmount: null, claimed: "any", sort: "oldest", page: 1 };

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

function read(params: Params, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | undefined, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function wholeNumber(value: string | undefined, min: number): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const n = Number(value);
  return n >= min ? n : null;
}

/** The queue's state from `/console?...`; anything unknown falls back to the default. */
export function parseQueueQuery(params: Params): QueueQuery {
  return {
    status: oneOf(STATUS_FILTERS, read(params, "status"), DEFAULT_QUERY.status),
    risk: oneOf(RISK_FILTERS, read(params, "risk"), DEFAULT_QUERY.risk),
    minAmount: wholeNumber(read(params, "minAmount"), 0),
    maxAmount: wholeNumber(read(params, "maxAmount"), 0),
    claimed: oneOf(CLAIM_FILTERS, read(params, "claimed"), DEFAULT_QUERY.claimed),
    sort: oneOf(SORT_ORDERS, read(params, "sort"), DEFAULT_QUERY.sort),
    page: wholeNumber(read(params, "page"), 1) ?? 1,
  };
}

/** Only what differs from the default, so URLs stay short. */
export function queueSearch(query: QueueQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.status !== DEFAULT_QUERY.status) search.set("status", query.status);
  if (query.risk !== "any") search.set("risk", query.risk);
  if (query.minAmount !== null) search.set("minAmount", String(query.minAmount));
  if (query.maxAmount !== null) search.set("maxAmount", String(query.maxAmount));
  if (query.claimed !== "any") search.set("claimed", query.claimed);
  if (query.sort !== DEFAULT_QUERY.sort) search.set("sort", query.sort);
  if (query.page !== 1) search.set("page", String(query.page));
  return search;
}

export function approvalsUrl(query: QueueQuery): string {
  const search = queueSearch(query);
  search.set("status", query.status);
  search.set("pageSize", String(PAGE_SIZE));
  return `/api/approvals?${search}`;
}

export function consoleUrl(query: QueueQuery): string {
  const search = queueSearch(query).toString();
  return search ? `/console?${search}` : "/console";
}
