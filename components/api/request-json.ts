import { isBudget, overBudgetLine } from "@/vocabulary/budgets";

/** The API's error body: `{code: "type:surface", message}`, sometimes with details. */
export type ApiErrorBody = { code: string; message: string } & Record<string, unknown>;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: ApiErrorBody | null = null,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

const NETWORK_MESSAGE = "Could not reach the bank's server. Check your connection and try again.";

/** A refusal's status and body text as an ApiRequestError carrying the server's code and message. */
export function apiErrorOf(status: number, text: string): ApiRequestError {
  let body: Partial<ApiErrorBody> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    body = parsed && typeof parsed === "object" ? (parsed as Partial<ApiErrorBody>) : null;
  } catch {
    body = null;
  }
  const code = typeof body?.code === "string" ? body.code : `http:${status}`;
  const message = typeof body?.message === "string" ? body.message : `The server answered with status ${status}.`;
  return new ApiRequestError(status, code, message, body ? ({ ...body, code, message } as ApiErrorBody) : null);
}

/** Turns a failed response into an ApiRequestError carrying the server's code and message. */
export async function readApiError(res: Response): Promise<ApiRequestError> {
  return apiErrorOf(res.status, await res.text().catch(() => ""));
}

export function networkError(): ApiRequestError {
  return new ApiRequestError(0, "network:fetch", NETWORK_MESSAGE);
}

type RequestOptions = { method?: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown; signal?: AbortSignal };

/**
 * Calls the JSON API with the session cookie; a 4xx or 5xx throws an ApiRequestError.
 * Every request that changes something is sent as JSON (`{}` when there is no input):
 * the server refuses any other media type.
 */
export async function requestJson<T>(url: string, { method = "GET", body, signal }: RequestOptions = {}): Promise<T> {
  const reads = method === "GET";
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      signal,
      cache: "no-store",
      credentials: "same-origin",
      headers: reads ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: reads ? undefined : JSON.stringify(body ?? {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  if (!res.ok) throw await readApiError(res);
  return (await res.json()) as T;
}

/**
 * The words to show a person for any failure. A spent budget is told in the app's own words
 * with the wait the server gave (Retry-After, repeated in the body), whatever the server wrote.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const body = error.body;
    if (error.code.startsWith("rate_limited:") && isBudget(body?.budget) && typeof body.retryAfterSeconds === "number")
      return overBudgetLine(body.budget, body.retryAfterSeconds);
    return error.message;
  }
  if (error instanceof Error && error.name === "AbortError") return "The request was cancelled.";
  return "Something went wrong. Please try again.";
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}
