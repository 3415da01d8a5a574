import { context, propagation, SpanKind, type Span } from "@opentelemetry/api";
import { metrics } from "@/observability/metrics";
import { defined, inSpan } from "@/observability/tracing";

/** A bank system answered with an error status, or not at all. */
export class BankSystemError extends Error {
  constructor(
    readonly system: string,
    readonly status: number | null,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "BankSystemError";
  }
}

export type JsonRequest = {
  system: string;
  url: string;
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  /** The run's signal: aborting the run aborts the call. */
  signal?: AbortSignal;
};

export type JsonResponse<T> = { status: number; body: T; headers: Headers };

/**
 * One HTTP exchange with JSON both ways; any status >= 400 throws BankSystemError. Each
 * call is counted by system and outcome (ok, error, unreachable, aborted), and traced: a
 * client span `bank.<system>` whose W3C `traceparent` goes with the request, so the bank's
 * system can continue the trace. The span holds the system, method, server and status,
 * never the URL (it names the customer) or a body.
 */
export async function requestJson<T>(req: JsonRequest): Promise<JsonResponse<T>> {
  const method = req.method ?? "GET";
  const url = URL.canParse(req.url) ? new URL(req.url) : undefined;
  const attributes = defined({
    "bank.system": req.system,
    "http.request.method": method,
    "server.address": url?.hostname,
    "server.port": url ? Number(url.port || (url.protocol === "https:" ? 443 : 80)) : undefined,
  });
  return inSpan(`bank.${req.system}`, { kind: SpanKind.CLIENT, attributes }, (span) => exchange<T>(req, method, span));
}

async function exchange<T>(req: JsonRequest, method: string, span: Span): Promise<JsonResponse<T>> {
  const count = (outcome: "ok" | "error" | "unreachable" | "aborted") => {
    metrics().bankCalls.inc({ system: req.system, outcome });
    span.setAttribute("bank.outcome", outcome);
  };
  const headers: Record<string, string> = { accept: "application/json", ...(req.body ? { "content-type": "application/json" } : {}), ...req.headers };
  propagation.inject(context.active(), headers);
  let res: Response;
  try {
    res = await fetch(req.url, {
      method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: req.signal,
    });
  } catch (error) {
    count(req.signal?.aborted ? "aborted" : "unreachable");
    if (req.signal?.aborted) throw error;
    throw new BankSystemError(req.system, null, `${req.system} unreachable: ${(error as Error).message}`);
  }
  span.setAttribute("http.response.status_code", res.status);
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  count(res.status >= 400 ? "error" : "ok");
  if (res.status >= 400) {
    throw new BankSystemError(req.system, res.status, `${req.system} answered ${res.status}`, body);
  }
  return { status: res.status, body: body as T, headers: res.headers };
}
