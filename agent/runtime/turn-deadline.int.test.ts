import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { listNodeEventsByThread } from "@/db/queries/node-events";
import { agentHarness, FAST_SETTINGS, setFault, TENANT } from "@/test/agent-support";
import { createAgent } from "../index";

/** One attempt of 1 s, waits of 200 and 400 ms: three attempts at a hanging system take 3.6 s; the turn has 1.5 s. */
const SETTINGS = { checkTimeoutMs: 1000, checkMaxAttempts: 3, retryInitialMs: 200, turnDeadlineMs: 1500 };
const DEADLINE_MS = SETTINGS.turnDeadlineMs;
/** What a turn costs besides its checks here: reading the message, the policy, the answer, the database writes. */
const TURN_OVERHEAD_MS = 700;

const h = agentHarness(SETTINGS);
beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
}

const degradedEvents = async (threadId: string) =>
  (await listNodeEventsByThread(h.db, TENANT, threadId)).filter((e) => e.node === "checkSystem" && e.outcome === "degraded").map((e) => e.error);

describe("a turn's deadline", () => {
  it("answers a limits question within the deadline while the limits system hangs: the check degrades after the one attempt the turn has time for", async () => {
    await setFault({ system: "limits", hang: true });
    const thread = await h.newThread();
    const before = (await h.calls()).limits;
    const { result, ms } = await timed(() => h.say(thread, "what are my card limits"));
    expect(result).toMatchObject({ kind: "ok", reply: expect.stringMatching(/couldn't reach the card-limits system/) });
    expect(ms).toBeLessThan(DEADLINE_MS + TURN_OVERHEAD_MS);
    expect((await h.calls()).limits - before).toBe(1);
    expect(await degradedEvents(thread)).toEqual([
      expect.stringMatching(/^limits gave no answer within \d+ ms; no time left in the turn for another attempt$/),
    ]);
  });

  it("is what keeps the turn short: without one, the same turn waits for every attempt", async () => {
    await setFault({ system: "limits", hang: true });
    const unbounded = createAgent({ db: h.app.db, pool: h.app.pool, deps: { settings: { ...FAST_SETTINGS, ...SETTINGS, turnDeadlineMs: undefined } } });
    try {
      const thread = await h.newThread();
      const before = (await h.calls()).limits;
      const { result, ms } = await timed(() =>
        unbounded.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: "what are my card limits", actor: "cust-alice" }),
      );
      expect(result).toMatchObject({ kind: "ok" });
      expect(ms).toBeGreaterThanOrEqual(3 * SETTINGS.checkTimeoutMs + 200 + 400);
      expect((await h.calls()).limits - before).toBe(3);
    } finally {
      await unbounded.close();
    }
  });

  it("lets a slow system that answers answer: a second attempt starts only when it can finish in time", async () => {
    await setFault({ system: "limits", latencyMs: 400 });
    const thread = await h.newThread();
    const { result, ms } = await timed(() => h.say(thread, "what are my card limits"));
    expect(result).toMatchObject({ kind: "ok", reply: expect.stringMatching(/daily limit/) });
    expect(ms).toBeLessThan(DEADLINE_MS + TURN_OVERHEAD_MS);
    expect(await degradedEvents(thread)).toEqual([]);
  });

  it("sends a claim whose antifraud check ran out of time to an operator, never pays it on its own, and answers within the deadline", async () => {
    await setFault({ system: "antifraud", hang: true });
    const thread = await h.newThread();
    const { result, ms } = await timed(() => h.say(thread, "I was charged twice at Coffee Corner"));
    expect(result).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    expect(ms).toBeLessThan(DEADLINE_MS + TURN_OVERHEAD_MS);
    expect(await h.ledgerRows((result as { caseId: string }).caseId)).toHaveLength(0);
    expect(await degradedEvents(thread)).toEqual([
      expect.stringMatching(/^antifraud gave no answer within \d+ ms; no time left in the turn for another attempt$/),
    ]);
  });

  it("answers a stolen card within the deadline while the cards system hangs: the freeze is unavailable after the one attempt the turn has time for", async () => {
    await setFault({ system: "cards", hang: true });
    const thread = await h.newThread();
    const before = (await h.calls()).cards;
    const { result, ms } = await timed(() => h.say(thread, "my card was stolen"));
    expect(result).toMatchObject({ kind: "ok", reply: expect.stringMatching(/^I couldn't reach our card system just now, so your card is not frozen yet/) });
    expect(ms).toBeLessThan(DEADLINE_MS + TURN_OVERHEAD_MS);
    expect((await h.calls()).cards - before).toBe(1);
    const events = (await listNodeEventsByThread(h.db, TENANT, thread)).filter((e) => e.node === "actOnCard" && e.outcome === "degraded").map((e) => e.error);
    expect(events).toEqual(["no time left in the turn for attempt 2"]);
  });
});
