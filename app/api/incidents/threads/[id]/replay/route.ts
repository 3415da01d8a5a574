import { replayIncident } from "@/app/_lib/incident-replay";
import { route } from "@/app/_lib/route";

export const runtime = "nodejs";

/** Replays the rest of the conversation from the body's checkpoint in a sandbox, optionally under a what-if policy. */
export const POST = route<{ id: string }>((req, { id }) => replayIncident(req, id, null));
