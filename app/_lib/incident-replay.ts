import type { z } from "zod";
import { checkpointReplayBody, replayBody } from "@/app/api/incidents/schema";
import { ApiError } from "./errors";
import { openIncident } from "./incidents";
import { services } from "./route";
import { parseBody, parseOptionalBody, parseWith } from "./request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "./session";
import { INVESTIGATORS } from "@/vocabulary/roles";

/**
 * Runs the rest of a conversation from a checkpoint in a sandbox (in-memory saver,
 * recorded system answers, dry-run ledger), optionally under a what-if policy. The
 * checkpoint comes from the path, or from the body when the path names none. Audited as
 * `incident.replayed`, masked unless the body asks for a reveal.
 */
export async function replayIncident(req: Request, rawId: string, pathCheckpointId: string | null): Promise<Response> {
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  let body: z.infer<typeof replayBody>;
  if (pathCheckpointId === null) {
    body = await parseBody(req, replayBody);
  } else {
    const options = await parseOptionalBody(req, checkpointReplayBody, checkpointReplayBody.parse({}));
    body = { ...options, checkpointId: parseWith(idParam, pathCheckpointId, "checkpoint_id") };
  }
  const scope = await openIncident(db, user, rawId, { action: "incident.replayed", reveal: body.reveal, path: new URL(req.url).pathname });
  const { reveal: _reveal, ...whatIf } = body;
  const result = await agent.incidents.replay(user.tenantId, scope.thread.threadId, whatIf);
  if (!result) throw new ApiError("not_found:checkpoint", "No such checkpoint in this conversation.");
  return scope.release(result, { checkpointId: body.checkpointId });
}
