import { database, isDatabaseUnavailable } from "@/db/client";
import { tenantScope } from "@/db/tenant-context";
import { failureFields, log } from "@/observability/log";
import { metrics, stopwatch, type Stopwatch } from "@/observability/metrics";
import { getAgent } from "./agent";
import { spendAddress } from "./budgets";
import { ApiError } from "./errors";
import { checkOrigin, isSafeMethod } from "./origin";
import { requireJsonMediaType } from "./request-body";
import { inRequestScope, type RequestScope } from "./request-scope";
import { routeTemplate } from "./route-template";
import { readSessionCookie } from "./session-cookie";
import { apiHeaders } from "./security-headers";

type Ctx<P> = { params: Promise<P> };
type Handler<P> = (req: Request, params: P) => Promise<Response>;

/** Marks the handlers `route()` made, so a test can prove every API handler passes through it. */
export const GUARDED = Symbol.for("bank.route.guarded");

/** Routes that load balancers and scrapers call every few seconds: their requests log at debug. */
const PROBES = new Set(["/api/health", "/api/metrics"]);

/**
 * Wraps a route handler. Before it runs, a state-changing request must come from the
 * app's own pages (or a server) and be declared JSON, even when the route takes no
 * input: a cross-site form or no-cors fetch cannot send `application/json`, so this is
 * a second wall behind the Origin check. A request without a session spends one of its
 * client address's requests per minute (past them: 429 before the handler runs). Every failure becomes `{code, message}` with
 * its status (no database connection within the pool's timeout: 503), and every answer
 * carries the API's security headers. Every request is logged (`http.request`: route
 * template, method, status, latency, role) and measured.
 */
export function route<P = Record<string, never>>(handler: Handler<P>) {
  const guarded = async (req: Request, ctx: Ctx<P>): Promise<Response> => {
    const timer = stopwatch();
    const noted: RequestScope = {};
    let res: Response;
    let failure: unknown;
    try {
      if (!isSafeMethod(req.method)) {
        checkOrigin(req);
        requireJsonMediaType(req);
      }
      const params = await ctx.params;
      // The request acts for no tenant until its session names one (requireUser).
      res = await tenantScope(async () => {
        if (readSessionCookie(req.headers.get("cookie")).kind !== "token") await spendAddress(database().db, req);
        return inRequestScope(noted, () => handler(req, params));
      });
    } catch (error) {
      if (error instanceof ApiError) {
        res = error.toResponse();
      } else if (isDatabaseUnavailable(error)) {
        failure = error;
        res = new ApiError("unavailable:database").toResponse();
      } else {
        failure = error;
        res = new ApiError("internal:server").toResponse();
      }
    }
    for (const [name, value] of Object.entries(apiHeaders())) res.headers.set(name, value);
    await logRequest(req, res.status, timer, noted, failure);
    return res;
  };
  return Object.assign(guarded, { [GUARDED]: true });
}

/** One `http.request` event and one observation per request; an unexpected failure logs its class, scrubbed message and frames. */
async function logRequest(req: Request, status: number, timer: Stopwatch, noted: RequestScope, failure: unknown) {
  const template = await routeTemplate(new URL(req.url).pathname);
  metrics().httpRequestDuration.observe({ route: template, method: req.method, status: String(status) }, timer.seconds());
  const event = { event: "http.request", route: template, method: req.method, status, latencyMs: timer.ms(), role: noted.role ?? "anonymous" };
  if (failure !== undefined) log().error({ ...event, ...failureFields(failure) });
  else log()[PROBES.has(template) ? "debug" : "info"](event);
}

/** The shared handles a route needs. */
export function services() {
  return { db: database().db, agent: getAgent() };
}
