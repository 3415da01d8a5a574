import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { LEGACY_THREAD_ID, loadLegacyThread } from "../../db/legacy-thread";
import { agentHarness, TENANT } from "../../test/agent-support";
import { NODES } from "../graph/graph";
import { stateContract, type StateContract } from "../graph/state-schema";
import { createCheckpointer } from "./checkpointer";
import { pausedThread, unreadable } from "./release-check";
import { listNodeEventsByThread } from "@/db/queries/node-events";
import { metrics } from "@/observability/metrics";
import { opsSummary } from "@/app/_lib/ops-summary";
import { withTenant } from "@/db/tenant-context";

const h = agentHarness();
const checkpointer = createCheckpointer(h.pool);

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

/** This revision's contract as another checkout's `--describe` would write it, changed by `change`. */
function candidate(change: (contract: StateContract & { state: { properties: Record<string, Record<string, unknown>> } }) => void): StateContract {
  const contract = JSON.parse(JSON.stringify(stateContract(NODES)));
  change(contract);
  return contract;
}

/** What a candidate with `contract` could not read of each thread. */
async function check(contract: StateContract, ...threads: string[]) {
  return Promise.all(threads.map(async (thread) => unreadable(checkpointer, thread, contract, await pausedThread(checkpointer, thread))));
}

describe("the release check of a candidate revision's state", () => {
  it("finds nothing this revision cannot read in its own conversations, and names what it cannot read of one from before state versions", async () => {
    const paused = await h.newThread();
    await h.say(paused, "I don't recognise the Electro Mart payment");
    const done = await h.newThread();
    await h.say(done, "what are my card limits");
    await loadLegacyThread(h.db, TENANT, "cust-alice");
    const [own, finished, legacy] = await check(stateContract(NODES), paused, done, LEGACY_THREAD_ID);
    expect([own, finished]).toEqual([[], []]);
    // Written before the state had versions: its case has no day or reason, its checks an older shape, and it keeps channels the graph has since dropped.
    expect(legacy).toEqual(
      expect.arrayContaining([
        'channel "messages" holds a value and is not in the revision\'s state (removed or renamed)',
        "field case.postedAt: Invalid input: expected string, received undefined",
        expect.stringMatching(/^field checks\.limits\.status: /),
      ]),
    );
  });

  it("names a conversation holding a channel the candidate removed or renamed, and not one whose channel was empty", async () => {
    const shown = await h.newThread();
    await h.say(shown, "I want a refund for a payment");
    const greeted = await h.newThread();
    await h.say(greeted, "hello");
    const renamed = candidate((c) => {
      c.channels = c.channels.map((name) => (name === "shown" ? "offered" : name));
      c.state.properties.offered = c.state.properties.shown!;
      delete c.state.properties.shown;
    });
    expect(await check(renamed, shown, greeted)).toEqual([[expect.stringMatching(/^channel "shown" holds a value and is not in the revision's state/)], []]);
  });

  it("names the field whose type the candidate changed, in the thread that holds it", async () => {
    const paused = await h.newThread();
    await h.say(paused, "I don't recognise the Electro Mart payment");
    const amountAsText = candidate((c) => {
      const kase = c.state.properties.case as { anyOf: { properties?: Record<string, unknown> }[] };
      kase.anyOf.find((branch) => branch.properties)!.properties!.amountMinor = { type: "string" };
    });
    expect(await check(amountAsText, paused)).toEqual([[expect.stringMatching(/^field case\.amountMinor: /)]]);
  });

  it("names a paused claim whose interrupt payload the candidate's gate cannot read, and a node the candidate lost", async () => {
    const paused = await h.newThread();
    await h.say(paused, "I don't recognise the Electro Mart payment");
    const stricterGate = candidate((c) => {
      const gate = c.interrupt as { properties: Record<string, unknown>; required: string[] };
      gate.properties.approverGroup = { type: "string" };
      gate.required.push("approverGroup");
      c.nodes = c.nodes.filter((node) => node !== "approvalGate");
    });
    expect(await check(stricterGate, paused)).toEqual([
      [expect.stringMatching(/^waits in node "approvalGate", which the revision does not have$/), expect.stringMatching(/^interrupt payload approverGroup: /)],
    ]);
  });
});

describe("a checkpointed state that does not fit the state's schema", () => {
  it("fails the run that reads it, naming the field in a node event, on the metrics and on the ops page, and is never used as it is", async () => {
    const thread = await h.newThread();
    await h.say(thread, "I was charged twice at Coffee Corner");
    const config = { configurable: { thread_id: thread } };
    // A value of the wrong type written into the checkpoint, as a faulty release or a hand edit would leave it.
    await withTenant(TENANT, async () => {
      const kase = (await h.agent.graph.getState(config)).values.case;
      expect(kase).toMatchObject({ merchant: "Coffee Corner" });
      await h.agent.graph.updateState(config, { case: { ...kase, amountMinor: "4.90" } });
    });
    const before = await invalidCount("intake");
    const ledgerBefore = (await h.calls()).ledger;

    await expect(h.say(thread, "and the Sunrise Bakery one too")).rejects.toThrow(/state:invalid: case\.amountMinor/);
    const events = await listNodeEventsByThread(h.db, TENANT, thread);
    expect(events.filter((e) => e.outcome === "error").map((e) => [e.node, e.error])).toContainEqual([
      "intake",
      expect.stringMatching(/^state:invalid: case\.amountMinor: /),
    ]);
    expect((await invalidCount("intake")) - before).toBeGreaterThanOrEqual(1);
    expect((await opsSummary(h.db, TENANT)).invalidStates).toBeGreaterThanOrEqual(1);
    expect((await h.calls()).ledger).toBe(ledgerBefore);
  });
});

async function invalidCount(node: string) {
  const { values } = await metrics().invalidStates.get();
  return values.find((v) => v.labels.node === node)?.value ?? 0;
}
