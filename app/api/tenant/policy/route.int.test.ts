import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { getApprovalByCase } from "@/db/queries/approvals";
import { listAuditEventsBySubject } from "@/db/queries/audit";
import { getTenant } from "@/db/queries/tenants";
import { SECOND_TENANT } from "@/db/seed";
import { agentHarness, TENANT, until } from "@/test/agent-support";
import { callRoute } from "@/test/routes";

const h = agentHarness();
const cookies: Record<string, string> = {};

/** An empty database with the demo data, every demo user signed in. */
async function freshStart() {
  await h.freshStart();
  for (const user of ["alice", "olga", "sam", "ivan", "otto", "kasia", "piotr", "marta", "zofia", "jan"]) {
    cookies[user] = `bank_session=${(await createSession(h.db, `user-${user}`)).token}`;
  }
}

beforeAll(freshStart);
afterAll(() => h.pool.end());

const read = (user: string) => callRoute({ method: "GET", route: "/api/tenant/policy", cookie: cookies[user] });
const write = (user: string, body: unknown) => callRoute({ method: "PUT", route: "/api/tenant/policy", cookie: cookies[user], body: JSON.stringify(body) });

type Policy = { version: number; autoApproveMaxMinor: number; operatorLimitMinor: number; fourEyesMinor: number; approvalWindowMs: number };
/** The policy's figures and version, as a change would send them back. */
async function current(user: string): Promise<Policy> {
  const res = await read(user);
  expect(res.status).toBe(200);
  const { version, autoApproveMaxMinor, operatorLimitMinor, fourEyesMinor, approvalWindowMs } = (await res.json()) as Policy;
  return { version, autoApproveMaxMinor, operatorLimitMinor, fourEyesMinor, approvalWindowMs };
}

/** One customer message through the chat route, in a new conversation of the customer's bank. */
async function claim(user: "kasia" | "piotr", text: string) {
  const thread = await h.newThread(`cust-${user}`, SECOND_TENANT);
  const res = await callRoute({
    method: "POST",
    route: "/api/threads/:id/messages",
    params: { id: thread },
    cookie: cookies[user],
    body: JSON.stringify({ text }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string; caseId: string | null; reply: string };
}

describe("GET /api/tenant/policy", () => {
  it("answers each supervisor their own bank's policy: demo-bank the settings', vistula-bank its own in PLN", async () => {
    expect(await (await read("sam")).json()).toMatchObject({
      tenantId: TENANT,
      currency: "EUR",
      autoApproveMaxMinor: 5_000,
      operatorLimitMinor: 50_000,
      fourEyesMinor: 100_000,
      approvalWindowMs: 48 * 3_600_000,
      version: 1,
      updatedBy: "seed",
    });
    expect(await (await read("zofia")).json()).toMatchObject({
      tenantId: SECOND_TENANT,
      name: "Vistula Bank",
      currency: "PLN",
      autoApproveMaxMinor: 20_000,
      operatorLimitMinor: 200_000,
      fourEyesMinor: 400_000,
      approvalWindowMs: 24 * 3_600_000,
      version: 1,
    });
  });

  it("refuses every other role, in either bank", async () => {
    for (const user of ["alice", "olga", "ivan", "otto", "kasia", "marta", "jan"]) {
      const res = await read(user);
      expect(res.status, user).toBe(403);
      expect((await res.json()).code).toBe("forbidden:role");
    }
    expect((await callRoute({ method: "GET", route: "/api/tenant/policy" })).status).toBe(401);
  });
});

describe("PUT /api/tenant/policy", () => {
  it("tightens the supervisor's own bank at once at the version read, audited with before and after; a stale version is 409", async () => {
    const before = await current("zofia");
    const change = { autoApproveMaxMinor: 15_000, operatorLimitMinor: 150_000, fourEyesMinor: 400_000, approvalWindowMs: 12 * 3_600_000 };
    const res = await write("zofia", { ...change, version: before.version });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ...change, tenantId: SECOND_TENANT, version: before.version + 1, updatedBy: "zofia" });
    const [audit] = await listAuditEventsBySubject(h.db, SECOND_TENANT, "tenant", SECOND_TENANT);
    expect(audit).toMatchObject({
      actor: "zofia",
      action: "tenant.policy_changed",
      data: {
        version: before.version + 1,
        before: { autoApproveMaxMinor: 20_000, operatorLimitMinor: 200_000, fourEyesMinor: 400_000, approvalWindowMs: 24 * 3_600_000 },
        after: change,
      },
    });

    const stale = await write("zofia", { ...change, autoApproveMaxMinor: 1_000, version: before.version });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "conflict:policy", currentVersion: before.version + 1 });
    expect(await getTenant(h.db, SECOND_TENANT)).toMatchObject({ ...change, version: before.version + 1 });
    expect(await listAuditEventsBySubject(h.db, SECOND_TENANT, "tenant", SECOND_TENANT)).toHaveLength(1);
    // The other bank is untouched.
    expect(await getTenant(h.db, TENANT)).toMatchObject({ version: 1, autoApproveMaxMinor: 5_000 });
  });

  it("refuses limits that are not positive or do not rise from auto-approval to operator to four-eyes, and changes nothing", async () => {
    const { version, ...policy } = await current("sam");
    const refused = [
      [{ ...policy, autoApproveMaxMinor: 0 }, "bad_request:body"],
      [{ ...policy, operatorLimitMinor: -100 }, "bad_request:body"],
      [{ ...policy, fourEyesMinor: 99.5 }, "bad_request:body"],
      [{ ...policy, approvalWindowMs: 1_000 }, "bad_request:body"],
      [{ ...policy, autoApproveMaxMinor: policy.operatorLimitMinor + 1 }, "bad_request:policy"],
      [{ ...policy, operatorLimitMinor: policy.fourEyesMinor + 1 }, "bad_request:policy"],
    ] as const;
    for (const [body, code] of refused) {
      const res = await write("sam", { ...body, version });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).code).toBe(code);
    }
    expect(await getTenant(h.db, TENANT)).toMatchObject({ version, ...policy });
    expect(await listAuditEventsBySubject(h.db, TENANT, "tenant", TENANT)).toHaveLength(0);
  });

  it("is refused to every role but supervisor, whose own bank is the only one it can reach", async () => {
    const body = await current("sam");
    for (const user of ["alice", "olga", "ivan", "otto", "kasia", "marta", "jan"]) {
      const res = await write(user, { ...body, autoApproveMaxMinor: 100 });
      expect(res.status, user).toBe(403);
    }
    expect(await getTenant(h.db, TENANT)).toMatchObject({ version: body.version, autoApproveMaxMinor: body.autoApproveMaxMinor });
    const foreign = await write("sam", { ...body, tenantId: SECOND_TENANT });
    expect(foreign.status).toBe(400);
  });
});

