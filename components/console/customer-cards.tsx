import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import type { CustomerCards as Cards } from "./types";

const words = (reason: string | null) => (reason ? reason.replace(/_/g, " ") : null);

/** Each of the customer's cards as the cards system reports it: active, or frozen since when and why, and any replacement on its way. */
export function CustomerCards({ cards }: { cards: Cards }) {
  if (cards.status === "unavailable") {
    return (
      <p className="text-sm text-slate-700" role="status">
        <Badge tone="warning">Card status unavailable</Badge> {cards.reason}
      </p>
    );
  }
  if (cards.cards.length === 0) return <p className="text-sm text-slate-600">No cards.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Customer's cards">
      {cards.cards.map((card) => (
        <li key={card.cardId} className="space-y-0.5 py-1">
          <p className="flex items-center justify-between gap-2">
            <span>Card ending {card.last4}</span>
            {card.status === "frozen" ? <Badge tone="danger">Frozen</Badge> : <Badge tone="success">Active</Badge>}
          </p>
          {card.status === "frozen" ? (
            <p className="text-xs text-slate-600">
              Frozen since <DateTime iso={card.frozenAt} />
              {card.frozenReason ? ` · ${words(card.frozenReason)}` : ""}
            </p>
          ) : null}
          {card.replacement ? (
            <p className="text-xs text-slate-600">
              Replacement requested <DateTime iso={card.replacement.requestedAt} />
              {card.replacement.reason ? ` · ${words(card.replacement.reason)}` : ""}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
