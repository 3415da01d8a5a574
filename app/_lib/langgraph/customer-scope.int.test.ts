import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { searchThreads } from "@/db/queries/threads";
import { users } from "@/db/schema";
import * as lgThreadSearch from "@/app/api/langgraph/threads/search/route";
import * as lgThreads from "@/app/api/langgraph/threads/route";
import * as threads from "@/app/api/threads/route";
import { agentHarness, TENANT } from "@/test/agent-support";
import { cookie } from "@/test/bad-input-corpus";

const h = agentHarness();
let aliceThread: string;
let bobThread: string;
let unlinked: string;

beforeAll(async () => {
  await h.freshStart();
  aliceThread = await h.newThread("cust-alice");
  bobThread = await h.newThread("cust-bob");
  await h.db
    .insert(users)
    .values({ id: "user-unlinked", tenantId: TENANT, username: "unlinked", passwordHash: "x", role: "customer", displayName: "Una Linked", customerId: null });
  unlinked = (await createSession(h.db, "user-unlinked")).token;
});
afterAll(() => h.pool.end());

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function answer(handler: Handler, path: string, token: string, body?: string) {
  const headers: Record<string, string> = { cookie: cookie(token) };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await handler(new Request(`http://localhost${path}`, { method: body === undefined ? "GET" : "POST", headers, body }), {
    params: Promise.resolve({}),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe("a customer's scope", () => {
  it("a customer account linked to no customer is refused 403 by every customer thread route, never shown the tenant's threads", async () => {
    const refused = { status: 403, body: expect.objectContaining({ code: "forbidden:customer" }) };
    expect(await answer(lgThreadSearch.POST as never, "/api/langgraph/threads/search", unlinked, "{}")).toEqual(refused);
    expect(await answer(lgThreads.POST as never, "/api/langgraph/threads", unlinked, "{}")).toEqual(refused);
    expect(await answer(threads.GET as never, "/api/threads", unlinked)).toEqual(refused);
    expect(await answer(threads.POST as never, "/api/threads", unlinked, "{}")).toEqual(refused);
  });

  it("a customer's search reads their own threads only; staff's reads the conversations that reached an operator", async () => {
    const page = { limit: 100, offset: 0 };
    const alices = await searchThreads(h.db, { tenantId: TENANT, scope: { kind: "customer", customerId: "cust-alice" }, ...page });
    expect(alices.map((t) => t.id)).toContain(aliceThread);
    expect(alices.every((t) => t.customerId === "cust-alice")).toBe(true);
    const staff = await searchThreads(h.db, { tenantId: TENANT, scope: { kind: "staff" }, ...page });
    expect(staff.map((t) => t.id)).not.toContain(aliceThread);
    expect(staff.map((t) => t.id)).not.toContain(bobThread);
  });
});
