/** What retention knows of one stored checkpoint: its id, its parent, and the channels its pending writes went to. */
export type CheckpointNode = { id: string; parentId: string | null; channels: string[] };

export type RetentionMode = "keep_latest" | "delete";

/** Channels whose writes mark the approval gate's pause and each decision that resumed it. */
const GATE_CHANNELS = new Set(["__interrupt__", "__resume__"]);
/** The channel a step writes to send the run on to the refund. */
const TO_REFUND = "branch:to:refund";

/**
 * The checkpoints a prune of one thread keeps, and why:
 * - steps: the checkpoint the gate paused on (its interrupt, and the resume of each decision,
 *   are its pending writes), the checkpoint the refund ran from (its parent sent the run to
 *   the refund), what each of those steps produced (the checkpoint after it: the decision's
 *   outcome, the refund's outcome), and every pinned checkpoint;
 * - the parent of every step, so the incident viewer still shows each step's diff against
 *   the checkpoint it came from, exactly as before the prune;
 * - the latest checkpoint under `keep_latest`, and under `delete` whenever anything else is
 *   kept: a thread's head is never left on an old step, which a new turn would resume from.
 * Under `delete`, a thread with no step worth keeping loses every checkpoint; its next
 * message starts the conversation's state afresh (the transcript is kept by its own window).
 */
export function planPrune(checkpoints: CheckpointNode[], pinned: Iterable<string>, mode: RetentionMode): { keep: Set<string>; prune: string[] } {
  const byId = new Map(checkpoints.map((c) => [c.id, c]));
  const steps = new Set<string>();
  for (const c of checkpoints) {
    if (c.channels.some((ch) => GATE_CHANNELS.has(ch))) steps.add(c.id);
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    if (parent?.channels.includes(TO_REFUND)) steps.add(c.id);
  }
  const meaningful = new Set(steps);
  for (const c of checkpoints) if (c.parentId && meaningful.has(c.parentId)) steps.add(c.id);
  for (const id of pinned) if (byId.has(id)) steps.add(id);
  const keep = new Set(steps);
  for (const id of steps) {
    const parentId = byId.get(id)?.parentId;
    if (parentId && byId.has(parentId)) keep.add(parentId);
  }
  const latest = checkpoints.reduce<string | undefined>((max, c) => (max === undefined || c.id > max ? c.id : max), undefined);
  if (latest && (mode === "keep_latest" || keep.size > 0)) keep.add(latest);
  return { keep, prune: checkpoints.filter((c) => !keep.has(c.id)).map((c) => c.id) };
}
