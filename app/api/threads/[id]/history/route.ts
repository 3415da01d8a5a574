/**
 * The conversation's checkpoints: a stable alias of the incident viewer's
 * `/api/incidents/threads/{id}/checkpoints`, answered by the same code (investigators
 * only, masked unless a POST reveals, every read audited).
 */
export { GET, POST } from "@/app/api/incidents/threads/[id]/checkpoints/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
