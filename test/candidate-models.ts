import type { BaseMessage } from "@langchain/core/messages";
import { AIMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { OfflineBankModel } from "@/agent/understanding";

/** A candidate revision's understanding that cannot place a question about card limits: its answers to them fall back. */
export class LosesLimits extends OfflineBankModel {
  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const read = await super._generate(messages, options);
    const understanding = JSON.parse(read.generations[0]!.text) as { intent: string };
    if (understanding.intent === "limits") understanding.intent = "unclear";
    const text = JSON.stringify(understanding);
    return { generations: [{ text, message: new AIMessage(text) }] };
  }
}
