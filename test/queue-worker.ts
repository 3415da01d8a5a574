/**
 * One app instance's job queue in a process of its own, so tests can run two and SIGKILL one.
 * Usage: tsx test/queue-worker.ts '<json>' with {queue, mode, intervalMs?, failTimes?}:
 * `periodic` offers and runs `queue` every `intervalMs`; `hang` takes a job and never finishes
 * it; `flaky` fails each job `failTimes` times, then completes it. Every job started or ended
 * is a JSON line on stdout: {event: "started" | "failed" | "done", jobId, at}.
 */
import { createJobQueue } from "../db/job-queue";

const order = JSON.parse(process.argv[2] ?? "{}") as { queue: string; mode: "periodic" | "hang" | "flaky"; intervalMs?: number; failTimes?: number };
const queue = createJobQueue(process.env.DATABASE_URL!, { pollingSeconds: 0.5, maintenanceSeconds: 1 });
const say = (event: string, jobId: string) => process.stdout.write(`${JSON.stringify({ event, jobId, at: Date.now(), pid: process.pid })}\n`);
const attempts = new Map<string, number>();

if (order.mode === "periodic") {
  let run = 0;
  await queue.every(
    order.queue,
    order.intervalMs ?? 1000,
    async () => {
      say("done", `run-${++run}`);
      return {};
    },
    () => undefined,
  );
} else {
  await queue.work(order.queue, async (_data, job) => {
    say("started", job.id);
    if (order.mode === "hang") await new Promise(() => undefined);
    const attempt = (attempts.get(job.id) ?? 0) + 1;
    attempts.set(job.id, attempt);
    if (attempt <= (order.failTimes ?? 0)) {
      say("failed", job.id);
      throw new Error(`attempt ${attempt} fails on purpose`);
    }
    say("done", job.id);
  });
}
say("ready", "");
process.once("SIGTERM", () => void queue.stop({ graceful: false }).then(() => process.exit(0)));
