/** Understanding a customer message with the configured language model, and the offline model when it fails. */
import { isLanguageModel, DEFAULT_LLM_TIMEOUT_MS } from "../clients/model";
import type { AgentDeps } from "../graph/deps";
import { OfflineBankModel } from "../understanding/offline-model";
import { readUnderstanding } from "../understanding/parse-understanding";
import { buildUnderstandingMessages } from "../understanding/prompt";
import type { Understanding, UnderstandingInput } from "../understanding/types";
import { messageText, understandMessage, withListedMerchant } from "../understanding/understand";
import { callWithin, LlmFailure } from "./failure";
import { recordLlmCall, type LlmEventTarget } from "./events";
import { usageOf } from "./usage";
import { withinTurn } from "../graph/deadline";
import { refusalOf } from "./model-refusal";
import { modelOf } from "../graph/run-revision";

const offline = new OfflineBankModel();

/**
 * What the customer's last message asks for. With a language model configured it is asked
 * first, within `settings.llmTimeoutMs` or the turn's time left; when it cannot be reached, times out, refuses or
 * answers without a valid understanding, the offline model's understanding is used instead.
 * Given `record`, an `llm` node event (node `intake`) records the call, its tokens and their
 * cost, and when its answer was set aside, why. The caller's own abort is rethrown. The result
 * describes a request; it never carries a decision.
 */
export async function understandWithFallback(
  deps: Pick<AgentDeps, "model" | "store" | "settings">,
  input: UnderstandingInput,
  opts: { signal?: AbortSignal; record?: LlmEventTarget } = {},
): Promise<Understanding> {
  const model = modelOf(deps);
  if (!isLanguageModel(model)) return understandMessage(model, input, { signal: opts.signal });
  const started = Date.now();
  const price = deps.settings.llmPrice;
  try {
    const { understanding, usage } = await callWithin(withinTurn(deps.settings.llmTimeoutMs ?? DEFAULT_LLM_TIMEOUT_MS), opts.signal, async (signal) => {
      const answer = await model.invoke(buildUnderstandingMessages(input), { signal });
      const usage = usageOf(answer);
      const refusal = refusalOf(answer);
      if (refusal) throw new LlmFailure("llm:refused", refusal, usage);
      const text = messageText(answer);
      const understanding = readUnderstanding(text);
      if (!understanding) throw new LlmFailure("llm:malformed", `no valid understanding in ${JSON.stringify(text.slice(0, 200))}`, usage);
      return { understanding: withListedMerchant(understanding, input.transactions), usage };
    });
    if (opts.record) await recordLlmCall(deps.store, opts.record, "intake", { latencyMs: Date.now() - started, usage, price });
    return understanding;
  } catch (error) {
    if (!(error instanceof LlmFailure)) throw error;
    if (opts.record) await recordLlmCall(deps.store, opts.record, "intake", { latencyMs: Date.now() - started, usage: error.usage, price, failure: error });
    return understandMessage(offline, input, { signal: opts.signal });
  }
}
