import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import type { TenantRow } from "@/db/queries/tenants";
import { DEFAULT_POLICY } from "../graph/policy";
import { databasePolicies, POLICY_CACHE_MS } from "./tenant-policy";

const SETTINGS = { policy: DEFAULT_POLICY, authority: { operatorLimitMinor: 50_000, fourEyesMinor: 100_000 }, approvalTtlMs: 48 * 3_600_000 };

const vistula: TenantRow = {
  id: "vistula-bank",
  name: "Vistula Bank",
  currency: "PLN",
  language: "pl",
  autoApproveMaxMinor: 20_000,
  operatorLimitMinor: 200_000,
  fourEyesMinor: 400_000,
  approvalWindowMs: 24 * 3_600_000,
  version: 1,
  updatedAt: new Date(),
  updatedBy: "seed",
  agentRevisionId: null,
  canaryThresholds: null,
};

/** A database that answers `getTenant` from `rows` and counts the reads. */
function fakeDb(rows: Map<string, TenantRow>) {
  const reads: string[] = [];
  let asked = "";
  const db = {
    select: () => ({
      from: () => ({
        where: async () => {
          reads.push(asked);
          const row = rows.get(asked);
          return row ? [row] : [];
        },
      }),
    }),
  };
  return { db: db as unknown as Db, reads, ask: (tenantId: string) => (asked = tenantId) };
}

describe("each bank's policy as the agent reads it", () => {
  it("applies a bank's row, in its currency, and the settings to a bank without one", async () => {
    const fake = fakeDb(new Map([[vistula.id, vistula]]));
    const policies = databasePolicies(fake.db, SETTINGS);
    fake.ask("vistula-bank");
    expect(await policies.forTenant("vistula-bank")).toEqual({
      currency: "PLN",
      language: "pl",
      refund: { ...DEFAULT_POLICY, autoApproveMaxMinor: 20_000 },
      authority: { operatorLimitMinor: 200_000, fourEyesMinor: 400_000 },
      approvalTtlMs: 24 * 3_600_000,
    });
    fake.ask("bank-without-row");
    expect(await policies.forTenant("bank-without-row")).toEqual({
      currency: "EUR",
      language: "en",
      refund: DEFAULT_POLICY,
      authority: SETTINGS.authority,
      approvalTtlMs: SETTINGS.approvalTtlMs,
    });
  });

  it("reads a bank's row once per cache period, again once told it changed or once the period is over", async () => {
    const rows = new Map([[vistula.id, vistula]]);
    const fake = fakeDb(rows);
    let now = 0;
    const policies = databasePolicies(fake.db, SETTINGS, () => now);
    fake.ask("vistula-bank");
    await policies.forTenant("vistula-bank");
    await policies.forTenant("vistula-bank");
    expect(fake.reads).toHaveLength(1);

    rows.set(vistula.id, { ...vistula, autoApproveMaxMinor: 30_000, version: 2 });
    expect((await policies.forTenant("vistula-bank")).refund.autoApproveMaxMinor).toBe(20_000);
    policies.forget("vistula-bank");
    expect((await policies.forTenant("vistula-bank")).refund.autoApproveMaxMinor).toBe(30_000);
    expect(fake.reads).toHaveLength(2);

    rows.set(vistula.id, { ...vistula, autoApproveMaxMinor: 40_000, version: 3 });
    now += POLICY_CACHE_MS - 1;
    expect((await policies.forTenant("vistula-bank")).refund.autoApproveMaxMinor).toBe(30_000);
    now += 1;
    expect((await policies.forTenant("vistula-bank")).refund.autoApproveMaxMinor).toBe(40_000);
    expect(fake.reads).toHaveLength(3);
  });

  it("keeps no failed read: the next turn asks the database again", async () => {
    let fail = true;
    const db = { select: () => ({ from: () => ({ where: async () => (fail ? Promise.reject(new Error("connection lost")) : [vistula]) }) }) } as unknown as Db;
    const policies = databasePolicies(db, SETTINGS);
    await expect(policies.forTenant("vistula-bank")).rejects.toThrow("connection lost");
    fail = false;
    expect((await policies.forTenant("vistula-bank")).currency).toBe("PLN");
  });
});
