import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { CLAIM_FILTER_LABELS, RISK_FILTER_LABELS, SORT_LABELS, STATUS_FILTER_LABELS } from "./labels";
import { minorToMajorText, parseMajorToMinor } from "@/vocabulary/money";
import { CLAIM_FILTERS, RISK_FILTERS, SORT_ORDERS, STATUS_FILTERS } from "./queue-query";
import type { QueueQuery } from "./types";

type QueueFiltersProps = { query: QueueQuery; currency: string; onChange: (next: Partial<QueueQuery>) => void };

const SELECT =
  "block h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 " +
  "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600";

function Select<T extends string>({
  id,
  label,
  value,
  options,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={SELECT} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

const asText = (minor: number | null) => (minor === null ? "" : minorToMajorText(minor));

/** Status, risk, claim and sort apply at once; the amount range applies with its button or Enter. */
export function QueueFilters({ query, currency, onChange }: QueueFiltersProps) {
  const [min, setMin] = useState(asText(query.minAmount));
  const [max, setMax] = useState(asText(query.maxAmount));
  const [error, setError] = useState<string | null>(null);

  function applyAmounts(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minAmount = min.trim() ? parseMajorToMinor(min) : null;
    const maxAmount = max.trim() ? parseMajorToMinor(max) : null;
    if ((min.trim() && minAmount === null) || (max.trim() && maxAmount === null)) {
      setError(`Write amounts in ${currency}, like 50 or 1,249.00.`);
      return;
    }
    if (minAmount !== null && maxAmount !== null && minAmount > maxAmount) {
      setError("The lowest amount is above the highest.");
      return;
    }
    setError(null);
    onChange({ minAmount, maxAmount });
  }

  return (
    <form
      onSubmit={applyAmounts}
      aria-label="Filter and sort the queue"
      className="grid grid-cols-2 items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 md:grid-cols-4 lg:grid-cols-8"
    >
      <Select
        id="queue-status"
        label="Status"
        value={query.status}
        options={STATUS_FILTERS}
        labels={STATUS_FILTER_LABELS}
        onChange={(status) => onChange({ status })}
      />
      <Select
        id="queue-risk"
        label="Antifraud risk"
        value={query.risk}
        options={RISK_FILTERS}
        labels={RISK_FILTER_LABELS}
        onChange={(risk) => onChange({ risk })}
      />
      <Select
        id="queue-claimed"
        label="Claim"
        value={query.claimed}
        options={CLAIM_FILTERS}
        labels={CLAIM_FILTER_LABELS}
        onChange={(claimed) => onChange({ claimed })}
      />
      <Select id="queue-sort" label="Sort" value={query.sort} options={SORT_ORDERS} labels={SORT_LABELS} onChange={(sort) => onChange({ sort })} />
      <div className="space-y-1">
        <label htmlFor="queue-min" className="block text-xs font-medium text-slate-700">
          From ({currency})
        </label>
        <Input
          id="queue-min"
          inputMode="decimal"
          placeholder="0.00"
          value={min}
          onChange={(e) => setMin(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "queue-amount-error" : undefined}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="queue-max" className="block text-xs font-medium text-slate-700">
          To ({currency})
        </label>
        <Input
          id="queue-max"
          inputMode="decimal"
          placeholder="any"
          value={max}
          onChange={(e) => setMax(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "queue-amount-error" : undefined}
        />
      </div>
      <Button type="submit" variant="secondary">
        Apply amounts
      </Button>
      {error ? (
        <p id="queue-amount-error" role="alert" className="col-span-full text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
