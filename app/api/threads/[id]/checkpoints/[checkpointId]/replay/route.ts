/**
 * A sandbox replay from one checkpoint: a stable alias of the incident viewer's
 * `/api/incidents/threads/{id}/checkpoints/{checkpointId}/replay`, answered by the same
 * code (investigators only, masked unless the body reveals, audited as `incident.replayed`).
 */
export { POST } from "@/app/api/incidents/threads/[id]/checkpoints/[checkpointId]/replay/route";

export const runtime = "nodejs";
