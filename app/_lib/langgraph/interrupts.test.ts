import { describe, expect, it } from "vitest";
import type { ApprovalRow } from "@/db/queries/approvals";
import { customerInterrupt, humanInterrupt } from "@/app/api/langgraph/schema";
import { toCustomerInterrupt, toHumanInterrupt } from "./interrupts";

const request = { approvalId: "ap-1", caseId: "case-1", amountMinor: 124_900, currency: "EUR", merchant: "Electro Mart", policyReason: "High risk." };
const row = (over: Partial<ApprovalRow>) =>
  ({ id: "ap-1", status: "pending", version: 3, requiredApprovals: 2, firstApprovedBy: null, firstApprovedAmountMinor: null, ...over }) as ApprovalRow;

describe("the approval gate in Agent Inbox's HumanInterrupt shape", () => {
  it("names the version a decision must carry and the approvals still needed", () => {
    const shown = toHumanInterrupt(request, row({}));
    expect(humanInterrupt.parse(shown)).toEqual(shown);
    expect(shown.action_request).toEqual({
      action: "approve_refund",
      args: { ...request, version: 3, approvalsNeeded: 2, firstApprovedBy: null, firstApprovedAmountMinor: null },
    });
    expect(shown.config).toEqual({ allow_ignore: false, allow_respond: true, allow_edit: true, allow_accept: true });
    expect(shown.description).toContain("two approvals from different people, one a supervisor");
  });

  it("after a first approval, asks for the second at the first approver's amount", () => {
    const shown = toHumanInterrupt(request, row({ version: 4, firstApprovedBy: "olga", firstApprovedAmountMinor: 120_000 }));
    expect(shown.action_request.args).toMatchObject({ version: 4, approvalsNeeded: 1, firstApprovedBy: "olga", firstApprovedAmountMinor: 120_000 });
    expect(shown.description).toContain("olga approved 1,200.00 EUR; a second person approves that amount, or rejects.");
  });

  it("shows the customer their refund with an operator, without the policy's reasons, approvers or version", () => {
    const shown = toCustomerInterrupt({ ...request, policyReason: "Antifraud rates the payment high risk (new device)." });
    expect(customerInterrupt.parse(shown)).toEqual(shown);
    expect(shown.action_request.args).toEqual({ caseId: "case-1", merchant: "Electro Mart", amountMinor: 124_900, currency: "EUR" });
    expect(shown.config).toEqual({ allow_ignore: false, allow_respond: false, allow_edit: false, allow_accept: false });
    expect(shown.description).toBe("Your refund of 1,249.00 EUR for Electro Mart (case case-1) is with an operator for review.");
    expect(JSON.stringify(shown)).not.toMatch(/antifraud|policy|version|approvalId/i);
  });
});
