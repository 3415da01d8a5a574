import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Textarea } from "@/components/ui/field";
import { askCustomer } from "./approval-api";
import type { ApprovalView, Perform } from "./types";

/** Sends the customer a question in their chat; decisions wait until they answer. */
export function AskCustomerForm({ approval, busy, perform }: { approval: ApprovalView; busy: boolean; perform: Perform }) {
  const [question, setQuestion] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!question.trim()) {
      setError("Write the question the customer should answer.");
      ref.current?.focus();
      return;
    }
    setError(null);
    const ok = await perform(async () => {
      await askCustomer(approval.approvalId, question.trim(), approval.version);
      return "Question sent. It shows in the customer's chat; decide once they answer.";
    });
    if (ok) setQuestion("");
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2" aria-label="Ask the customer">
      <Field id="ask-question" label="Question for the customer" hint="The customer sees it in their chat; their next message is the answer." error={error}>
        <Textarea
          id="ask-question"
          ref={ref}
          rows={2}
          maxLength={500}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          {...describedBy("ask-question", { hint: true, error })}
        />
      </Field>
      <Button type="submit" variant="secondary" disabled={busy}>
        Ask the customer
      </Button>
    </form>
  );
}
