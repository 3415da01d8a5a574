import { DateTime } from "@/components/ui/date-time";
import { staffName } from "./labels";
import type { Question } from "./types";

/** The operators' questions to the customer and the customer's answers. */
export function QuestionList({ questions, customerName }: { questions: Question[]; customerName: string }) {
  if (questions.length === 0) return <p className="text-sm text-slate-600">No questions asked.</p>;
  return (
    <ol className="space-y-3 text-sm" aria-label="Questions and answers">
      {questions.map((q) => (
        <li key={q.questionId} className="space-y-1">
          <p>
            <span className="font-medium">{staffName(q.askedBy)} asked</span>{" "}
            <span className="text-xs text-slate-600">
              (<DateTime iso={q.askedAt} />)
            </span>
            : {q.question}
          </p>
          {q.answer !== null ? (
            <p className="rounded-md bg-amber-50 px-2 py-1 ring-1 ring-amber-200">
              <span className="font-medium">{customerName} answered</span>{" "}
              <span className="text-xs text-slate-700">
                (<DateTime iso={q.answeredAt} />)
              </span>
              : {q.answer}
            </p>
          ) : (
            <p className="text-amber-900">Waiting for the customer&apos;s answer.</p>
          )}
        </li>
      ))}
    </ol>
  );
}
