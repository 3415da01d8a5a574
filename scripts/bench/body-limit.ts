/**
 * `tsx scripts/bench/body-limit.ts [APP_URL]`: what an oversized chunked body (no
 * content-length) costs before it is refused. In-process: how many bytes the API's body
 * reader pulls from a 256 MB stream and how long it takes, against reading the whole
 * body first (what a plain `req.text()` does). With APP_URL (a running demo app): how
 * many bytes a client signed in as alice got to send to a chat message before the app answered 413.
 */
import { request } from "node:http";
import { readBodyText } from "../../app/_lib/request-body";

const LIMIT = 16 * 1024;
const CHUNK = 64 * 1024;
const TOTAL = 256 * 1024 * 1024;

function stream(counter: { bytes: number }): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(CHUNK).fill(0x61);
  return new ReadableStream({
    pull(controller) {
      if (counter.bytes >= TOTAL) return controller.close();
      counter.bytes += CHUNK;
      controller.enqueue(chunk);
    },
  });
}

async function inProcess(label: string, read: (req: Request) => Promise<unknown>) {
  const counter = { bytes: 0 };
  const req = new Request("http://localhost/api/x", { method: "POST", body: stream(counter), duplex: "half" } as RequestInit);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const started = performance.now();
  let outcome = "read";
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers)), 5);
  try {
    await read(req);
  } catch (error) {
    outcome = (error as { code?: string }).code ?? String(error);
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers);
  const ms = performance.now() - started;
  console.log(
    `${label.padEnd(28)} pulled ${(counter.bytes / 1024).toFixed(0).padStart(8)} KB of ${TOTAL / 1024 / 1024} MB in ${ms.toFixed(1).padStart(8)} ms, memory +${((peak - heapBefore) / 1024 / 1024).toFixed(1)} MB: ${outcome}`,
  );
}

/** Signs in as the demo customer alice and opens a conversation, so the message route reads the body. */
async function aliceThread(appUrl: string): Promise<{ cookie: string; threadId: string }> {
  const json = { "content-type": "application/json" };
  const login = await fetch(new URL("/api/auth/login", appUrl), {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: "alice", password: "alice-pass" }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const thread = await fetch(new URL("/api/threads", appUrl), { method: "POST", headers: { ...json, cookie }, body: "{}" });
  return { cookie, threadId: ((await thread.json()) as { threadId: string }).threadId };
}

async function overHttp(appUrl: string) {
  const { cookie, threadId } = await aliceThread(appUrl);
  const url = new URL(`/api/threads/${threadId}/messages`, appUrl);
  let sent = 0;
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { cookie, "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", (error) => (sent > 0 ? undefined : reject(error)));
    const chunk = Buffer.alloc(CHUNK, 0x61);
    const pump = () => {
      while (sent < TOTAL && !req.destroyed) {
        sent += CHUNK;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
  console.log(
    `over HTTP to ${url.origin}: ${status} after the client sent ${(sent / 1024).toFixed(0)} KB of ${TOTAL / 1024 / 1024} MB, in ${(performance.now() - started).toFixed(1)} ms`,
  );
}

await inProcess("bounded reader (the API's)", (req) => readBodyText(req, LIMIT));
await inProcess("whole body, then size check", async (req) => {
  const text = await req.text();
  if (Buffer.byteLength(text) > LIMIT) throw Object.assign(new Error(), { code: "payload_too_large:body" });
});
if (process.argv[2]) await overHttp(process.argv[2]);
