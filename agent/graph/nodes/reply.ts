import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { DEFAULT_LLM_TIMEOUT_MS, isLanguageModel } from "../../clients/model";
import type { AgentDeps } from "../deps";
import { freeTextBrief, type FreeTextBrief } from "../free-text";
import { recordLlmCall } from "../../llm/events";
import type { TokenUsage } from "../../llm/usage";
import { LlmFailure } from "../../llm/failure";
import { phraseFreeText } from "../../llm/phrase";
import { composeReply } from "../replies";
import { withinTurn } from "../deadline";
import type { AgentStateType, AgentUpdate } from "../state";
import { modelOf } from "../run-revision";

/** Writes `text` to the turn's stream word by word. */
function writeWords(text: string, config: LangGraphRunnableConfig): string {
  for (const piece of text.match(/\S+\s*/g) ?? []) config.writer?.({ type: "token", text: piece });
  return text;
}

/**
 * The language model's wording of a free-text answer, streamed as it is written: its first words
 * within the model's timeout (or the turn's time left), then for as long as the stream keeps
 * writing (each piece is the node's heartbeat); an `llm` node event records the call with its
 * tokens and their cost. When it fails (unreachable, too slow,
 * refused, unusable) a `reset` event withdraws what streamed, the brief's fallback streams
 * instead, and the node event is degraded and says why.
 */
async function phrased(deps: AgentDeps, state: AgentStateType, brief: FreeTextBrief, config: LangGraphRunnableConfig): Promise<string> {
  const started = Date.now();
  const target = { tenantId: state.tenantId, threadId: String(config.configurable?.thread_id), step: Number(config.metadata?.langgraph_step ?? -1) };
  const price = deps.settings.llmPrice;
  let usage: TokenUsage | undefined;
  try {
    const llmTimeoutMs = deps.settings.llmTimeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
    const text = await phraseFreeText(modelOf(deps), brief, state.input, {
      // The first words within the model's timeout or the turn's time left; then as long as the stream keeps writing.
      timeoutMs: withinTurn(llmTimeoutMs),
      idleMs: llmTimeoutMs,
      signal: config.signal,
      onToken: (piece) => config.writer?.({ type: "token", text: piece }),
      onUsage: (reported) => (usage = reported),
      onChunk: () => config.heartbeat?.(),
    });
    await recordLlmCall(deps.store, target, "reply", { latencyMs: Date.now() - started, usage, price });
    return text;
  } catch (error) {
    if (!(error instanceof LlmFailure)) throw error;
    await recordLlmCall(deps.store, target, "reply", { latencyMs: Date.now() - started, usage, price, failure: error });
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
    const brief = isLanguageModel(modelOf(deps)) ? freeTextBrief(state) : null;
    const text = brief ? await phrased(deps, state, brief, config) : writeWords(composeReply(state), config);
    return { answer: text, recent: [{ role: "agent", text }] };
  };
