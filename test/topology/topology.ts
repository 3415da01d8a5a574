/**
 * The deployment of docker-compose.yml as processes: one Postgres (embedded), migrated once
 * before any instance starts, the bank-systems simulator, two app instances (the standalone
 * server of the production build, which the container image runs) and a round-robin proxy in
 * front of them.
 */
import type { Pool } from "pg";
import { bankSystemsEnv } from "../../simulator/server";
import { buildIfStale } from "../../scripts/build";
import type { ApiTarget } from "../../scripts/chaos/api";
import { within } from "../../scripts/chaos/deadline";
import { AppProcess, startStack, type Stack } from "../../scripts/chaos/processes";
import { startRoundRobinProxy, type RoundRobinProxy } from "./proxy";
import { LOAD_GENERATOR_BUDGETS } from "../../scripts/load-budgets";

export type Topology = {
  stack: Stack;
  pool: Pool;
  a: AppProcess;
  b: AppProcess;
  proxy: RoundRobinProxy;
  /** The proxy as a target for API sessions: always up, whichever instance is. */
  viaProxy: ApiTarget;
  stop(): Promise<void>;
};

const log = (line: string) => console.log(`[topology] ${line}`);

/** How long stopping the database and the simulator may take. */
const STOP_MS = 60_000;

export async function startTopology(): Promise<Topology> {
  buildIfStale(log);
  // Migrations (and the demo data) run here, once; the instances never migrate.
  const stack = await startStack("pg-topology");
  const env = {
    DEMO_DATA: "1",
    DATABASE_URL: stack.databaseUrl,
    ...bankSystemsEnv(stack.simulator.url),
    // A refund whose ledger answer hangs stays in flight until the test kills its instance.
    LEDGER_TIMEOUT_MS: "60000",
    RECOVERY_INTERVAL_MS: "500",
    // Each instance writes what it measured every second, so the ops summary sees both soon.
    OPS_SAMPLE_INTERVAL_MS: "1000",
    // The tests' customers and sign-ins all come from 127.0.0.1 through one proxy, many a minute.
    ...LOAD_GENERATOR_BUDGETS,
  };
  const a = await AppProcess.create(env, "topology-a.log", "standalone");
  const b = await AppProcess.create(env, "topology-b.log", "standalone");
  const killNow = () => {
    a.killNow();
    b.killNow();
  };
  process.on("exit", killNow);
  // Both starts end (each within its deadline) before a failure is reported, which names every instance that did not come up.
  const [aStart, bStart] = await Promise.allSettled([a.start(), b.start()]);
  if (aStart.status === "rejected" || bStart.status === "rejected") {
    const failures = [aStart, bStart].flatMap((s, i) => (s.status === "rejected" ? [`instance ${"AB"[i]}: ${(s.reason as Error).message}`] : []));
    log(failures.join("; "));
    killNow();
    await within(STOP_MS, "the database and the simulator did not stop", () => stack.stop());
    throw new Error(failures.join("; "));
  }
  log(`instance A at ${a.url} healthy in ${aStart.value} ms (log ${a.logFile}), B at ${b.url} in ${bStart.value} ms (log ${b.logFile})`);
  const proxy = await startRoundRobinProxy([a.url, b.url]);
  log(`proxy at ${proxy.url}`);
  return {
    stack,
    pool: stack.pool,
    a,
    b,
    proxy,
    viaProxy: { url: proxy.url, up: true, whenUp: async () => true },
    async stop() {
      await proxy.close();
      await Promise.all([a.kill(), b.kill()]);
      process.off("exit", killNow);
      await within(STOP_MS, "the database and the simulator did not stop", () => stack.stop());
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer of any shape: each caller checks the fields it reads
export type ServerEvent = { event: string; data: any };

/** An open Server-Sent Events stream: its events so far, and a wait for the next one that matches. */
export type EventStream = {
  events: ServerEvent[];
  waitFor(match: (e: ServerEvent) => boolean, timeoutMs: number): Promise<ServerEvent | undefined>;
  close(): void;
};

function parseEvent(block: string): ServerEvent | undefined {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) return { event: "comment", data: line.slice(1).trim() };
    if (line.startsWith("event:")) event = line.slice(6).trim();
    if (line.startsWith("data:")) data.push(line.slice(5).trim());
  }
  if (data.length === 0) return undefined;
  const text = data.join("\n");
  try {
    return { event, data: JSON.parse(text) };
  } catch {
    return { event, data: text };
  }
}

/**
 * Opens `url` as an event stream with the given session; resolves once the first block has
 * arrived (the console's stream sends `ready` once it listens for changes), and fails
 * when the answer or its first block does not arrive within `firstBlockMs` (a stream held
 * back on its way, say).
 */
export async function openEventStream(url: string, cookie: string, init: RequestInit = {}, firstBlockMs = 60_000): Promise<EventStream> {
  const abort = new AbortController();
  const headersBy = setTimeout(() => abort.abort(new Error(`${url}: no answer within ${firstBlockMs} ms`)), firstBlockMs);
  const res = await fetch(url, {
    ...init,
    headers: { accept: "text/event-stream", cookie, ...(init.headers as Record<string, string>) },
    signal: abort.signal,
  }).finally(() => clearTimeout(headersBy));
  if (res.status !== 200 || !res.body)
    throw new Error(`${url} answered ${res.status}: ${await within(firstBlockMs, `${url}'s refusal was not read`, () => res.text())}`);
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let firstBlock!: () => void;
  const started = new Promise<void>((resolve) => (firstBlock = resolve));
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const parsed = parseEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (parsed) events.push(parsed);
          firstBlock();
          for (const wake of waiters) wake();
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) events.push({ event: "stream_error", data: (error as Error).message });
    } finally {
      ended = true;
      firstBlock();
      for (const wake of waiters) wake();
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), firstBlockMs)));
  const first = await Promise.race([started, late]);
  clearTimeout(timer);
  if (first === "late") {
    abort.abort();
    throw new Error(`${url}: the stream sent nothing within ${firstBlockMs} ms`);
  }
  return {
    events,
    async waitFor(match, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found || ended || Date.now() >= deadline) return found;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, deadline - Date.now());
          waiters.add(wake);
        });
      }
    },
    close: () => abort.abort(),
  };
}