describe("the agent applies the conversation's bank's policy", () => {
  it("holds piotr's 249.00 PLN duplicate above vistula-bank's limit for its own operator, and kasia's 18.50 one once the limit is lowered below it", async () => {
    await freshStart();
    const held = await claim("piotr", "I was charged twice at Empik");
    expect(held).toMatchObject({ status: "awaiting_approval" });
    const approval = (await getApprovalByCase(h.db, SECOND_TENANT, held.caseId!))!;
    expect(approval).toMatchObject({ amountMinor: 24_900, currency: "PLN", requiredApprovals: 1 });
    expect(approval.policyReason).toContain("above the 200.00 PLN auto-approval limit");
    expect(approval.expiresAt.getTime() - approval.createdAt.getTime()).toBe(24 * 3_600_000);
    // demo-bank's operator cannot see it; vistula-bank's can, and pays it in PLN.
    const decide = (user: string) =>
      callRoute({
        method: "POST",
        route: "/api/approvals/:id/decision",
        params: { id: approval.id },
        cookie: cookies[user],
        body: JSON.stringify({ decision: "approve", version: approval.version }),
      });
    expect((await decide("olga")).status).toBe(404);
    expect((await decide("marta")).status).toBe(200);
    await until("the refund is paid", async () => (await h.ledgerRows(held.caseId!)).some((e) => e.status === "committed"));
    expect((await h.ledgerRows(held.caseId!))[0]).toMatchObject({ tenantId: SECOND_TENANT, amountMinor: 24_900, currency: "PLN" });

    const { version, ...policy } = await current("zofia");
    expect((await write("zofia", { ...policy, autoApproveMaxMinor: 1_000, version })).status).toBe(200);
    const coffee = await claim("kasia", "I was charged twice at Kawiarnia Mocca");
    expect(coffee).toMatchObject({ status: "awaiting_approval" });
    expect((await getApprovalByCase(h.db, SECOND_TENANT, coffee.caseId!))!.policyReason).toContain("above the 10.00 PLN auto-approval limit");
  });

  it("reaches another instance's agent through the change notice, well before its cache would expire", async () => {
    await freshStart();
    await h.agent.instance.ready(); // notices arrive on the instance's liveness connection, open from its first turn or job on
    expect((await h.agent.deps.policies.forTenant(SECOND_TENANT)).refund.autoApproveMaxMinor).toBe(20_000);
    const { version, ...policy } = await current("zofia");
    expect((await write("zofia", { ...policy, autoApproveMaxMinor: 5_000, version })).status).toBe(200);
    await until(
      "the other agent reads the new limit",
      async () => (await h.agent.deps.policies.forTenant(SECOND_TENANT)).refund.autoApproveMaxMinor === 5_000,
      5_000,
    );
    expect((await h.agent.deps.policies.forTenant(TENANT)).refund.autoApproveMaxMinor).toBe(5_000);
  });
});
