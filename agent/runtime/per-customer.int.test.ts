import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { agentHarness, FAST_SETTINGS, TENANT } from "../../test/agent-support";
import { createAgentStore } from "./store";
import type { AgentStore } from "../graph/deps";
import { createAgent } from "../index";

const h = agentHarness();
const second = openDatabase(process.env.DATABASE_URL!, 4);

beforeEach(() => h.freshStart());
afterAll(async () => {
  await second.pool.end();
  await h.pool.end();
});

/** alice's three payments that policy alone may refund, each on a day of its own. */
const CLAIMS = [
  "I don't recognise the Green Grocer payment of 23.40",
  "I don't recognise the Page & Co Books payment of 18.99",
  "I was charged twice at Coffee Corner",
];

/**
 * A store whose policy decisions wait, under the customer's lock, until every claim has
 * reached its decision or a second has passed: without one lock per customer the three
 * decide side by side on counts that miss each other, with it they take turns.
 */
function meetingStore(db: typeof second.db, arrived: { n: number }): AgentStore {
  const real = createAgentStore(db);
  return {
    ...real,
    recordPolicyApproval: (input, decide) =>
      real.recordPolicyApproval(input, async (own) => {
        arrived.n++;
        const deadline = Date.now() + 1_000;
        while (arrived.n < CLAIMS.length && Date.now() < deadline) await sleep(20);
        return decide(own);
      }),
  };
}

async function policyApprovals(): Promise<{ status: string; mode: string }[]> {
  const { rows } = await h.db.execute<{ status: string; mode: string }>(
    sql`select a.status, a.mode from approvals a join cases c on c.id = a.case_id where c.customer_id = 'cust-alice' order by a.mode`,
  );
  return rows;
}

describe("one customer's refunds are decided one at a time", () => {
  it("auto-approves one of three claims sent at once on two instances; the others go to an operator", async () => {
    const arrived = { n: 0 };
    const agents = [h.agent, h.agent].map((_, i) =>
      createAgent({
        db: i === 0 ? h.app.db : second.db,
        pool: i === 0 ? h.app.pool : second.pool,
        deps: { store: meetingStore(i === 0 ? h.app.db : second.db, arrived), settings: FAST_SETTINGS, clock: h.clock.now },
      }),
    );
    const threads = await Promise.all(CLAIMS.map(() => h.newThread()));
    const results = await Promise.all(
      CLAIMS.map((text, i) => agents[i % 2]!.sendMessage({ tenantId: TENANT, threadId: threads[i]!, customerId: "cust-alice", text, actor: "cust-alice" })),
    );
    expect(results.map((r) => r.kind)).toEqual(["ok", "ok", "ok"]);
    const approvals = await policyApprovals();
    expect(
      approvals.filter((a) => a.mode === "policy"),
      "refunds approved by policy alone",
    ).toHaveLength(1);
    expect(approvals.filter((a) => a.mode === "operator").map((a) => a.status)).toEqual(["pending", "pending"]);
    expect(await h.ledgerRows(), "refunds the ledger paid").toHaveLength(1);
    await Promise.all(agents.map((a) => a.close()));
  });

  it("counts a refund the app approved and has not paid yet, which the history system cannot know of", async () => {
    const [first, next] = [await h.newThread(), await h.newThread()];
    expect(await h.say(first, CLAIMS[2]!)).toMatchObject({ kind: "ok", status: "idle" });
    // The ledger has paid it; as far as the customer's rule goes, an approval still being paid is the same.
    await h.db.execute(sql`delete from bank_sim.ledger_entries where customer_id = 'cust-alice'`);
    await h.db.execute(sql`update approvals set status = 'executing' where mode = 'policy'`);
    const res = await h.say(next, CLAIMS[0]!);
    expect(res).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    expect((await policyApprovals()).map((a) => a.mode)).toEqual(["operator", "policy"]);
  });

  it("counts a claim still waiting for an operator: one policy would clear alone waits for one too, until they are decided", async () => {
    const [first, next, last] = [await h.newThread(), await h.newThread(), await h.newThread()];
    expect(await h.say(first, "I don't recognise the Electro Mart payment of 1,249.00")).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    expect(await h.say(next, CLAIMS[0]!)).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    expect((await policyApprovals()).map((a) => a.status)).toEqual(["pending", "pending"]);
    expect(await h.ledgerRows(), "nothing paid while an operator has the first").toHaveLength(0);
    const { rows } = await h.db.execute<{ id: string; version: number }>(
      sql`select a.id, a.version from approvals a join cases c on c.id = a.case_id where c.customer_id = 'cust-alice'`,
    );
    for (const row of rows) expect(await h.decide(row, "sam", "rejected")).toMatchObject({ kind: "ok", status: "rejected" });
    expect(await h.say(last, CLAIMS[1]!), "once both are rejected, nothing counts against the next claim").toMatchObject({ kind: "ok", status: "idle" });
    expect(await h.ledgerRows()).toHaveLength(1);
  });
});
