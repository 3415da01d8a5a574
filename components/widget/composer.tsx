import { useTranslations } from "use-intl";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/field";
import type { SendOutcome } from "./use-conversation";

const MAX_CHARS = 2000;

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function Composer({ onSend, disabled, sending }: { onSend: (text: string) => Promise<SendOutcome>; disabled: boolean; sending: boolean }) {
  const t = useTranslations("widget.composer");
  const [text, setText] = useState("");
  const canSend = !disabled && !sending && text.trim().length > 0;

  async function submit() {
    if (!canSend) return;
    const message = text;
    setText("");
    if ((await onSend(message)) === "refused") setText((current) => current || message);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-2">
      <label htmlFor="chat-message" className="sr-only">
        {t("label")}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id="chat-message"
          rows={2}
          maxLength={MAX_CHARS}
          value={text}
          disabled={disabled}
          placeholder={t("placeholder")}
          aria-describedby="chat-message-hint"
          data-embed-focus
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!canSend}>
          {sending ? t("sending") : t("send")}
        </Button>
      </div>
      <p id="chat-message-hint" className="mt-1 flex justify-between text-[11px] text-slate-500">
        <span>{t("hint")}</span>
        {text.length > MAX_CHARS - 200 ? <span>{t("charactersLeft", { count: MAX_CHARS - text.length })}</span> : null}
      </p>
    </form>
  );
}
