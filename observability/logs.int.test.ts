import { Writable } from "node:stream";
import type { Logger } from "pino";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { agentHarness } from "@/test/agent-support";
import { callRoute } from "@/test/routes";
import { createLogger, setLogger } from "./log";
import { personalIn } from "@/test/personal-data";

const h = agentHarness();
const CARD = "4111 1111 1111 1111";
const OWN = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

/** Every line the process logs from here on, at debug and above. */
function captureLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const previous = setLogger(createLogger({ level: "debug", destination }));
  return { lines, events: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>), restore: () => previous && setLogger(previous as Logger) };
}

/** The string values of a log line, however deep (numbers such as latencies and the pid are left out). */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

let log: ReturnType<typeof captureLog>;
beforeEach(async () => {
  await h.freshStart();
  log = captureLog();
});
afterAll(async () => {
  log.restore();
  await h.pool.end();
});

describe("the log of a conversation in which the customer gives her name and card number", () => {
  it("holds node attempts, the turn and the request, and none of her words", async () => {
    const thread = await h.newThread("cust-alice");
    const cookie = `bank_session=${(await createSession(h.db, "user-alice")).token}`;
    const say = async (text: string) => {
      const res = await callRoute({
        method: "POST",
        route: "/api/threads/:id/messages",
        params: { id: thread },
        cookie,
        body: JSON.stringify({ text }),
        headers: OWN,
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { reply: string }).reply;
    };
    await say(`Hello, this is Alice Novak. My card number is ${CARD}.`);
    expect(await say("I was charged twice at Coffee Corner")).toMatch(/refunded/i);
    const turn = await h.say(thread, `Thanks. Alice Novak again, card ending 1111, ${CARD.replaceAll(" ", "")}`);
    expect(turn.kind).toBe("ok");

    const events = log.events();
    const attempts = events.filter((e) => e.event === "node.attempt" && e.threadId === thread);
    expect(new Set(attempts.map((e) => e.node))).toEqual(new Set(["intake", "checkSystem", "triage", "refund", "reply"]));
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({
        level: "info",
        tenantId: "demo-bank",
        runId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        attempt: 1,
        latencyMs: expect.any(Number),
        outcome: "ok",
      });
    }
    expect(
      attempts
        .filter((e) => e.node === "checkSystem")
        .map((e) => e.system)
        .sort(),
    ).toEqual(["antifraud", "history", "limits"]);
    const turns = events.filter((e) => e.event === "turn" && e.threadId === thread);
    expect(turns).toHaveLength(3);
    expect(turns[1]).toMatchObject({ intent: "refund", status: "idle", caseId: expect.any(String), latencyMs: expect.any(Number) });
    expect(events).toContainEqual(expect.objectContaining({ event: "refund.executed", threadId: thread, replayed: false }));
    expect(events).toContainEqual(
      expect.objectContaining({
        event: "http.request",
        route: "/api/threads/{id}/messages",
        method: "POST",
        status: 200,
        role: "customer",
        latencyMs: expect.any(Number),
      }),
    );

    const leaks = log.lines.filter((line) => {
      const values = strings(JSON.parse(line)).join("\n");
      return (
        line.includes(CARD) ||
        line.includes(CARD.replaceAll(" ", "")) ||
        personalIn(values, ["1111"]).length > 0 ||
        /alice|novak/i.test(line) ||
        /charged twice|coffee corner/i.test(line)
      );
    });
    expect(log.lines.length).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  });
});
