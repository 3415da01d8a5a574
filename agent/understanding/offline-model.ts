/**
 * A chat model that needs no API key: it answers the understanding prompt with keyword rules and a
 * neural intent classifier trained on Banking77 (CC BY 4.0, PolyAI; see data/banking77/README.md).
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { understandLatest } from "./offline-understanding";
import { readSystemContext } from "./prompt";
import type { ChatTurn } from "./types";
import { messageText } from "./understand";

/** Answers `buildUnderstandingMessages` prompts with an Understanding JSON string. */
export class OfflineBankModel extends BaseChatModel {
  constructor() {
    super({});
  }

  static lc_name(): string {
    return "OfflineBankModel";
  }

  _llmType(): string {
    return "offline-bank";
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"], _runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    options.signal?.throwIfAborted();
    const system = messages.find((m) => m.getType() === "system");
    const ctx = readSystemContext(system ? messageText(system) : "");
    const turns = messages.flatMap((m): ChatTurn[] => {
      const type = m.getType();
      return type === "human" || type === "ai" ? [{ role: type === "human" ? "customer" : "agent", text: messageText(m) }] : [];
    });
    const today = ctx.today ?? new Date().toISOString().slice(0, 10);
    const understanding = understandLatest(turns, { today, transactions: ctx.transactions, pending: ctx.pending });
    const text = JSON.stringify(understanding);
    return { generations: [{ text, message: new AIMessage(text) }] };
  }
}
