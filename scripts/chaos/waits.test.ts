import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../db/embedded";
import { ApiSession } from "./api";
import { fetchWithin, within } from "./deadline";
import { Journal } from "./journal";
import { AppProcess } from "./processes";
import { sleep } from "./rng";

const dirs: string[] = [];
const servers: Server[] = [];
const apps: AppProcess[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.kill();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "chaos-waits-"));
  dirs.push(dir);
  return dir;
}

/** A server that takes every request and never answers it. */
async function silentServer(): Promise<string> {
  const server = createServer(() => undefined);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A stand-in for the app: a process on PORT that answers /api/health 200 once `marker`
 * exists and never answers before.
 */
async function fakeApp(marker: string): Promise<AppProcess> {
  const code = `
    const { existsSync } = require("node:fs");
    require("node:http")
      .createServer((req, res) => { if (existsSync(${JSON.stringify(marker)})) res.end("{}"); })
      .listen(Number(process.env.PORT), "127.0.0.1");`;
  const app = new AppProcess(await freePort(), {}, path.join(scratch(), "app.log"), { command: process.execPath, args: ["-e", code] });
  apps.push(app);
  return app;
}

describe("the harness's waits", () => {
  it("a wait that never ends fails by its deadline, naming what it waited for, and aborts its signal", async () => {
    let signal: AbortSignal | undefined;
    const started = Date.now();
    const never = within(200, "the fake did not answer", (s) => {
      signal = s;
      return new Promise<never>(() => undefined);
    });
    await expect(never).rejects.toThrow("chaos: the fake did not answer within 0.2 s");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(signal?.aborted).toBe(true);
  });

  it("a request to a server that never answers fails by its deadline, naming the request", async () => {
    const url = await silentServer();
    await expect(fetchWithin(`${url}/_admin/faults`, 300, { method: "DELETE" })).rejects.toThrow(
      `chaos: DELETE ${url}/_admin/faults got no complete answer within 0.3 s`,
    );
  });

  it("a campaign request to a server that never answers comes back without an answer, naming the request and its deadline", async () => {
    const url = await silentServer();
    const session = new ApiSession({ url, up: true, whenUp: async () => true }, new Journal(), "alice");
    const res = await session.call("GET", "/api/threads/t1", undefined, { timeoutMs: 300 });
    expect(res).toMatchObject({ status: 0, error: "timeout" });
    expect(res.waited).toBe(`chaos: GET /api/threads/t1 as alice got no complete answer from ${url} within 0.3 s (attempt 1)`);
  });

  it("a start whose app never answers /api/health fails by its deadline, naming the port, the start and the last answer", async () => {
    const app = await fakeApp(path.join(scratch(), "never"));
    const started = Date.now();
    await expect(app.start(1_500, "kill 78")).rejects.toThrow(
      new RegExp(
        `^chaos: app on :${app.port} did not answer /api/health with 200 within 1.5 s \\(start 1, after kill 78; last answer: [^;]+, then none for [\\d.]+ s; its log is `,
      ),
    );
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(app.up).toBe(false);
  });

  it("a caller waiting while the app is down goes on as soon as a later start brings it up, after a start that failed", async () => {
    const marker = path.join(scratch(), "healthy");
    const app = await fakeApp(marker);
    const waiting = app.whenUp(30_000);
    await expect(app.start(1_000, "kill 1")).rejects.toThrow();
    await app.kill();
    writeFileSync(marker, "");
    await app.start(10_000, "kill 1");
    expect(existsSync(marker)).toBe(true);
    expect(await Promise.race([waiting, sleep(3_000).then(() => "still waiting")]), "the caller that waited through the failed start").toBe(true);
    expect(await app.whenUp(0)).toBe(true);
  });

  it("a caller waiting for an app that is abandoned stops waiting at once", async () => {
    const app = await fakeApp(path.join(scratch(), "never"));
    const waiting = app.whenUp(30_000);
    app.abandon();
    expect(await Promise.race([waiting, sleep(1_000).then(() => "still waiting")])).toBe(false);
  });
});
