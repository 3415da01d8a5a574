import type { Refusal } from "@/agent";
import { ApiError, type ErrorCode } from "./errors";

/** Turns the agent's refusal into the API's error: 404, 409 with the current state, 403, 400. */
export function refusalError(refusal: Refusal, surface: string): ApiError {
  switch (refusal.kind) {
    case "not_found":
      return new ApiError(`not_found:${surface}`, "No such approval.");
    case "conflict":
      return new ApiError(`conflict:${surface}`, refusal.message, { currentStatus: refusal.status, currentVersion: refusal.version });
    case "forbidden":
      return new ApiError(refusal.code as ErrorCode, refusal.message);
    case "invalid":
      return new ApiError(`bad_request:${surface}`, refusal.message);
  }
}
