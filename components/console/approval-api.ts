import { requestJson } from "@/components/api/request-json";
import type { ApprovalDetail, ApprovalPage, ClaimResult, Decision, DecisionResult } from "./types";

const approvalUrl = (approvalId: string) => `/api/approvals/${encodeURIComponent(approvalId)}`;

export function fetchApprovals(url: string, signal?: AbortSignal): Promise<ApprovalPage> {
  return requestJson<ApprovalPage>(url, { signal });
}

export function fetchApproval(approvalId: string, signal?: AbortSignal): Promise<ApprovalDetail> {
  return requestJson<ApprovalDetail>(approvalUrl(approvalId), { signal });
}

type DecisionInput = { decision: Decision; reason: string; version: number; amountMinor?: number };

export function decide(approvalId: string, input: DecisionInput): Promise<DecisionResult> {
  return requestJson<DecisionResult>(`${approvalUrl(approvalId)}/decision`, { method: "POST", body: input });
}

export function claim(approvalId: string, takeover = false): Promise<ClaimResult> {
  return requestJson<ClaimResult>(`${approvalUrl(approvalId)}/claim`, { method: "POST", body: takeover ? { takeover: true } : {} });
}

/** DELETE /api/approvals/{id}/claim; a 4xx or 5xx throws an ApiRequestError. */
export async function releaseClaim(approvalId: string): Promise<void> {
  await requestJson(`${approvalUrl(approvalId)}/claim`, { method: "DELETE" });
}

export function askCustomer(approvalId: string, question: string, version: number): Promise<{ questionId: string; version: number }> {
  return requestJson(`${approvalUrl(approvalId)}/questions`, { method: "POST", body: { question, version } });
}
