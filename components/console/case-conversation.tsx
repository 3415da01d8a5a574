import { DateTime } from "@/components/ui/date-time";
import { LANGUAGE_NAMES_EN } from "@/i18n/languages";
import type { CaseMessage } from "./types";

/**
 * The customer's own words as they wrote them, with the language each is in, and the agent's
 * replies, oldest first. The server masks names and card digits in them: deciding a refund
 * does not need them.
 */
export function CaseConversation({ messages, customerName }: { messages: CaseMessage[]; customerName: string }) {
  const shown = messages.filter((m) => m.text.trim());
  if (shown.length === 0) return <p className="text-sm text-slate-600">No messages.</p>;
  return (
    <>
      <p className="mb-2 text-xs text-slate-600">Customers&apos; names and card numbers are masked here.</p>
      <ol className="max-h-96 space-y-2 overflow-y-auto pr-1" aria-label="Conversation with the customer" tabIndex={0}>
        {shown.map((m) => (
          <li key={m.id} data-role={m.role} className={`flex ${m.role === "customer" ? "justify-start" : "justify-end"}`}>
            <div
              className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${m.role === "customer" ? "bg-amber-50 text-slate-900 ring-1 ring-amber-200" : "bg-slate-100 text-slate-800"}`}
            >
              <p className="mb-0.5 text-xs font-medium text-slate-700">
                {m.role === "customer" ? customerName : "Agent"}
                {m.language ? <span data-testid="message-language"> · in {LANGUAGE_NAMES_EN[m.language]}</span> : null} · <DateTime iso={m.createdAt} />
              </p>
              <p className="whitespace-pre-wrap break-words">{m.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
