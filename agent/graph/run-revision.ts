/**
 * The revision a graph run answers as, when the deployment hosts more than one (a bank's canary
 * gives a share of its conversations to a candidate): its id, recorded on what the run writes,
 * and its language model, which understands and words the run's answers. Set around each run
 * by the runtime; a run without one answers as the agent's own revision, with its model.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AgentDeps } from "./deps";

export type RunRevision = { id: string; model: BaseChatModel };

export const runRevision = new AsyncLocalStorage<RunRevision>();

/** The language model of the running revision. */
export const modelOf = (deps: Pick<AgentDeps, "model">): BaseChatModel => runRevision.getStore()?.model ?? deps.model;

/** The id of the running revision, or `fallback` (the agent's own) outside a run that set one. */
export const runRevisionId = <T>(fallback: T): string | T => runRevision.getStore()?.id ?? fallback;
