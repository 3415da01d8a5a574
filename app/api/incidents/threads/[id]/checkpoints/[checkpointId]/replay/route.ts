import { replayIncident } from "@/app/_lib/incident-replay";
import { route } from "@/app/_lib/route";

export const runtime = "nodejs";

/** Replays the rest of the conversation from this checkpoint in a sandbox; the body (optional) holds the what-if. */
export const POST = route<{ id: string; checkpointId: string }>((req, { id, checkpointId }) => replayIncident(req, id, checkpointId));
