import type { OpsSummary } from "@/app/api/ops/summary/schema";
import { formatCosts } from "./format";
import { ColumnHeads } from "./column-heads";

/** The last hour's language-model calls of the bank, by the agent revision that made them: tokens, cost and cost per answer. */
export function LanguageModelTable({ summary }: { summary: OpsSummary }) {
  const rows = summary.languageModel;
  return (
    <section aria-labelledby="llm-title" className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <h2 id="llm-title" className="font-medium text-slate-800">
        Language model, the last hour
      </h2>
      {rows.length === 0 ? (
        <p className="mt-1 text-slate-600" data-testid="llm-none">
          No language model answered in the last hour: the offline model read every message and the code worded every answer.
        </p>
      ) : (
        <div className="mt-2 overflow-auto" tabIndex={0} role="region" aria-label="Language-model use by revision">
          <table className="w-full text-left tabular-nums" data-testid="llm-table">
            <ColumnHeads names={["Revision", "Answers", "Calls", "Tokens in", "Tokens out", "Cost", "Cost per answer", "Without a count"]} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.revision} className="border-t border-slate-100">
                  <th scope="row" className="px-2 py-1 font-mono text-xs font-normal">
                    {r.revision}
                  </th>
                  <td className="px-2 py-1">{r.answers}</td>
                  <td className="px-2 py-1">{r.calls}</td>
                  <td className="px-2 py-1">{r.inputTokens.toLocaleString("en-GB")}</td>
                  <td className="px-2 py-1">{r.outputTokens.toLocaleString("en-GB")}</td>
                  <td className="px-2 py-1">{formatCosts(r.cost)}</td>
                  <td className="px-2 py-1">{formatCosts(r.costPerAnswer)}</td>
                  <td className="px-2 py-1">{r.callsWithoutUsage}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
