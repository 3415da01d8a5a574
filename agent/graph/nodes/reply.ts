import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { DEFAULT_LLM_TIMEOUT_MS, isLanguageModel } from "../../clients/model";
import type { AgentDeps } from "../deps";
import { freeTextBrief, type FreeTextBrief } from "../free-text";
import { recordLlmDegraded } from "../../llm/events";
import { LlmFailure } from "../../llm/failure";
import { phraseFreeText } from "../../llm/phrase";
import { composeReply } from "../replies";
import type { AgentStateType, AgentUpdate } from "../state";

/** Writes `text` to the turn's stream word by word. */
function writeWords(text: string, config: LangGraphRunnableConfig): string {
  for (const piece of text.match(/\S+\s*/g) ?? []) config.writer?.({ type: "token", text: piece });
  return text;
}

/**
 * The language model's wording of a free-text answer, streamed as it is written. When it
 * fails (unreachable, too slow, refused, unusable) a `reset` event withdraws what streamed,
 * the brief's fallback streams instead, and a degraded `llm` node event records why.
 */
async function phrased(deps: AgentDeps, state: AgentStateType, brief: FreeTextBrief, config: LangGraphRunnableConfig): Promise<string> {
  const started = Date.now();
  try {
    return await phraseFreeText(deps.model, brief, state.input, {
      timeoutMs: deps.settings.llmTimeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
      signal: config.signal,
      onToken: (text) => config.writer?.({ type: "token", text }),
    });
  } catch (error) {
    if (!(error instanceof LlmFailure)) throw error;
    const target = { tenantId: state.tenantId, threadId: String(config.configurable?.thread_id), step: Number(config.metadata?.langgraph_step ?? -1) };
    await recordLlmDegraded(deps.store, target, "reply", error, Date.now() - started);
    config.writer?.({ type: "reset" });
    return writeWords(brief.fallback, config);
  }
}

/**
 * Answers the customer; the words stream to the widget as they are written. Money outcomes,
 * cases and limits are always the code's words (composeReply); free text may be worded by a
 * configured language model from the facts the code gives it.
 */
export const reply = (deps: AgentDeps) =>
  async function reply(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    const brief = isLanguageModel(deps.model) ? freeTextBrief(state) : null;
    const text = brief ? await phrased(deps, state, brief, config) : writeWords(composeReply(state), config);
    return { answer: text, recent: [{ role: "agent", text }] };
  };
