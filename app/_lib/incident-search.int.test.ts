import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { auditEvents } from "@/db/schema";
import { SECOND_TENANT } from "@/db/seed";
import { agentHarness, TENANT } from "@/test/agent-support";
import { cookie } from "@/test/bad-input-corpus";
import { callRoute } from "@/test/routes";

const h = agentHarness();
let tokens: Record<"ivan" | "jan", string>;
const threads = { alice: "", bob: "", ada: "", kasia: "" };

/** A customer whose name holds every character a LIKE pattern treats as special. */
const ODD_NAME = "Ada Per%Cent_Back\\Slash";

async function search(user: keyof typeof tokens, customer: string | null, more = "") {
  const query = [customer === null ? "" : `customer=${encodeURIComponent(customer)}`, "pageSize=100", more].filter(Boolean).join("&");
  return callRoute({ method: "GET", route: "/api/incidents/threads", query, cookie: cookie(tokens[user]) });
}

/** The threads a search found; it must answer 200. */
async function found(user: keyof typeof tokens, customer: string | null, more = ""): Promise<string[]> {
  const res = await search(user, customer, more);
  expect(res.status, `search for ${customer}`).toBe(200);
  return ((await res.json()) as { threads: { threadId: string }[] }).threads.map((t) => t.threadId).sort();
}

async function auditRows() {
  return Number((await h.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events`)).rows[0]!.n);
}

beforeAll(async () => {
  await h.freshStart();
  await h.pool.query(`insert into customers (id, tenant_id, name, home_country) values ('cust-ada', $1, $2, 'DE')`, [TENANT, ODD_NAME]);
  threads.alice = await h.newThread("cust-alice");
  threads.bob = await h.newThread("cust-bob");
  threads.ada = await h.newThread("cust-ada");
  threads.kasia = await h.newThread("cust-kasia", SECOND_TENANT);
  const token = async (user: string) => (await createSession(h.db, `user-${user}`)).token;
  tokens = { ivan: await token("ivan"), jan: await token("jan") };
});
afterAll(() => h.pool.end());

describe("the incident search's customer filter", () => {
  it("takes %, _ and \\ literally: none of them is a wildcard", async () => {
    expect(await found("ivan", "%ali")).toEqual([]);
    expect(await found("ivan", "al_ce")).toEqual([]);
    expect(await found("ivan", "\\ali")).toEqual([]);
    expect(await found("ivan", "per%cent_back\\slash")).toEqual([threads.ada]);
    expect(await found("ivan", "per%")).toEqual([threads.ada]);
  });

  it("refuses fewer than 3 letters with a 400 that says why, and finds no thread for %", async () => {
    for (const customer of ["%", "_", "\\", "%%%", "al", "a%", "a b", "  bo  "]) {
      const res = await search("ivan", customer);
      expect(res.status, customer).toBe(400);
      const body = await res.json();
      expect(body, customer).toEqual({ code: "bad_request:query", message: expect.stringContaining("the first 3 or more letters") });
      expect(body).not.toHaveProperty("threads");
    }
  });

  it("matches a whole word, or the start of a word from 3 letters on, and the customer's id", async () => {
    expect(await found("ivan", "ali")).toEqual([threads.alice]);
    expect(await found("ivan", "Nov")).toEqual([threads.alice]);
    expect(await found("ivan", "Kowalski")).toEqual([threads.bob]);
    expect(await found("ivan", "alice novak")).toEqual([threads.alice]);
    expect(await found("ivan", "cust-bob")).toEqual([threads.bob]);
    // Inside a word is not the start of one.
    expect(await found("ivan", "lic")).toEqual([]);
    expect(await found("ivan", "walski")).toEqual([]);
  });

  it("writes exactly one audit row per search, with its filters, the number found and who searched, and none for a refused one", async () => {
    const before = await auditRows();
    expect(await found("ivan", "bob", "status=idle")).toEqual([threads.bob]);
    expect(await auditRows()).toBe(before + 1);
    const [row] = await h.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(row).toMatchObject({
      tenantId: TENANT,
      actor: "ivan",
      action: "incident.searched",
      subjectType: "tenant",
      subjectId: TENANT,
      data: { path: "/api/incidents/threads", filters: { customer: "bob", status: "idle", page: 1, pageSize: 100 }, total: 1, threadIds: [threads.bob] },
    });
    expect(Date.now() - row!.at.getTime()).toBeLessThan(60_000);

    expect((await search("ivan", "bo")).status).toBe(400);
    expect((await callRoute({ method: "GET", route: "/api/incidents/threads", query: "from=yesterday", cookie: cookie(tokens.ivan) })).status).toBe(400);
    expect(await auditRows()).toBe(before + 1);
  });

  it("shows nothing of another bank, and records each bank's searches in that bank's own trail", async () => {
    expect(await found("ivan", "kasia")).toEqual([]);
    expect(await found("ivan", "cust-kasia")).toEqual([]);
    expect(await found("ivan", null)).not.toContain(threads.kasia);
    expect(await found("jan", "ali")).toEqual([]);
    expect(await found("jan", "kasia")).toEqual([threads.kasia]);
    expect(await found("jan", null)).toEqual([threads.kasia]);
    const actors = await h.db.execute<{ tenant_id: string; actor: string }>(
      sql`select distinct tenant_id, actor from audit_events where action = 'incident.searched' order by tenant_id`,
    );
    expect(actors.rows).toEqual([
      { tenant_id: TENANT, actor: "ivan" },
      { tenant_id: SECOND_TENANT, actor: "jan" },
    ]);
  });
});
