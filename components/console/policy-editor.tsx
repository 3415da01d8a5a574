"use client";

import { useEffect, useState, type FormEvent } from "react";
import type { z } from "zod";
import type { tenantPolicyView } from "@/app/api/tenant/schema";
import { ApiRequestError, errorMessage, requestJson } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, Field, Input } from "@/components/ui/field";
import { PolicyChange } from "./policy-change";
import { formatMinor, minorToMajorText, parseMajorToMinor } from "@/vocabulary/money";

type Policy = z.infer<typeof tenantPolicyView>;
type LimitName = "autoApproveMaxMinor" | "operatorLimitMinor" | "fourEyesMinor";
type Draft = Record<LimitName | "approvalWindowHours", string>;

const HOUR_MS = 60 * 60 * 1000;
const POLICY_URL = "/api/tenant/policy";

const LIMITS: { name: LimitName; id: string; label: string; hint: string }[] = [
  {
    name: "autoApproveMaxMinor",
    id: "policy-auto-approve",
    label: "Auto-approval limit",
    hint: "Refunds up to this amount are paid at once when antifraud is clear and the customer had no refund in 30 days.",
  },
  {
    name: "operatorLimitMinor",
    id: "policy-operator-limit",
    label: "Operator limit",
    hint: "The largest refund an operator approves alone; above it a supervisor decides.",
  },
  {
    name: "fourEyesMinor",
    id: "policy-four-eyes",
    label: "Four-eyes threshold",
    hint: "From this amount two different people approve, one of them a supervisor.",
  },
];

function draftOf(policy: Policy): Draft {
  return {
    autoApproveMaxMinor: minorToMajorText(policy.autoApproveMaxMinor),
    operatorLimitMinor: minorToMajorText(policy.operatorLimitMinor),
    fourEyesMinor: minorToMajorText(policy.fourEyesMinor),
    approvalWindowHours: String(policy.approvalWindowMs / HOUR_MS),
  };
}

type Errors = Partial<Record<keyof Draft, string>>;

