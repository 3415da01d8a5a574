import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";

/** What a handler answers; the server writes it. */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

const STATUS_BY_TYPE: Record<string, number> = {
  bad_request: 400,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  internal: 500,
  unavailable: 503,
  timeout: 504,
};

/** An error answer `{ code: "type:surface", message }`; the status comes from the type. */
export function problem(code: string, message: string): Reply {
  const status = STATUS_BY_TYPE[code.split(":")[0] ?? ""] ?? 500;
  return { status, body: { code, message } };
}

/** Thrown by handlers to answer with an error reply. */
export class HttpError extends Error {
  constructor(readonly reply: Reply) {
    super(String((reply.body as { message?: string }).message));
  }
}

export function ok(body: unknown, status = 200, headers?: Record<string, string>): Reply {
  return { status, body, headers };
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}

const MAX_BODY_BYTES = 64 * 1024;

/** Reads and parses a JSON body (empty is undefined); malformed or oversized bodies become a 400/413. */
export async function readJson(req: IncomingMessage, surface: string): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(problem(`too_large:${surface}`, "request body too large"));
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(problem(`bad_request:${surface}`, "request body is not valid JSON"));
  }
}

/** Validates input against a zod schema or throws a 400 `bad_request:<surface>`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, surface: string): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");
  throw new HttpError(problem(`bad_request:${surface}`, detail));
}
