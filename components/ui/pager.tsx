import { Button } from "./button";

type PagerProps = { label: string; page: number; pageSize: number; total: number; onPage: (page: number) => void };

/** "1–20 of 57" with Prev and Next; `label` names the navigation landmark. */
export function Pager({ label, page, pageSize, total, onPage }: PagerProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          Prev
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={last >= total}>
          Next
        </Button>
      </div>
    </nav>
  );
}
