/**
 * A language model that reads like the offline model, over a real protocol: understanding
 * requests are answered with the offline rules and classifier's reading of the same prompt, and
 * wording requests with the facts as they are. It stands in for a candidate model where many
 * turns need sensible answers (the chaos campaign's canary), not a scripted few.
 */
import { understandLatest } from "../../agent/understanding/offline-understanding";
import { readSystemContext } from "../../agent/understanding/prompt";
import type { ChatTurn } from "../../agent/understanding/types";
import { isPhrasing, type Script } from "./script";

/** The facts a wording request hands the model (agent/llm/phrase.ts puts them between `<<<` and `>>>`). */
const factsOf = (system: string) => /FACTS:\n<<<\n([\s\S]*)\n>>>/.exec(system)?.[1] ?? "";

export const offlineBacked: Script = (request) => {
  if (isPhrasing(request)) return { kind: "text", text: factsOf(request.system) };
  const ctx = readSystemContext(request.system);
  const turns = request.messages.map((m): ChatTurn => ({ role: m.role === "user" ? "customer" : "agent", text: m.content }));
  const understanding = understandLatest(turns, {
    today: ctx.today ?? new Date().toISOString().slice(0, 10),
    transactions: ctx.transactions,
    pending: ctx.pending,
  });
  return { kind: "text", text: JSON.stringify(understanding) };
};
