"use client";

import type { z } from "zod";
import type { policyChangeView, tenantPolicyView } from "@/app/api/tenant/schema";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatMinor } from "@/vocabulary/money";

type Policy = z.infer<typeof tenantPolicyView>;
type Change = z.infer<typeof policyChangeView>;

const HOUR_MS = 60 * 60 * 1000;
const LABELS: Record<Change["loosens"][number], string> = {
  autoApproveMaxMinor: "Auto-approval limit",
  operatorLimitMinor: "Operator limit",
  fourEyesMinor: "Four-eyes threshold",
  approvalWindowMs: "Approval window",
};

const utc = (iso: string) => `${new Date(iso).toLocaleString("en-GB", { timeZone: "UTC" })} UTC`;

function figure(name: keyof typeof LABELS, value: number, currency: string): string {
  return name === "approvalWindowMs" ? `${value / HOUR_MS} h` : formatMinor(value, currency);
}

/**
 * The loosening a supervisor proposed, as both of the bank's supervisors see it: what it
 * changes, who proposed it and until when it waits; another supervisor confirms or rejects it,
 * its proposer may withdraw it.
 */
export function PolicyChange({
  policy,
  change,
  busy,
  onAnswer,
}: {
  policy: Policy;
  change: Change;
  busy: boolean;
  onAnswer: (answer: "confirm" | "reject") => void;
}) {
  return (
    <Card as="section" className="space-y-3 border-amber-300 bg-amber-50 p-4" aria-labelledby="policy-change-title" data-testid="policy-change">
      <h2 id="policy-change-title" className="font-semibold">
        Waiting for a second supervisor
      </h2>
      <p className="text-sm">
        {change.proposedByYou ? "You" : change.proposedBy} proposed on {utc(change.proposedAt)} to loosen the policy. It applies only once another supervisor of
        your bank confirms it, and lapses at {utc(change.expiresAt)}. Approvals already waiting keep the limits they opened under.
      </p>
      <ul className="list-disc pl-5 text-sm">
        {(Object.keys(LABELS) as (keyof typeof LABELS)[])
          .filter((name) => change[name] !== policy[name])
          .map((name) => (
            <li key={name}>
              {LABELS[name]}: {figure(name, policy[name], policy.currency)} → {figure(name, change[name], policy.currency)}
              {change.loosens.includes(name) ? " (looser)" : ""}
            </li>
          ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {change.proposedByYou ? (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => onAnswer("reject")}>
            Withdraw my proposal
          </Button>
        ) : (
          <>
            <Button size="sm" disabled={busy} onClick={() => onAnswer("confirm")}>
              Confirm and apply
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => onAnswer("reject")}>
              Reject
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
