import { expect, type APIRequestContext } from "@playwright/test";
import type { ApprovalRow, LedgerEntry, Turn } from "./api-types";

const SIMULATOR_URL = process.env.E2E_SIMULATOR_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** A new conversation for the signed-in customer; returns its id. */
export async function startThread(customer: APIRequestContext): Promise<string> {
  const res = await customer.post("/api/threads", { data: {} });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { threadId: string }).threadId;
}

/** One customer turn through the API, answered as JSON. */
export async function say(customer: APIRequestContext, threadId: string, text: string): Promise<Turn> {
  const res = await customer.post(`/api/threads/${threadId}/messages`, { data: { text } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Turn;
}

/**
 * The customer reports a payment in a new conversation and the case goes to an
 * operator. With `antifraudDown`, the antifraud system fails during the turn, so even a
 * small, clear payment needs review (and the case shows a check that was unavailable).
 */
export async function reportForReview(customer: APIRequestContext, text: string, { antifraudDown = false } = {}) {
  const threadId = await startThread(customer);
  const turn = antifraudDown ? await withAntifraudDown(() => say(customer, threadId, text)) : await say(customer, threadId, text);
  expect(turn, turn.reply).toMatchObject({ status: "awaiting_approval", caseId: expect.any(String) });
  return { threadId, caseId: turn.caseId! };
}

/** Runs `work` while the antifraud system fails every call, so any claim made meanwhile goes to an operator. */
export async function withAntifraudDown<T>(work: () => Promise<T>): Promise<T> {
  const set = await fetch(`${SIMULATOR_URL}/_admin/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ system: "antifraud", errorRate: 1 }),
  });
  expect(set.status).toBe(200);
  try {
    return await work();
  } finally {
    const cleared = await fetch(`${SIMULATOR_URL}/_admin/faults`, { method: "DELETE" });
    expect(cleared.status).toBe(200);
  }
}

/** The approval of a case, as the staff queue lists it. */
export async function approvalOfCase(staff: APIRequestContext, caseId: string, status = "all"): Promise<ApprovalRow> {
  const res = await staff.get(`/api/approvals?status=${status}&pageSize=100&sort=newest`);
  expect(res.status(), await res.text()).toBe(200);
  const { approvals } = (await res.json()) as { approvals: ApprovalRow[] };
  const approval = approvals.find((a) => a.caseId === caseId);
  expect(approval, `an approval for case ${caseId}`).toMatchObject({ caseId });
  return approval!;
}

export async function ledgerEntriesOf(staff: APIRequestContext, caseId: string): Promise<LedgerEntry[]> {
  const res = await staff.get(`/api/cases/${caseId}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { ledgerEntries: LedgerEntry[] }).ledgerEntries;
}

/** Moves the server's clock forward (ENABLE_TEST_CLOCK=1); every signed-in staff member may. */
export async function advanceServerClock(staff: APIRequestContext, advanceMs: number): Promise<void> {
  const res = await staff.post("/api/test/clock", { data: { advanceMs } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Some approval waiting for a decision. When the queue has none (this spec runs alone),
 * alice reports Metro Transit with antifraud down, as the console accessibility spec does,
 * which leaves its case pending.
 */
export async function somePendingApproval(customer: APIRequestContext, staff: APIRequestContext): Promise<ApprovalRow> {
  const res = await staff.get("/api/approvals?status=pending&pageSize=100&sort=newest");
  expect(res.status(), await res.text()).toBe(200);
  const { approvals } = (await res.json()) as { approvals: ApprovalRow[] };
  const waiting = approvals.find((a) => a.status === "pending" && !a.claimedBy && !a.openQuestion);
  if (waiting) return waiting;
  const { caseId } = await reportForReview(customer, "I don't recognise the Metro Transit payment of 2.90", { antifraudDown: true });
  return approvalOfCase(staff, caseId, "pending");
}
