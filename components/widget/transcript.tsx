import { useTranslations } from "use-intl";
import { useEffect, useRef } from "react";
import type { ChatMessage } from "./types";

type TranscriptProps = {
  messages: ChatMessage[];
  pendingText: string | null;
  draftReply: string | null;
  busy: boolean;
};

function Bubble({ role, text, live = false }: { role: ChatMessage["role"]; text: string; live?: boolean }) {
  const t = useTranslations("widget.transcript");
  const mine = role === "customer";
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`} data-role={role}>
      <div
        className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm leading-relaxed ${
          mine ? "rounded-br-sm bg-brand-700 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900"
        }`}
      >
        <span className="sr-only">{mine ? t("you") : t("agent")}</span>
        {text}
        {live ? <span aria-hidden="true" className="ml-0.5 inline-block h-3 w-1.5 animate-pulse bg-slate-400 align-middle" /> : null}
      </div>
    </li>
  );
}

/** The conversation so far, as plain text, with the reply being written at the end. */
export function Transcript({ messages, pendingText, draftReply, busy }: TranscriptProps) {
  const t = useTranslations("widget.transcript");
  const end = useRef<HTMLLIElement>(null);
  const shown = messages.filter((m) => m.text.trim().length > 0);
  const lastText = draftReply ?? shown.at(-1)?.text;

  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [shown.length, pendingText, lastText]);

  return (
    // The log wraps the list: a role on the list itself would take away its items' list semantics.
    <div role="log" aria-label={t("label")} aria-live="polite" aria-busy={busy} className="flex-1 overflow-y-auto px-3 py-3">
      <ol className="space-y-2">
        {shown.length === 0 && pendingText === null ? <li className="px-2 py-6 text-center text-sm text-slate-500">{t("hello")}</li> : null}
        {shown.map((m) => (
          <Bubble key={m.id} role={m.role} text={m.text} />
        ))}
        {pendingText !== null ? <Bubble role="customer" text={pendingText} /> : null}
        {draftReply !== null ? (
          draftReply ? (
            <Bubble role="agent" text={draftReply} live />
          ) : (
            <li className="text-xs text-slate-500" aria-label={t("checkingLabel")}>
              {t("checking")}
            </li>
          )
        ) : null}
        <li ref={end} aria-hidden="true" />
      </ol>
    </div>
  );
}
