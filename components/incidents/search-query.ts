import { THREAD_STATUSES } from "@/vocabulary/statuses";
import type { ThreadStatus } from "./types";

export const PAGE_SIZE = 20;

export type StatusFilter = ThreadStatus | "any";

export const STATUS_FILTERS: StatusFilter[] = ["any", ...THREAD_STATUSES];

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  any: "Any status",
  idle: "Idle",
  busy: "Busy",
  awaiting_approval: "Awaiting approval",
};

/** What the find page searches for; it lives in the page's URL. */
export type SearchQuery = {
  customer: string;
  caseId: string;
  status: StatusFilter;
  from: string;
  to: string;
  hadRefund: boolean;
  hadDegraded: boolean;
  page: number;
};

export const EMPTY_QUERY: SearchQuery = { customer: "", caseId: "", status: "any", from: "", to: "", hadRefund: false, hadDegraded: false, page: 1 };

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function read(params: Params, key: string): string {
  if (params instanceof URLSearchParams) return params.get(key) ?? "";
  const value = params[key];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function text(value: string, max: number): string {
  return value.trim().slice(0, max);
}

/** The query from `/incidents?...`; anything malformed falls back to empty. */
export function parseSearchQuery(params: Params): SearchQuery {
  const status = read(params, "status") as StatusFilter;
  const page = read(params, "page");
  const from = read(params, "from");
  const to = read(params, "to");
  return {
    customer: text(read(params, "customer"), 100),
    caseId: text(read(params, "caseId"), 100),
    status: STATUS_FILTERS.includes(status) ? status : "any",
    from: DATE.test(from) ? from : "",
    to: DATE.test(to) ? to : "",
    hadRefund: read(params, "hadRefund") === "1",
    hadDegraded: read(params, "hadDegraded") === "1",
    page: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** Only the parts that are set, so URLs stay short. */
export function searchParamsOf(query: SearchQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.customer) search.set("customer", query.customer);
  if (query.caseId) search.set("caseId", query.caseId);
  if (query.status !== "any") search.set("status", query.status);
  if (query.from) search.set("from", query.from);
  if (query.to) search.set("to", query.to);
  if (query.hadRefund) search.set("hadRefund", "1");
  if (query.hadDegraded) search.set("hadDegraded", "1");
  if (query.page !== 1) search.set("page", String(query.page));
  return search;
}

export function threadsApiUrl(query: SearchQuery): string {
  const search = searchParamsOf(query);
  search.set("page", String(query.page));
  search.set("pageSize", String(PAGE_SIZE));
  return `/api/incidents/threads?${search}`;
}

export function findPageUrl(query: SearchQuery): string {
  const search = searchParamsOf(query).toString();
  return search ? `/incidents?${search}` : "/incidents";
}
