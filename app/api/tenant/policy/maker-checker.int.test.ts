import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { advanceClock } from "@/app/_lib/clock";
import { createSession } from "@/app/_lib/session";
import { getApprovalByCase } from "@/db/queries/approvals";
import { listAuditEventsBySubject } from "@/db/queries/audit";
import { getTenant } from "@/db/queries/tenants";
import { transactions } from "@/db/schema";
import { agentHarness, TENANT, until } from "@/test/agent-support";
import { callRoute } from "@/test/routes";

const h = agentHarness();
const cookies: Record<string, string> = {};

beforeEach(async () => {
  await h.freshStart();
  for (const user of ["alice", "bob", "olga", "sam", "sven", "zofia"]) cookies[user] = `bank_session=${(await createSession(h.db, `user-${user}`)).token}`;
});
afterAll(() => h.pool.end());

type Change = { id: string; proposedBy: string; proposedByYou: boolean; loosens: string[]; expiresAt: string };
type Policy = {
  version: number;
  autoApproveMaxMinor: number;
  operatorLimitMinor: number;
  fourEyesMinor: number;
  approvalWindowMs: number;
  pendingChange: Change | null;
};

async function call(user: string, method: "GET" | "PUT" | "POST", route: string, body?: unknown, params?: Record<string, string>) {
  const res = await callRoute({ method, route, params, cookie: cookies[user], body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const policy = async (user = "sam") => (await call(user, "GET", "/api/tenant/policy")).body as unknown as Policy;
const propose = (user: string, values: Partial<Policy>, version: number) => call(user, "PUT", "/api/tenant/policy", { ...figures(values), version });
const answer = (user: string, changeId: string, reply: "confirm" | "reject") =>
  call(user, "POST", "/api/tenant/policy/changes/:id", { answer: reply }, { id: changeId });

/** demo-bank's figures with `values` over them. */
function figures(values: Partial<Policy>) {
  const base = { autoApproveMaxMinor: 5_000, operatorLimitMinor: 50_000, fourEyesMinor: 100_000, approvalWindowMs: 48 * 3_600_000 };
  const { autoApproveMaxMinor, operatorLimitMinor, fourEyesMinor, approvalWindowMs } = { ...base, ...values };
  return { autoApproveMaxMinor, operatorLimitMinor, fourEyesMinor, approvalWindowMs };
}

/** What sam did in one PUT: everything as loose as the limits' columns allow. */
const WIDE_OPEN = { autoApproveMaxMinor: 50_000, operatorLimitMinor: 2_000_000_000, fourEyesMinor: 2_000_000_000 };

async function claim(user: "alice" | "bob", text: string) {
  const thread = await h.newThread(`cust-${user}`);
  const res = await call(user, "POST", "/api/threads/:id/messages", { text }, { id: thread });
  expect(res.status).toBe(200);
  return res.body as { status: string; caseId: string };
}

async function decide(user: string, caseId: string) {
  const approval = (await getApprovalByCase(h.db, TENANT, caseId))!;
  return call(user, "POST", "/api/approvals/:id/decision", { decision: "approve", reason: `by ${user}`, version: approval.version }, { id: approval.id });
}

describe("no supervisor alone loosens a money control", () => {
  it("keeps sam's wide-open policy a proposal: the Electro Mart refund still needs a second person, and sam cannot be both", async () => {
    const before = await policy();
    const proposed = await propose("sam", WIDE_OPEN, before.version);
    expect(proposed.status).toBe(202);
    expect(proposed.body).toMatchObject({
      version: before.version,
      autoApproveMaxMinor: 5_000,
      fourEyesMinor: 100_000,
      pendingChange: { proposedBy: "sam", proposedByYou: true, loosens: ["autoApproveMaxMinor", "operatorLimitMinor", "fourEyesMinor"] },
    });
    const changeId = (proposed.body.pendingChange as Change).id;
    expect(await answer("sam", changeId, "confirm")).toMatchObject({ status: 403, body: { code: "forbidden:four_eyes" } });
    // sam cannot go around the ceiling, nor propose again and confirm that one.
    expect(await propose("sam", { ...WIDE_OPEN, autoApproveMaxMinor: 500_000 }, before.version)).toMatchObject({
      status: 400,
      body: { code: "bad_request:policy" },
    });
    const again = await propose("sam", WIDE_OPEN, before.version);
    expect(await answer("sam", (again.body.pendingChange as Change).id, "confirm")).toMatchObject({ status: 403 });
    expect(await answer("sam", changeId, "confirm")).toMatchObject({ status: 409, body: { code: "conflict:policy_change", currentStatus: "superseded" } });
    expect(await getTenant(h.db, TENANT)).toMatchObject({ version: before.version, fourEyesMinor: 100_000 });

    const electro = await claim("alice", "I don't recognise the Electro Mart payment of 1,249.00");
    expect(electro.status).toBe("awaiting_approval");
    expect(await decide("sam", electro.caseId)).toMatchObject({ status: 200, body: { approvalsNeeded: 1 } });
    expect(await decide("sam", electro.caseId)).toMatchObject({ status: 403, body: { code: "forbidden:four_eyes" } });
    expect(await h.ledgerRows(electro.caseId)).toHaveLength(0);
    const actions = (await listAuditEventsBySubject(h.db, TENANT, "tenant", TENANT)).map((e) => e.action);
    expect(actions.filter((a) => a === "tenant.policy_change_proposed")).toHaveLength(2);
    expect(actions).not.toContain("tenant.policy_changed");
  });

  it("applies a tightening at once, without a second supervisor", async () => {
    const before = await policy();
    const res = await propose("sam", { autoApproveMaxMinor: 1_000, approvalWindowMs: 24 * 3_600_000 }, before.version);
    expect(res).toMatchObject({ status: 200, body: { version: before.version + 1, autoApproveMaxMinor: 1_000, pendingChange: null } });
  });

  it("applies a loosening sven confirms to approvals opened after it; the one already waiting keeps needing two", async () => {
    const waiting = await claim("alice", "I don't recognise the Electro Mart payment of 1,249.00");
    expect(await getApprovalByCase(h.db, TENANT, waiting.caseId)).toMatchObject({ requiredApprovals: 2, operatorLimitMinor: 50_000, fourEyesMinor: 100_000 });
    const before = await policy();
    const changeId = ((await propose("sam", WIDE_OPEN, before.version)).body.pendingChange as Change).id;
    expect((await policy("sven")).pendingChange).toMatchObject({ id: changeId, proposedBy: "sam", proposedByYou: false });
    const confirmed = await answer("sven", changeId, "confirm");
    expect(confirmed).toMatchObject({ status: 200, body: { version: before.version + 1, ...WIDE_OPEN, pendingChange: null } });
    const audit = await listAuditEventsBySubject(h.db, TENANT, "tenant", TENANT);
    expect(audit.find((e) => e.action === "tenant.policy_changed")).toMatchObject({
      actor: "sven",
      data: { proposedBy: "sam", confirmedBy: "sven", after: WIDE_OPEN },
    });
    expect(audit.map((e) => e.action)).toContain("tenant.policy_change_confirmed");

    // The approval opened before the change: still two people, whatever today's policy says.
    expect(await decide("sam", waiting.caseId)).toMatchObject({ status: 200, body: { approvalsNeeded: 1 } });
    expect(await decide("sam", waiting.caseId)).toMatchObject({ status: 403, body: { code: "forbidden:four_eyes" } });
    expect(await h.ledgerRows(waiting.caseId)).toHaveLength(0);
    expect(await decide("sven", waiting.caseId)).toMatchObject({ status: 200, body: { approvalsNeeded: 0 } });
    await until("the two-person refund is paid", async () => (await h.ledgerRows(waiting.caseId)).length === 1);

    // One opened after it follows the new policy: one supervisor pays 1,500.00.
    await h.db.insert(transactions).values({
      id: "tx-bob-big",
      tenantId: TENANT,
      customerId: "cust-bob",
      cardId: "card-bob",
      merchant: "Harbor Furniture",
      amountMinor: 150_000,
      currency: "EUR",
      country: "DE",
      postedAt: new Date(Date.now() - 2 * 86_400_000),
    });
    const fresh = await claim("bob", "I don't recognise the Harbor Furniture payment of 1,500.00");
    expect(await getApprovalByCase(h.db, TENANT, fresh.caseId)).toMatchObject({ requiredApprovals: 1, fourEyesMinor: 2_000_000_000 });
    expect(await decide("sam", fresh.caseId)).toMatchObject({ status: 200, body: { approvalsNeeded: 0 } });
  });

  it("lets a proposal lapse, refuses one the policy moved past, and keeps each bank's changes to its own supervisors", async () => {
    const before = await policy();
    const lapsing = ((await propose("sam", { autoApproveMaxMinor: 6_000 }, before.version)).body.pendingChange as Change).id;
    expect(await answer("zofia", lapsing, "confirm")).toMatchObject({ status: 404, body: { code: "not_found:policy_change" } });
    advanceClock(25 * 3_600_000);
    try {
      expect((await policy("sven")).pendingChange).toBeNull();
      expect(await answer("sven", lapsing, "confirm")).toMatchObject({ status: 409, body: { currentStatus: "expired" } });
    } finally {
      advanceClock(-25 * 3_600_000);
    }

    const moved = ((await propose("sam", { autoApproveMaxMinor: 6_000 }, before.version)).body.pendingChange as Change).id;
    expect((await propose("sven", { autoApproveMaxMinor: 4_000 }, before.version)).status).toBe(200);
    expect(await answer("sven", moved, "confirm")).toMatchObject({ status: 409, body: { code: "conflict:policy_change", currentStatus: "stale" } });
    expect(await getTenant(h.db, TENANT)).toMatchObject({ version: before.version + 1, autoApproveMaxMinor: 4_000 });
  });

  it("applies a bank's row above the deployment's ceiling as the ceiling", async () => {
    await h.db.execute(
      sql`update tenants set auto_approve_max_minor = 2_000_000, operator_limit_minor = 2_000_000, four_eyes_minor = 2_000_000 where id = ${TENANT}`,
    );
    h.agent.deps.policies.forget();
    expect((await h.agent.deps.policies.forTenant(TENANT)).refund.autoApproveMaxMinor).toBe(50_000);
  });
});
