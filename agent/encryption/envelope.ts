import { open, seal, type KeyRing } from "./keys";

/**
 * A JSON value stored encrypted in a jsonb column (`node_events.request` and `.response`):
 * `{ "enc": "aes-256-gcm", "kid": "<keyId>", "data": "<base64 of IV, ciphertext, tag>" }`.
 */
export type Envelope = { enc: "aes-256-gcm"; kid: string; data: string };

const context = (kid: string) => `jsonb:${kid}`;

export function isEnvelope(value: unknown): value is Envelope {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v.enc === "aes-256-gcm" && typeof v.kid === "string" && typeof v.data === "string" && Object.keys(v).length === 3;
}

/** The value encrypted under the write key; null and undefined stay as they are (there is nothing to hide). */
export function sealJson<T>(ring: KeyRing, value: T): Envelope | T {
  if (value === null || value === undefined) return value;
  const kid = ring.writeKeyId;
  const { sealed } = seal(ring, Buffer.from(JSON.stringify(value), "utf8"), context(kid));
  return { enc: "aes-256-gcm", kid, data: sealed.toString("base64") };
}

/** The value an envelope holds; a value stored in clear (before encryption was on) as it is. */
export function openJson(ring: KeyRing, value: unknown, what = "stored value"): unknown {
  if (!isEnvelope(value)) return value;
  return JSON.parse(open(ring, value.kid, Buffer.from(value.data, "base64"), context(value.kid), what).toString("utf8"));
}

/** A recorded bank-system call with its request and answer readable again. */
export function openNodeEvent<R extends { request: unknown; response: unknown }>(ring: KeyRing, row: R): R {
  return { ...row, request: openJson(ring, row.request, "node event request"), response: openJson(ring, row.response, "node event response") };
}
