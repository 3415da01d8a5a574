/**
 * The state at one checkpoint: a stable alias of the incident viewer's
 * `/api/incidents/threads/{id}/checkpoints/{checkpointId}`, answered by the same code
 * (investigators only, masked unless a POST reveals, every read audited).
 */
export { GET, POST } from "@/app/api/incidents/threads/[id]/checkpoints/[checkpointId]/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
