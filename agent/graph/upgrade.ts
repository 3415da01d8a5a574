import { STATE_SCHEMA_VERSION, type AgentStateType } from "./state";

/**
 * Brings a state written by an earlier version of the graph up to the current shape, on
 * read, before a node sees it. Checkpoints are never rewritten; each version step is a
 * pure function, so a paused thread resumes whatever release wrote it.
 *
 * v0 -> v1: an approval carries `amountMinor` (operators may approve a lower amount); an
 * approval recorded before that pays the case's full amount.
 */
export function upgradeState(state: AgentStateType): AgentStateType {
  const version = typeof state.schemaVersion === "number" ? state.schemaVersion : 0;
  if (version >= STATE_SCHEMA_VERSION) return state;
  let next = state;
  if (version < 1 && next.approval && typeof next.approval.amountMinor !== "number" && next.case) {
    next = { ...next, approval: { ...next.approval, amountMinor: next.case.amountMinor } };
  }
  return { ...next, schemaVersion: STATE_SCHEMA_VERSION };
}
