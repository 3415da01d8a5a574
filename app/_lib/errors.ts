/** Error codes read "type:surface"; the status comes from the type. */
const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  rate_limited: 429,
  unavailable: 503,
  timeout: 504,
  internal: 500,
} as const;

export type ErrorType = keyof typeof STATUS;
export type ErrorCode = `${ErrorType}:${string}`;

const MESSAGES: Record<ErrorType, string> = {
  bad_request: "The request is not valid.",
  unauthorized: "Please sign in.",
  forbidden: "You are not allowed to do this.",
  not_found: "Not found.",
  conflict: "This was changed by someone else or is no longer possible.",
  payload_too_large: "The request is too large.",
  unsupported_media_type: "Send JSON.",
  unprocessable: "The request cannot be processed.",
  too_many_requests: "Too many requests. Try again later.",
  rate_limited: "Too many requests. Try again later.",
  unavailable: "A system we depend on is not answering. Try again shortly.",
  timeout: "This is taking longer than we wait. Try again shortly.",
  internal: "Something went wrong on our side.",
};

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
    /** Headers the answer carries (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? MESSAGES[code.split(":")[0] as ErrorType] ?? "Error");
    this.name = "ApiError";
  }

  get status(): number {
    return STATUS[this.code.split(":")[0] as ErrorType] ?? 500;
  }

  toResponse(): Response {
    return Response.json({ code: this.code, message: this.message, ...this.details }, { status: this.status, headers: this.headers });
  }
}
