import type { HandoverRefusal, HandoverResult } from "@/agent/runtime/handovers";
import { ApiError } from "./errors";

function refusalError(refusal: HandoverRefusal): ApiError {
  if (refusal.kind === "not_found") return new ApiError("not_found:handover", "No such handover.");
  return new ApiError("conflict:handover", refusal.message, { currentStatus: refusal.status, currentVersion: refusal.version });
}

/** The answer to a staff action on a handover: its new status and version, or the API's error (404, 409). */
export function handoverChangeResponse(result: HandoverResult): Response {
  if (result.kind !== "ok") throw refusalError(result);
  const { handover, messageId } = result;
  return Response.json({ handoverId: handover.id, status: handover.status, version: handover.version, ...(messageId === undefined ? {} : { messageId }) });
}
