import { languageOfMessage } from "@/agent/understanding/language";

/** A conversation's messages as staff read them: each customer message with the language it is written in. */
export function withLanguages<M extends { role: string; text: string }>(messages: M[]) {
  return messages.map((m) => ({ ...m, language: m.role === "customer" ? (languageOfMessage(m.text) ?? null) : null }));
}
