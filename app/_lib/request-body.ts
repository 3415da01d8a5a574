import type { z } from "zod";
import { ApiError } from "./errors";

/**
 * True only for the JSON media type itself: `application/json`, optionally with
 * `charset=utf-8`. Substring tests would let `text/plain; application/json` through, a
 * type a cross-site form or no-cors fetch can send without asking the server first.
 */
export function isJsonMediaType(header: string | null): boolean {
  if (header === null) return false;
  const [essence, ...params] = header.split(";").map((part) => part.trim().toLowerCase());
  if (essence !== "application/json") return false;
  return params.every((param) => /^charset=("?)utf-8\1$/.test(param));
}

/** Refuses any state-changing API request that is not declared JSON (415). */
export function requireJsonMediaType(req: Request): void {
  if (!isJsonMediaType(req.headers.get("content-type"))) {
    throw new ApiError(
      "unsupported_media_type:body",
      "Send the request with content-type: application/json (an empty body or {} when the route takes no input).",
    );
  }
}

function tooLarge(limit: number): ApiError {
  return new ApiError("payload_too_large:body", `The request body is larger than ${limit} bytes.`);
}

/**
 * The body as UTF-8 text, read chunk by chunk and abandoned as soon as it passes
 * `limit` bytes, so a body without content-length (chunked) is never held whole.
 */
export async function readBodyText(req: Request, limit: number): Promise<string> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError("bad_request:encoding", "The body is not valid UTF-8.");
  }
}

/** The largest request body the API reads, in bytes. */
const MAX_BODY_BYTES = 16 * 1024;

function parseJsonText<T extends z.ZodType>(text: string, schema: T): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError("bad_request:json", "The body is not valid JSON.");
  }
  return parseWith(schema, json, "body");
}

/** Reads a JSON body of bounded size and validates it; bad input is a 4xx, never a 500. */
export async function parseBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.infer<T>> {
  requireJsonMediaType(req);
  return parseJsonText(await readBodyText(req, MAX_BODY_BYTES), schema);
}

/** Like parseBody, for routes whose input is optional: an empty body means `fallback`. */
export async function parseOptionalBody<T extends z.ZodType>(req: Request, schema: T, fallback: z.infer<T>): Promise<z.infer<T>> {
  requireJsonMediaType(req);
  const text = await readBodyText(req, MAX_BODY_BYTES);
  return text.trim() === "" ? fallback : parseJsonText(text, schema);
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, surface: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || surface;
    throw new ApiError(`bad_request:${surface}`, `${where}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}
