/** Understanding the customer's latest chat message with any chat model. */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseMessage } from "@langchain/core/messages";
import { matchMerchant } from "./merchants";
import { parseUnderstanding } from "./parse-understanding";
import { buildUnderstandingMessages } from "./prompt";
import type { Understanding, UnderstandingInput } from "./types";

/**
 * Asks the model what the customer's last message wants and validates the answer.
 * The result describes a request; it never carries a decision.
 */
export async function understandMessage(model: BaseChatModel, input: UnderstandingInput, opts: { signal?: AbortSignal } = {}): Promise<Understanding> {
  const answer = await model.invoke(buildUnderstandingMessages(input), { signal: opts.signal });
  return withListedMerchant(parseUnderstanding(messageText(answer)), input.transactions);
}

/** `u` with its merchant spelled as in the customer's transactions when one matches, else as the customer named it. */
export function withListedMerchant(u: Understanding, transactions: UnderstandingInput["transactions"]): Understanding {
  if (u.merchant) {
    const known = matchMerchant(
      u.merchant,
      transactions.map((t) => t.merchant),
    );
    if (known) u.merchant = known;
  }
  return u;
}

/** The plain text of a message whose content is a string or a list of content blocks. */
export function messageText(message: BaseMessage): string {
  const { content } = message;
  if (typeof content === "string") return content;
  return content.map((block) => (typeof block === "string" ? block : block.type === "text" && "text" in block ? String(block.text) : "")).join("");
}
