import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import { errorBody } from "@/app/api/schema";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Response = ZodOpenApiResponseObject;

/** One operation of the API, described by the same zod schemas its route parses with. */
export type Operation = {
  summary: string;
  description?: string;
  /** The group the reference page shows it in; by default the path's first segment after /api. */
  tag?: string;
  /** Answers without a session (sign-in, health, this document). */
  public?: true;
  /** Ways in besides the session, by security scheme name (the metrics' bearer token). */
  alsoBy?: string[];
  path?: z.ZodObject;
  query?: z.ZodObject;
  /** The JSON body; `optional` when an empty body is accepted too. */
  body?: z.ZodType;
  bodyOptional?: true;
  responses: Record<number, Response>;
  /** Errors this operation answers beyond those every route may, each with what it means here. */
  errors?: Record<number, string>;
};

/** A JSON answer. */
export function json(schema: z.ZodType, description: string, extra: Partial<Response> = {}): Response {
  return { description, content: { "application/json": { schema } }, ...extra };
}

/** A plain-text answer. */
export function plainText(description: string, mediaType = "text/plain"): Response {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** A stream of Server-Sent Events. */
export function eventStream(description: string): Response {
  return { description, content: { "text/event-stream": { schema: z.string() } } };
}

export function errorResponse(description: string): Response {
  return json(errorBody, description);
}

/** Errors any route may answer, by the kind of request; registered once as components. */
const COMMON = {
  400: {
    id: "BadRequest",
    description:
      "`bad_request:<surface>`: a path id, query or body that is not valid, or a body that is not JSON (`bad_request:json`) or not UTF-8 (`bad_request:encoding`). Nothing was changed.",
  },
  401: {
    id: "Unauthorized",
    description:
      "No session (`unauthorized:session`), a malformed or unknown one (`unauthorized:session_invalid`), one past its lifetime (`unauthorized:session_expired`), or one whose user's role changed (`unauthorized:session_role_changed`).",
  },
  403: {
    id: "Forbidden",
    description: "`forbidden:role`: this route is not for the signed-in user's role. `forbidden:origin`: a browser sent this write for another website.",
  },
  413: { id: "PayloadTooLarge", description: "`payload_too_large:body`: the body passed 16 KB." },
  415: { id: "UnsupportedMediaType", description: "`unsupported_media_type:body`: a write that is not `content-type: application/json`." },
  429: {
    id: "RateLimited",
    description:
      "`rate_limited:address`: a request without a session (or with one that opens none) past ADDRESS_REQUESTS_PER_MINUTE (300) from its client address in this minute. `Retry-After` says how many seconds until the next minute; the body repeats it as retryAfterSeconds and names the budget. Nothing was done.",
  },
  500: { id: "InternalError", description: "`internal:server`: something failed on the server; the details are in its log, never in the answer." },
} as const;

/** One object per status: the library registers a component by its identity. */
const COMMON_RESPONSES = Object.fromEntries(
  Object.entries(COMMON).map(([status, { id, description }]) => [status, { ...errorResponse(description), id }]),
) as Record<keyof typeof COMMON, Response>;

/** The statuses `route()` and the session may answer for this operation, whatever the handler does. */
function commonStatuses(method: Method, op: Operation): (keyof typeof COMMON)[] {
  const write = method !== "get";
  return [
    ...(op.path || op.query || op.body ? [400 as const] : []),
    ...(op.public ? [] : [401 as const]),
    ...(write || !op.public ? [403 as const] : []),
    ...(op.body ? [413 as const] : []),
    ...(write ? [415 as const] : []),
    429 as const,
    500 as const,
  ];
}

function operation(method: Method, op: Operation): ZodOpenApiOperationObject {
  const responses: Record<string, Response> = {};
  for (const status of commonStatuses(method, op)) responses[status] = COMMON_RESPONSES[status];
  for (const [status, description] of Object.entries(op.errors ?? {})) responses[status] = errorResponse(description);
  for (const [status, response] of Object.entries(op.responses)) responses[status] = response;
  return {
    summary: op.summary,
    description: op.description,
    ...(op.tag ? { tags: [op.tag] } : {}),
    ...(op.public ? { security: [] } : {}),
    ...(op.alsoBy ? { security: [{ session: [] }, ...op.alsoBy.map((scheme) => ({ [scheme]: [] }))] } : {}),
    requestParams: { ...(op.path && { path: op.path }), ...(op.query && { query: op.query }) },
    requestBody: op.body && { required: !op.bodyOptional, content: { "application/json": { schema: op.body } } },
    responses,
  };
}

/** Paths to operations: `{"/api/x/{id}": {get: {...}, post: {...}}}`, one entry per operation. */
export type Paths = Record<string, Partial<Record<Method, Operation>>>;

/** The document's paths, each operation with the errors every route of its kind may answer. */
export function api(paths: Paths): ZodOpenApiPathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, methods]) => [path, Object.fromEntries(Object.entries(methods).map(([m, op]) => [m, operation(m as Method, op)]))]),
  );
}
