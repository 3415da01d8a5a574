import { z } from "zod";
import { database } from "@/db/client";
import { getAgent } from "./agent";
import { ApiError } from "./errors";

const MAX_BODY_BYTES = 16 * 1024;

type Ctx<P> = { params: Promise<P> };
type Handler<P> = (req: Request, params: P) => Promise<Response>;

/** Wraps a route handler: every failure becomes `{code, message}` with its status. */
export function route<P = Record<string, never>>(handler: Handler<P>) {
  return async (req: Request, ctx: Ctx<P>): Promise<Response> => {
    try {
      return await handler(req, await ctx.params);
    } catch (error) {
      if (error instanceof ApiError) return error.toResponse();
      console.error(`${req.method} ${new URL(req.url).pathname} failed`, error);
      return new ApiError("internal:server").toResponse();
    }
  };
}

/** Reads a JSON body of bounded size and validates it; bad input is a 4xx, never a 500. */
export async function parseBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.infer<T>> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) throw new ApiError("unsupported_media_type:body");
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large:body");
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError("payload_too_large:body");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError("bad_request:json", "The body is not valid JSON.");
  }
  return parseWith(schema, json, "body");
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

export const idParam = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);

/** The shared handles a route needs. */
export function services() {
  return { db: database().db, agent: getAgent() };
}
