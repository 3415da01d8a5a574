import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { listMessagesByThread } from "../../db/queries/threads";
import { RECENT_WINDOW } from "../graph/state";
import { agentHarness, TENANT } from "../../test/agent-support";

const h = agentHarness();

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

describe("checkpoints in Postgres", () => {
  it("runs the three checks as parallel tasks of one superstep", async () => {
    const thread = await h.newThread();
    await h.say(thread, "I was charged twice at Coffee Corner");
    const history = await h.agent.history(TENANT, thread);
    const fanOut = history.filter((c) => c.next.includes("checkSystem"));
    expect(fanOut).toHaveLength(1);
    expect(fanOut[0]!.next).toEqual(["checkSystem", "checkSystem", "checkSystem"]);
    const after = history[history.indexOf(fanOut[0]!) + 1]!;
    expect(after.next).toEqual(["triage"]);
  });

  it("keeps a bounded window of messages in state while the transcript grows in its table", async () => {
    const thread = await h.newThread();
    const sizes: number[] = [];
    for (let turn = 0; turn < 8; turn++) {
      await h.say(thread, turn % 2 ? "what are my card limits" : "hello");
      const history = await h.agent.history(TENANT, thread);
      sizes.push(history.at(-1)!.sizeBytes);
    }
    const latest = (await h.agent.history(TENANT, thread)).at(-1)!;
    const state = await h.agent.checkpoint(TENANT, thread, latest.checkpointId);
    expect((state!.values.recent as unknown[]).length).toBe(RECENT_WINDOW);
    expect(await listMessagesByThread(h.db, TENANT, thread)).toHaveLength(16);
    expect(Math.max(...sizes.slice(3))).toBeLessThan(Math.min(...sizes.slice(3)) * 1.5);
  });

  it("reads history without adding checkpoints", async () => {
    const thread = await h.newThread();
    await h.say(thread, "hello");
    const before = await h.agent.history(TENANT, thread);
    for (const c of before) await h.agent.checkpoint(TENANT, thread, c.checkpointId);
    expect(await h.agent.history(TENANT, thread)).toHaveLength(before.length);
    expect(before.map((c) => c.step)).toEqual([...before.map((c) => c.step)].sort((a, b) => a - b));
  });
});
