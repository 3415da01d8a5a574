import { formatMinor } from "@/vocabulary/money";
import { DateTime } from "@/components/ui/date-time";
import { actionLabel } from "@/components/incidents/labels";
import { staffName } from "./labels";
import type { AuditEvent } from "./types";

function detailOf(event: AuditEvent, currency: string): string | null {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof data.from === "string" && data.from) parts.push(`from ${staffName(data.from)}`);
  if (typeof data.amountMinor === "number") parts.push(`for ${formatMinor(data.amountMinor, currency)}`);
  if (typeof data.reason === "string" && data.reason) parts.push(`“${data.reason}”`);
  return parts.length ? parts.join(" · ") : null;
}

function actorName(actor: string): string {
  if (actor === "system") return "System";
  return staffName(actor);
}

/** Every change to the approval, oldest first, with who made it. */
export function AuditTrail({ events, currency }: { events: AuditEvent[]; currency: string }) {
  if (events.length === 0) return <p className="text-sm text-slate-600">Nothing recorded yet.</p>;
  return (
    <ol className="space-y-2 text-sm" aria-label="Audit trail">
      {events.map((event) => {
        const detail = detailOf(event, currency);
        return (
          <li key={event.id} data-action={event.action} className="border-l-2 border-slate-200 pl-3">
            <p>
              <span className="font-medium">{actorName(event.actor)}</span> · {actionLabel(event.action)}
            </p>
            <p className="text-xs text-slate-600">
              <DateTime iso={event.at} /> · <code>{event.action}</code>
              {detail ? <> · {detail}</> : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
