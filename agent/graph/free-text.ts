/** Which answers a language model may word: free text about no money, from facts the code chose. */
import type { Language } from "@/i18n/languages";
import { composeReply, wordsOf } from "./replies";
import type { AgentStateType } from "./state";

/**
 * What the model may say and what the code says if it cannot: `facts` is everything the
 * answer may rest on (a trailing `Source: ...` line is kept verbatim), `fallback` the code's
 * own answer, used whenever the model's is unusable, `language` the one the answer is written in.
 */
export type FreeTextBrief = { facts: string; fallback: string; language?: Language };

/**
 * The brief for this turn's answer when it is free text (a greeting, an offer of help, a
 * help article with its citation), else null: money outcomes, cases, limits, card actions,
 * clarifications and hand-overs are answered in the code's words only.
 */
export function freeTextBrief(state: AgentStateType): FreeTextBrief | null {
  if (state.handoff || state.clarification || state.case || state.approval || state.refundOutcome) return null;
  const knowledgeOnly = state.intent === "knowledge" && !state.understanding?.also && state.knowledge.length > 0;
  if (state.intent !== "greeting" && state.intent !== "other" && !knowledgeOnly) return null;
  const text = composeReply(state);
  return { facts: text, fallback: text, language: wordsOf(state).language };
}
