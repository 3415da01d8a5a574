import { useState, type FormEvent } from "react";
import { formatMinor, minorToMajorText, parseMajorToMinor } from "@/vocabulary/money";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { CheckpointEntry, PolicyDefaults, ReplayRequest, Risk } from "./types";

const RISKS: { value: Risk; label: string }[] = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
];

type WhatIfFormProps = {
  checkpoints: CheckpointEntry[];
  selectedId: string | null;
  policy: PolicyDefaults;
  busy: boolean;
  onRun: (request: ReplayRequest) => void;
};

/** The replay's starting point, where system answers come from, and the policy to try. */
export function WhatIfForm({ checkpoints, selectedId, policy, busy, onRun }: WhatIfFormProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [systems, setSystems] = useState<ReplayRequest["systems"]>("recorded");
  const [limit, setLimit] = useState(minorToMajorText(policy.autoApproveMaxMinor));
  const [risks, setRisks] = useState<Risk[]>(policy.clearRisks);
  const [recentRefunds, setRecentRefunds] = useState(String(policy.maxRecentRefunds));
  const [error, setError] = useState<string | null>(null);
  const checkpointId = chosen ?? selectedId ?? checkpoints[0]?.checkpointId ?? "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const autoApproveMaxMinor = parseMajorToMinor(limit);
    if (autoApproveMaxMinor === null) {
      setError(`Write the limit in ${policy.currency}, like 50 or 2,000.00.`);
      return;
    }
    const maxRecentRefunds = Number.parseInt(recentRefunds, 10);
    if (!Number.isInteger(maxRecentRefunds) || maxRecentRefunds < 0 || maxRecentRefunds > 100) {
      setError("Earlier refunds allowed must be a whole number from 0 to 100.");
      return;
    }
    setError(null);
    onRun({ checkpointId, systems, policy: { autoApproveMaxMinor, clearRisks: risks, maxRecentRefunds } });
  }

  const toggle = (risk: Risk, on: boolean) => setRisks((rs) => (on ? [...rs.filter((r) => r !== risk), risk] : rs.filter((r) => r !== risk)));

  return (
    <form onSubmit={submit} aria-label="What if" className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
      <div className="space-y-1">
        <label htmlFor="whatif-checkpoint" className="block text-xs font-medium text-slate-700">
          Replay from checkpoint
        </label>
        <Select id="whatif-checkpoint" value={checkpointId} onChange={(e) => setChosen(e.target.value)}>
          {checkpoints.map((cp) => (
            <option key={cp.checkpointId} value={cp.checkpointId}>
              Step {cp.step} · next {cp.next.length ? cp.next.join(", ") : "end"}
            </option>
          ))}
        </Select>
        <p className="text-xs text-slate-600">Follows the selected checkpoint until you pick another.</p>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-xs font-medium text-slate-700">Bank systems</legend>
        {(["recorded", "live"] as const).map((value) => (
          <div key={value} className="flex items-center gap-2">
            <input
              id={`whatif-systems-${value}`}
              type="radio"
              name="whatif-systems"
              value={value}
              checked={systems === value}
              onChange={() => setSystems(value)}
              className="size-4 accent-brand-700"
            />
            <label htmlFor={`whatif-systems-${value}`} className="text-sm">
              {value === "recorded" ? "Recorded responses" : "Live systems (read-only calls)"}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="whatif-limit" className="block text-xs font-medium text-slate-700">
          Auto-approve limit ({policy.currency})
        </label>
        <Input
          id="whatif-limit"
          inputMode="decimal"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "whatif-limit-error" : "whatif-limit-hint"}
        />
        {error ? (
          <p id="whatif-limit-error" className="text-xs font-medium text-red-700">
            {error}
          </p>
        ) : (
          <p id="whatif-limit-hint" className="text-xs text-slate-600">
            The bank&apos;s policy today: {formatMinor(policy.autoApproveMaxMinor, policy.currency)}.
          </p>
        )}
      </div>
      <div className="space-y-1">
        <label htmlFor="whatif-recent-refunds" className="block text-xs font-medium text-slate-700">
          Earlier refunds allowed (30 days)
        </label>
        <Input id="whatif-recent-refunds" inputMode="numeric" value={recentRefunds} onChange={(e) => setRecentRefunds(e.target.value)} />
        <p className="text-xs text-slate-600">The bank&apos;s policy today: {policy.maxRecentRefunds}.</p>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-xs font-medium text-slate-700">Antifraud risk accepted as clear</legend>
        {RISKS.map((risk) => (
          <Checkbox
            key={risk.value}
            id={`whatif-risk-${risk.value}`}
            label={risk.label}
            checked={risks.includes(risk.value)}
            onChange={(e) => toggle(risk.value, e.target.checked)}
          />
        ))}
      </fieldset>
      <div className="flex items-center gap-3 md:col-span-2 lg:col-span-4">
        <Button type="submit" disabled={busy || !checkpointId}>
          {busy ? "Running in sandbox…" : "Run in sandbox"}
        </Button>
        <p className="text-xs text-slate-600">A fresh sandbox thread with a dry-run ledger: nothing is paid and the conversation is not changed.</p>
      </div>
    </form>
  );
}
