import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import { HttpError, problem } from "../http";

const idempotencyKey = z.string().min(1).max(200);

/** The request's `Idempotency-Key` header, or a 400 `bad_request:idempotency_key`. */
export function requireIdempotencyKey(headers: IncomingHttpHeaders): string {
  const result = idempotencyKey.safeParse(headers["idempotency-key"]);
  if (!result.success) {
    throw new HttpError(problem("bad_request:idempotency_key", "Idempotency-Key header of 1-200 characters is required"));
  }
  return result.data;
}

/**
 * sha256 of the request's canonical JSON (top-level keys sorted), hex: a key reused with
 * another request is told apart from a retry of the same one.
 */
export function requestFingerprint(request: Record<string, unknown>): string {
  const canonical = Object.fromEntries(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** The stored answer of an earlier request with the same key, marked as a replay. */
export function replayed(status: number, body: unknown) {
  return { status, body, headers: { "Idempotent-Replayed": "true" } };
}