/** The draft as the API's body, or what is wrong with it, field by field. */
function readDraft(draft: Draft, currency: string): { values: Pick<Policy, LimitName | "approvalWindowMs"> } | { errors: Errors } {
  const errors: Errors = {};
  const minor = {} as Record<LimitName, number>;
  for (const { name, label } of LIMITS) {
    const value = parseMajorToMinor(draft[name].replace(new RegExp(currency, "gi"), ""));
    if (value === null || value <= 0) errors[name] = `Write the ${label.toLowerCase()} in ${currency} above 0.00, like 200 or 1,500.00.`;
    else minor[name] = value;
  }
  const hours = Number(draft.approvalWindowHours);
  if (!/^\d+$/.test(draft.approvalWindowHours.trim()) || hours < 1 || hours > 720)
    errors.approvalWindowHours = "Write a whole number of hours from 1 to 720 (30 days).";
  if (!errors.autoApproveMaxMinor && !errors.operatorLimitMinor && minor.autoApproveMaxMinor > minor.operatorLimitMinor) {
    errors.autoApproveMaxMinor = "The auto-approval limit may not be above the operator limit.";
  }
  if (!errors.operatorLimitMinor && !errors.fourEyesMinor && minor.operatorLimitMinor > minor.fourEyesMinor) {
    errors.operatorLimitMinor = "The operator limit may not be above the four-eyes threshold.";
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { values: { ...minor, approvalWindowMs: hours * HOUR_MS } };
}

/** The supervisor's own bank's refund policy, read and changed through the API at the version read. */
export function PolicyEditor() {
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ tone: "error" | "info" | "success"; title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);

  function show(next: Policy) {
    setPolicy(next);
    setDraft(draftOf(next));
    setErrors({});
    setStale(false);
  }

  function loadFailed(err: unknown) {
    setNotice({ tone: "error", title: "The policy could not be loaded", text: errorMessage(err) });
  }

  async function reload() {
    try {
      show(await requestJson<Policy>(POLICY_URL));
      setNotice(null);
    } catch (err) {
      loadFailed(err);
    }
  }

  useEffect(() => {
    const controller = new AbortController();
    requestJson<Policy>(POLICY_URL, { signal: controller.signal }).then(show, (err: unknown) => {
      if (!controller.signal.aborted) loadFailed(err);
    });
    return () => controller.abort();
  }, []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!policy || !draft) return;
    const read = readDraft(draft, policy.currency);
    if ("errors" in read) {
      setErrors(read.errors);
      setNotice(null);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await requestJson<Policy>(POLICY_URL, { method: "PUT", body: { ...read.values, version: policy.version } });
      setPolicy(saved);
      setDraft(draftOf(saved));
      if (saved.version === policy.version && saved.pendingChange?.proposedByYou) {
        setNotice({
          tone: "info",
          title: "Proposed, not applied yet",
          text: "The change loosens the policy, so another supervisor of your bank must confirm it before the agent applies it.",
        });
      } else {
        setNotice({ tone: "success", title: "Policy saved", text: `Version ${saved.version}. The agent applies it from each conversation's next message.` });
      }
    } catch (err) {
      const conflict = err instanceof ApiRequestError && err.status === 409;
      setStale(conflict);
      setNotice({ tone: "error", title: conflict ? "Someone changed the policy since you opened it" : "The policy was not saved", text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  async function answer(change: NonNullable<Policy["pendingChange"]>, reply: "confirm" | "reject") {
    setBusy(true);
    try {
      show(await requestJson<Policy>(`${POLICY_URL}/changes/${encodeURIComponent(change.id)}`, { method: "POST", body: { answer: reply } }));
      const done = reply === "confirm" ? "Change confirmed and applied" : change.proposedByYou ? "Proposal withdrawn" : "Change rejected";
      setNotice({
        tone: "success",
        title: done,
        text: reply === "confirm" ? "The agent applies it from each conversation's next message." : "The policy is as it was.",
      });
    } catch (err) {
      setNotice({ tone: "error", title: "The change was not answered", text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="policy-title" className="mx-auto max-w-2xl space-y-4">
      <div>
        <h1 id="policy-title" className="text-xl font-semibold">
          Refund policy{policy ? ` of ${policy.name}` : ""}
        </h1>
        <p className="text-sm text-slate-600">
          What the agent may refund on its own, what operators approve alone, and when two people must approve. Amounts are in{" "}
          {policy?.currency ?? "your bank's currency"}.
        </p>
      </div>
      {notice ? (
        <Alert tone={notice.tone} title={notice.title}>
          {notice.text}{" "}
          {stale ? (
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => void reload()}>
              Load the current policy
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {policy?.pendingChange ? (
        <PolicyChange policy={policy} change={policy.pendingChange} busy={busy} onAnswer={(reply) => void answer(policy.pendingChange!, reply)} />
      ) : null}
      {policy && draft ? (
        <Card as="section" className="p-4" aria-labelledby="policy-form-title">
          <h2 id="policy-form-title" className="sr-only">
            Change the policy
          </h2>
          <form onSubmit={(e) => void save(e)} className="space-y-4" aria-label="Refund policy" noValidate>
            {LIMITS.map(({ name, id, label, hint }) => (
              <Field key={name} id={id} label={`${label} (${policy.currency})`} hint={hint} error={errors[name]}>
                <Input
                  id={id}
                  inputMode="decimal"
                  autoComplete="off"
                  value={draft[name]}
                  onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
                  {...describedBy(id, { hint: true, error: errors[name] })}
                />
              </Field>
            ))}
            <Field
              id="policy-window"
              label="Approval window (hours)"
              hint="How long a refund waits for a decision before it expires; waiting approvals keep theirs."
              error={errors.approvalWindowHours}
            >
              <Input
                id="policy-window"
                inputMode="numeric"
                autoComplete="off"
                value={draft.approvalWindowHours}
                onChange={(e) => setDraft({ ...draft, approvalWindowHours: e.target.value })}
                {...describedBy("policy-window", { hint: true, error: errors.approvalWindowHours })}
              />
            </Field>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={busy}>
                Save policy
              </Button>
              <p className="text-xs text-slate-600" data-testid="policy-version">
                Version {policy.version}
                {policy.updatedBy && policy.updatedAt
                  ? `, last changed by ${policy.updatedBy} on ${new Date(policy.updatedAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC`
                  : ", the settings' defaults"}
                . Today the agent refunds up to {formatMinor(policy.autoApproveMaxMinor, policy.currency)} on its own. A change that loosens a figure waits for
                a second supervisor; the auto-approval limit stays at most {formatMinor(policy.autoApproveCeilingMinor, policy.currency)}.
              </p>
            </div>
          </form>
        </Card>
      ) : null}
    </section>
  );
}
