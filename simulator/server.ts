import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from "@opentelemetry/api";
import { Pool, type PoolClient } from "pg";
import { tracer } from "../observability/tracing";
import { SimulatorControls } from "./controls";
import { FaultBoard, hang, injectAfterCommit, injectBefore, type Injected } from "./faults";
import { HttpError, problem, readJson, sendReply, type Reply } from "./http";
import type { Route } from "./route";
import { simulatorRoutes } from "./routes";

export type SimulatorOptions = {
  port: number;
  databaseUrl: string;
  host?: string;
  /** The ledger's idempotency key window in ms; unset keeps every key forever. */
  ledgerKeyWindowMs?: number | null;
};

export type RunningSimulator = { url: string; port: number; close(): Promise<void> };

/**
 * Serves the bank systems (limits, history, antifraud, ledger, cards) over HTTP, with
 * per-system call counters and fault injection under `/_admin`.
 */
export async function startSimulator(opts: SimulatorOptions): Promise<RunningSimulator> {
  const host = opts.host ?? "127.0.0.1";
  const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
  pool.on("error", (error) => console.error("simulator pg pool error", error.message));
  const connections = trackConnections(pool);
  const board = new FaultBoard();
  const controls = new SimulatorControls(opts.ledgerKeyWindowMs ?? null);
  const routes = simulatorRoutes(board, controls);

  const server = createServer((req, res) => {
    const request = serverSpan(req, res);
    context
      .with(request, () => handleRequest(req, res, routes, board, pool, controls))
      .catch((error: unknown) => {
        console.error("simulator request failed", error);
        sendReply(res, problem("internal:simulator", "internal error"));
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopped;
      await endPool(pool, connections);
    })();
    return closing;
  };

  return { url: `http://${urlHost}:${port}`, port, close };
}

/** The pool's open connections; `pool.end()` resolves before their sockets close. */
function trackConnections(pool: Pool): Map<PoolClient, Promise<void>> {
  const open = new Map<PoolClient, Promise<void>>();
  pool.on("connect", (client) => {
    open.set(client, new Promise<void>((resolve) => client.once("end", () => resolve())));
    client.once("end", () => open.delete(client));
  });
  return open;
}

async function endPool(pool: Pool, connections: Map<PoolClient, Promise<void>>): Promise<void> {
  const closed = [...connections.values()];
  await pool.end();
  await Promise.all(closed);
}

/**
 * The request's server span, continuing the caller's trace when it sent a W3C
 * `traceparent` (only then: nothing else in this process can make it a child), and ended
 * when the answer is sent or the caller goes away. Its name is the route's template
 * (`POST /ledger/refunds`); paths with customer ids are never recorded.
 */
function serverSpan(req: IncomingMessage, res: ServerResponse): Context {
  const method = req.method ?? "GET";
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { "http.request.method": method } }, parent);
  res.once("close", () => {
    span.setAttribute("http.response.status_code", res.statusCode);
    if (!res.writableFinished) span.setAttribute("simulator.aborted", true);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  return trace.setSpan(parent, span);
}

/** A route's path pattern as a template: `/limits/customers/{customerId}`. */
export const routeTemplate = (path: RegExp) =>
  path.source
    .replace(/\(\?<(\w+)>[^)]*\)/g, "{$1}")
    .replace(/^\^|\$$/g, "")
    .replace(/\\/g, "");

function matchRoute(routes: Route[], method: string, pathname: string) {
  let pathMatched = false;
  for (const route of routes) {
    const match = route.path.exec(pathname);
    if (!match) continue;
    pathMatched = true;
    if (route.method === method) return { route, params: { ...match.groups } };
  }
  return { pathMatched };
}

async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  routes: Route[],
  board: FaultBoard,
  pool: Pool,
  controls: SimulatorControls,
): Promise<void> {
  const controller = new AbortController();
  res.once("close", () => controller.abort());
  const signal = controller.signal;

  const url = new URL(req.url ?? "/", "http://simulator.local");
  const found = matchRoute(routes, req.method ?? "GET", url.pathname);
  if (!("route" in found) || !found.route) {
    const reply = found.pathMatched
      ? problem("not_found:route", `${req.method} is not served on ${url.pathname}`)
      : problem("not_found:route", `no route for ${url.pathname}`);
    return sendReply(res, reply);
  }
  const { route, params } = found;
  const span = trace.getActiveSpan();
  span?.updateName(`${route.method} ${routeTemplate(route.path)}`);
  span?.setAttributes({ "http.route": routeTemplate(route.path), ...(route.system ? { "bank.system": route.system } : {}) });

  const fault = route.system ? (route.read ? board.current(route.system) : board.arrive(route.system)) : undefined;
  if (route.system) {
    const injected = await injectBefore(fault, route.system, signal);
    if (injected) {
      span?.setAttribute("simulator.fault", "before");
      return answer(res, injected, signal);
    }
  }

  let reply: Reply;
  try {
    const body = route.method === "POST" ? await readJson(req, route.surface) : undefined;
    reply = await route.handle({
      pool,
      params: decodeParams(params as Record<string, string>, route.surface),
      query: url.searchParams,
      headers: req.headers,
      body,
      signal,
      controls,
      staleRead: route.read && fault?.staleReads,
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    reply = error.reply;
  }

  const lost =
    route.system && route.method === "POST" && (route.system === "ledger" || route.system === "cards") ? injectAfterCommit(fault, route.system) : undefined;
  if (lost) span?.setAttribute("simulator.fault", "after_commit");
  return answer(res, lost ?? reply, signal);
}

async function answer(res: ServerResponse, injected: Injected, signal: AbortSignal): Promise<void> {
  if (injected === "hang") return hang(signal);
  sendReply(res, injected);
}

function decodeParams(params: Record<string, string>, surface: string): Record<string, string> {
  try {
    return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    throw new HttpError(problem(`bad_request:${surface}`, "malformed path parameter"));
  }
}

/** The environment that points the app's bank clients at a simulator. */
export function bankSystemsEnv(simulatorUrl: string) {
  return {
    LIMITS_URL: `${simulatorUrl}/limits`,
    HISTORY_URL: `${simulatorUrl}/history`,
    ANTIFRAUD_URL: `${simulatorUrl}/antifraud`,
    LEDGER_URL: `${simulatorUrl}/ledger`,
    CARDS_URL: `${simulatorUrl}/cards`,
  };
}
