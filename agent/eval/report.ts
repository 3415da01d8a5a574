/** The conversation evaluation as text: pass rates overall, by group and language (where the set gives them), by intent and by category, then the failures. */
import type { Expectation } from "./dataset";
import { passRate, type Observed, type Summary, type Tally, type TurnVerdict } from "./judge";

const percent = (tally: Tally) => `${(passRate(tally) * 100).toFixed(1)}%`;

function table(title: string, rows: Map<string, Tally>): string[] {
  const width = Math.max(title.length, ...[...rows.keys()].map((k) => k.length));
  return [
    `${title.padEnd(width)}  passed  turns    rate`,
    ...[...rows].map(([key, t]) => `${key.padEnd(width)}  ${String(t.passed).padStart(6)}  ${String(t.total).padStart(5)}  ${percent(t).padStart(6)}`),
  ];
}

function expected(e: Expectation): string {
  const parts = [e.intent, e.category, e.transaction === undefined ? undefined : [e.transaction].flat().join("|"), e.outcome].filter(Boolean);
  return parts.join(" / ") + (e.also ? ` + ${[e.also.intent, e.also.category, e.also.outcome].filter(Boolean).join(" / ")}` : "");
}

function observed(g: Observed): string {
  if (!g.fresh) return "(no state of its own)";
  const parts = [g.intent ?? "no intent", g.category, g.transaction, g.outcome ?? "no outcome"].filter(Boolean);
  return parts.join(" / ") + (g.also ? ` + ${[g.also.intent, g.also.category, g.also.outcome ?? "no outcome"].filter(Boolean).join(" / ")}` : "");
}

/** The whole report; `failures` caps how many failed turns are listed (all by default). */
export function formatReport(summary: Summary, verdicts: TurnVerdict[], options: { failures?: number } = {}): string {
  const failed = verdicts.filter((v) => v.mismatches.length > 0);
  const shown = failed.slice(0, options.failures ?? failed.length);
  const lines = [`conversation turns passed: ${summary.overall.passed} of ${summary.overall.total} (${percent(summary.overall)})`];
  if (summary.byGroup.size > 0) lines.push("", ...table("group (language)", summary.byGroup), "", ...table("language", summary.byLanguage));
  lines.push("", ...table("intent", summary.byIntent), "", ...table("category", summary.byCategory));
  if (shown.length > 0) {
    lines.push("", `failures (${failed.length}${shown.length < failed.length ? `, first ${shown.length}` : ""}):`);
    for (const v of shown) {
      lines.push(
        `- ${v.conversation} #${v.turn}: ${JSON.stringify(v.text)}`,
        `    expected ${expected(v.expect)}`,
        `    got      ${observed(v.got)}`,
        ...v.mismatches.filter((m) => m.startsWith("opened") || m.startsWith("reply")).map((m) => `    and      ${m}`),
        `    reply    ${JSON.stringify(v.reply.length > 160 ? `${v.reply.slice(0, 157)}...` : v.reply)}`,
      );
    }
  }
  return lines.join("\n");
}
