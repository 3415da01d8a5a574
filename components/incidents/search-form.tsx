import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { CUSTOMER_FILTER_RULE, isCustomerFilter } from "@/vocabulary/customer-filter";
import { EMPTY_QUERY, STATUS_FILTER_LABELS, STATUS_FILTERS, type SearchQuery, type StatusFilter } from "./search-query";

type SearchFormProps = { query: SearchQuery; onSearch: (query: SearchQuery) => void };

const LABEL = "block text-xs font-medium text-slate-700";

/** The filters apply together when the form is sent (the Search button or Enter). */
export function SearchForm({ query, onSearch }: SearchFormProps) {
  const [draft, setDraft] = useState(query);
  const [error, setError] = useState<string | null>(null);
  const [customerError, setCustomerError] = useState(false);
  const set = (next: Partial<SearchQuery>) => setDraft((d) => ({ ...d, ...next }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const customer = draft.customer.trim();
    // The server refuses it too (400); saying so here spares a recorded round trip.
    setCustomerError(!isCustomerFilter(customer));
    if (!isCustomerFilter(customer)) return;
    if (draft.from && draft.to && draft.from > draft.to) {
      setError("The first day is after the last day.");
      return;
    }
    setError(null);
    onSearch({ ...draft, customer, caseId: draft.caseId.trim(), page: 1 });
  }

  function clear() {
    setDraft(EMPTY_QUERY);
    setError(null);
    setCustomerError(false);
    onSearch(EMPTY_QUERY);
  }

  return (
    <form onSubmit={submit} role="search" aria-label="Find conversations" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-1">
          <label htmlFor="find-customer" className={LABEL}>
            Customer
          </label>
          <Input
            id="find-customer"
            placeholder="Name or id"
            value={draft.customer}
            onChange={(e) => set({ customer: e.target.value })}
            aria-invalid={customerError ? true : undefined}
            aria-describedby="find-customer-rule"
          />
          <p id="find-customer-rule" className={customerError ? "text-xs font-medium text-red-700" : "text-xs text-slate-600"}>
            {CUSTOMER_FILTER_RULE}
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor="find-case" className={LABEL}>
            Case id
          </label>
          <Input id="find-case" className="font-mono" value={draft.caseId} onChange={(e) => set({ caseId: e.target.value })} />
        </div>
        <div className="space-y-1">
          <label htmlFor="find-status" className={LABEL}>
            Status
          </label>
          <Select id="find-status" value={draft.status} onChange={(e) => set({ status: e.target.value as StatusFilter })}>
            {STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {STATUS_FILTER_LABELS[status]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <label htmlFor="find-from" className={LABEL}>
            From
          </label>
          <Input
            id="find-from"
            type="date"
            value={draft.from}
            onChange={(e) => set({ from: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "find-error" : undefined}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="find-to" className={LABEL}>
            To
          </label>
          <Input
            id="find-to"
            type="date"
            value={draft.to}
            onChange={(e) => set({ to: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "find-error" : undefined}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <Checkbox id="find-refund" label="Had a refund" checked={draft.hadRefund} onChange={(e) => set({ hadRefund: e.target.checked })} />
        <Checkbox
          id="find-degraded"
          label="Had a failed or degraded check"
          checked={draft.hadDegraded}
          onChange={(e) => set({ hadDegraded: e.target.checked })}
        />
        <div className="ml-auto flex gap-2">
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
          <Button type="submit">Search</Button>
        </div>
      </div>
      {error ? (
        <p id="find-error" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
