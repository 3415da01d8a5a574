import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { LEGACY_THREAD_ID, loadLegacyThread, loadThreadFixture, RENAMED_NODE_THREAD_ID } from "../../db/legacy-thread";
import { agentHarness, TENANT } from "../../test/agent-support";
import { pausedThread } from "./release-check";
import { createCheckpointer } from "./checkpointer";

const h = agentHarness();
const checkpointer = createCheckpointer(h.pool);

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

describe("the release check", () => {
  it("lists a thread paused at the approval gate as resumable", async () => {
    const thread = await h.newThread();
    await h.say(thread, "I don't recognise the Electro Mart payment");
    expect(await pausedThread(checkpointer, thread)).toMatchObject({ waitingIn: ["approvalGate"], missing: [], schemaVersion: 1 });
  });

  it("does not list finished conversations, old or new", async () => {
    const thread = await h.newThread();
    await h.say(thread, "hello");
    await loadLegacyThread(h.db, TENANT, "cust-alice");
    expect(await pausedThread(checkpointer, thread)).toBeNull();
    expect(await pausedThread(checkpointer, LEGACY_THREAD_ID)).toBeNull();
  });

  it("flags a thread paused in a node the current graph no longer has", async () => {
    await loadThreadFixture(h.db, { threadId: RENAMED_NODE_THREAD_ID, tenantId: TENANT, customerId: "cust-bob", status: "awaiting_approval" });
    expect(await pausedThread(checkpointer, RENAMED_NODE_THREAD_ID)).toMatchObject({
      waitingIn: ["humanReview"],
      missing: ["humanReview"],
      schemaVersion: null,
    });
  });
});
