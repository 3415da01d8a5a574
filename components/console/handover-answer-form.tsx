import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Textarea } from "@/components/ui/field";
import { answerHandover, closeHandover } from "./handover-api";
import type { HandoverView, Perform } from "./types";

const MAX_ANSWER_CHARS = 2000;

/** Answers the customer of a handed-over conversation in their chat, or closes the handover without a word. */
export function HandoverAnswerForm({ handover, busy, perform }: { handover: HandoverView; busy: boolean; perform: Perform }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setError("Write the answer the customer should read.");
      ref.current?.focus();
      return;
    }
    setError(null);
    const ok = await perform(async () => {
      await answerHandover(handover.handoverId, text.trim(), handover.version);
      return "Answer sent. It shows in the customer's chat.";
    });
    if (ok) setText("");
  }

  async function close() {
    setError(null);
    await perform(async () => {
      await closeHandover(handover.handoverId, handover.version);
      return "Closed without an answer. The customer was not told.";
    });
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2" aria-label="Answer the customer">
      <Field id="handover-answer" label="Answer for the customer" hint="The customer reads it in their chat, after your first name." error={error}>
        <Textarea
          id="handover-answer"
          ref={ref}
          rows={5}
          maxLength={MAX_ANSWER_CHARS}
          value={text}
          onChange={(e) => setText(e.target.value)}
          {...describedBy("handover-answer", { hint: true, error })}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          Send answer
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void close()}>
          Close without answering
        </Button>
      </div>
    </form>
  );
}
