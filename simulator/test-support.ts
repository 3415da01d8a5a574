import { openDatabase } from "../db/client";
import { resetDatabase, seedDemoData } from "../db/seed";

export const TENANT = "demo-bank";

/** The simulator started by the integration global setup. */
export function simulatorUrl(): string {
  const url = process.env.SIMULATOR_URL;
  if (!url) throw new Error("SIMULATOR_URL is not set: run with `vitest --project int`");
  return url;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer of any shape: each caller checks the fields it reads
export type Answer = { status: number; body: any; headers: Headers; ms: number };

/** One JSON call to the simulator, timed. */
export async function call(
  path: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${simulatorUrl()}${path}`, {
    method: init.method ?? (init.body === undefined && init.rawBody === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...init.headers },
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    signal: init.signal,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers, ms: performance.now() - started };
}

export function setFault(fault: Record<string, unknown>): Promise<Answer> {
  return call("/_admin/faults", { body: fault });
}

/**
 * A database handle for the test file's own reads and fixtures (as the owner, past row-level
 * security), one as the application role for the code under test (`app`), plus a fresh seed and
 * a clean simulator.
 */
export function testDatabase() {
  const handles = openDatabase(process.env.DATABASE_OWNER_URL ?? process.env.DATABASE_URL!, 3);
  const app = openDatabase(process.env.DATABASE_URL!, 6);
  // Test files end `pool` when they are done; the app role's pool goes with it.
  const endOwner = handles.pool.end.bind(handles.pool);
  handles.pool.end = (async () => {
    await Promise.all([endOwner(), app.pool.end()]);
  }) as typeof handles.pool.end;
  return {
    ...handles,
    app,
    async freshStart() {
      await resetDatabase(handles.db);
      await seedDemoData(handles.db);
      const reset = await call("/_admin/reset", { method: "POST" });
      if (reset.status !== 200) throw new Error(`simulator reset answered ${reset.status}`);
    },
  };
}
