import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { LEGACY_THREAD_ID, loadLegacyThread } from "../../db/legacy-thread";
import { agentHarness, TENANT } from "../../test/agent-support";

const h = agentHarness();

beforeEach(async () => {
  await h.freshStart();
  await loadLegacyThread(h.db, TENANT, "cust-alice");
});
afterAll(() => h.pool.end());

describe("a thread written by an earlier version of the state", () => {
  it("still has a timeline, with the nodes it ran then", async () => {
    const entries = await h.agent.incidents.timeline(TENANT, LEGACY_THREAD_ID);
    const checkpoints = entries.filter((e) => e.kind === "checkpoint");
    expect(checkpoints.length).toBeGreaterThanOrEqual(5);
    expect(checkpoints.map((c) => c.schemaVersion)).toEqual(checkpoints.map(() => null));
    expect(checkpoints.flatMap((c) => c.next)).toEqual(expect.arrayContaining(["understand", "askSystems", "decide", "respond"]));
  });

  it("shows fields the current state no longer has, raw", async () => {
    const entries = await h.agent.incidents.timeline(TENANT, LEGACY_THREAD_ID);
    const last = entries.filter((e) => e.kind === "checkpoint").at(-1) as { checkpointId: string };
    const view = await h.agent.incidents.checkpoint(TENANT, LEGACY_THREAD_ID, last.checkpointId);
    expect(view?.unknownFields.sort()).toEqual(["messages", "refund", "reply", "triage"]);
    expect(view?.values).toMatchObject({ triage: { outcome: "auto_approve" }, reply: expect.stringContaining("Coffee Corner") });
  });

  it("loads again without duplicating anything", async () => {
    const before = (await h.agent.incidents.timeline(TENANT, LEGACY_THREAD_ID)).length;
    await loadLegacyThread(h.db, TENANT, "cust-alice");
    expect(await h.agent.incidents.timeline(TENANT, LEGACY_THREAD_ID)).toHaveLength(before);
  });
});
