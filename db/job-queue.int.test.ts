/**
 * The job queue's guarantees across two app instances, each a process of its own on one
 * Postgres: a periodic job runs once per interval whichever instances offer it, a job whose
 * worker is SIGKILLed runs again on the other instance, and a failing job is retried with a
 * growing delay.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { createJobQueue, installJobQueue, type JobQueue } from "./job-queue";
import { APP_ROLE } from "./migrate";
import { until } from "../test/wait-for";

const PROBES = {
  probe_periodic: { retryLimit: 0, expireInSeconds: 30 },
  probe_lost: { retryLimit: 2, retryDelay: 0, expireInSeconds: 2 },
  probe_flaky: { retryLimit: 3, retryDelay: 1, retryBackoff: true, expireInSeconds: 30 },
};

type Line = { event: string; jobId: string; at: number; pid: number };

/** One instance's queue in its own process; its stdout lines are collected as they come. */
class Instance {
  readonly lines: Line[] = [];
  readonly process: ChildProcess;
  constructor(order: object) {
    this.process = spawn(process.execPath, ["--import", "tsx", "test/queue-worker.ts", JSON.stringify(order)], {
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let buffered = "";
    this.process.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) if (line.startsWith("{")) this.lines.push(JSON.parse(line) as Line);
    });
  }
  saw(event: string, jobId?: string) {
    return this.lines.some((l) => l.event === event && (jobId === undefined || l.jobId === jobId));
  }
  ready() {
    return until(`queue worker ${this.process.pid} ready`, () => this.saw("ready"), 30_000);
  }
  kill() {
    this.process.kill("SIGKILL");
  }
}

const owner = openDatabase(process.env.DATABASE_OWNER_URL ?? process.env.DATABASE_URL!, 2);
let sender: JobQueue;
let running: Instance[] = [];
const start = (order: object) => {
  const instance = new Instance(order);
  running.push(instance);
  return instance;
};

beforeAll(async () => {
  await installJobQueue(owner.pool, APP_ROLE, PROBES);
  await owner.pool.query(`delete from jobs.job where name like 'probe_%'`);
  sender = createJobQueue(process.env.DATABASE_URL!);
});

afterEach(() => {
  for (const instance of running) instance.kill();
  running = [];
});

afterAll(async () => {
  await sender.stop({ graceful: false });
  await owner.pool.end();
});

describe("the job queue across two instances", () => {
  it("runs a periodic job once per interval, however many instances offer it", async () => {
    const a = start({ queue: "probe_periodic", mode: "periodic", intervalMs: 1000 });
    const b = start({ queue: "probe_periodic", mode: "periodic", intervalMs: 1000 });
    await Promise.all([a.ready(), b.ready()]);
    const from = Date.now();
    await new Promise((r) => setTimeout(r, 6_000));
    const runs = [...a.lines, ...b.lines].filter((l) => l.event === "done" && l.at >= from).sort((x, y) => x.at - y.at);
    // Six seconds hold six one-second intervals, and part of a seventh at each end.
    expect(runs.length, "runs in six seconds").toBeGreaterThanOrEqual(5);
    expect(runs.length, "runs in six seconds").toBeLessThanOrEqual(7);
    const { rows } = await owner.pool.query<{ slots: string; jobs: string }>(
      `select count(distinct singleton_on) as slots, count(*) as jobs from jobs.job where name = 'probe_periodic'`,
    );
    expect(Number(rows[0]!.jobs), "jobs made, one per interval though both instances offered each").toBe(Number(rows[0]!.slots));
  }, 60_000);

  it("runs a job again on the other instance when its worker is SIGKILLed mid-job", async () => {
    const first = start({ queue: "probe_lost", mode: "hang" });
    await first.ready();
    const jobId = (await sender.send("probe_lost", { n: 1 }))!;
    await until("the first instance takes the job", () => first.saw("started", jobId), 20_000);
    first.kill();
    const second = start({ queue: "probe_lost", mode: "flaky", failTimes: 0 });
    await second.ready();
    // The job stays active until it expires (2 s); the queue's maintenance then fails it and it runs again.
    await until("the second instance finishes the job", () => second.saw("done", jobId), 45_000);
    await until("the job completed", async () => (await sender.job("probe_lost", jobId))?.state === "completed", 10_000);
    const job = (await sender.job("probe_lost", jobId))!;
    expect(job.retryCount, "runs after the first").toBe(1);
  }, 90_000);

  it("retries a failing job with a growing delay until it succeeds", async () => {
    const worker = start({ queue: "probe_flaky", mode: "flaky", failTimes: 2 });
    await worker.ready();
    const jobId = (await sender.send("probe_flaky", { n: 1 }))!;
    await until("the third attempt succeeds", () => worker.saw("done", jobId), 45_000);
    const starts = worker.lines.filter((l) => l.event === "started" && l.jobId === jobId).map((l) => l.at);
    expect(starts).toHaveLength(3);
    const [first, second, third] = starts as [number, number, number];
    // Backoff: the first retry waits 1 to 2 s, the second 2 to 4 s.
    expect(second - first, "delay before the first retry").toBeGreaterThanOrEqual(1000);
    expect(third - second, "delay before the second retry").toBeGreaterThanOrEqual(2000);
    expect((await sender.job("probe_flaky", jobId))?.state).toBe("completed");
  }, 90_000);
});
