import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentHarness } from "@/test/agent-support";
import { runScript } from "@/test/run-script";

const h = agentHarness();
/** Every thread the tests write is idle by this policy the moment its turn ends. */
const env = { DATABASE_URL: process.env.DATABASE_OWNER_URL, RETENTION_IDLE_DAYS: "0", RETENTION_MESSAGE_DAYS: "0", RETENTION_NODE_EVENT_DAYS: "0" };

async function counts() {
  const out: Record<string, number> = {};
  for (const t of [
    "langgraph.checkpoints",
    "langgraph.checkpoint_writes",
    "langgraph.checkpoint_blobs",
    "messages",
    "node_events",
    "sessions",
    "audit_events",
    "job_runs",
    "retention_marks",
  ]) {
    out[t] = Number((await h.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${t}`))).rows[0]!.n);
  }
  return out;
}

beforeAll(async () => {
  await h.freshStart();
  await h.say(await h.newThread(), "Hello");
  await h.say(await h.newThread(), "I was charged twice at Coffee Corner");
});
afterAll(() => h.pool.end());

describe("npm run retention", () => {
  it("lists per tenant what would go with --dry-run and changes nothing; without it, removes that", async () => {
    const before = await counts();
    const dry = await runScript("scripts/retention.ts", ["--dry-run", "--json"], { env });
    expect(dry, dry.stderr).toMatchObject({ code: 0 });
    expect(await counts()).toEqual(before);
    const report = JSON.parse(dry.stdout) as {
      dryRun: boolean;
      tenants: { tenantId: string; threads: number; checkpoints: number; messages: number; nodeEvents: number }[];
    };
    const tenant = report.tenants.find((t) => t.tenantId === "demo-bank")!;
    expect(report.dryRun).toBe(true);
    expect(tenant.threads).toBe(2);
    expect(tenant.checkpoints).toBeGreaterThan(0);
    expect(tenant.messages).toBe(4);
    const text = await runScript("scripts/retention.ts", ["--dry-run"], { env });
    expect(text.stdout).toMatch(/Dry run: nothing was changed/);
    expect(text.stdout).toContain(`checkpoints ${tenant.checkpoints}`);
    expect(text.stdout.match(/^ {4}thread [0-9a-f-]+: \d+ checkpoint/gm)).toHaveLength(2);
    expect(await counts()).toEqual(before);

    const wet = await runScript("scripts/retention.ts", ["--json"], { env });
    expect(wet, wet.stderr).toMatchObject({ code: 0 });
    const after = await counts();
    expect(after["langgraph.checkpoints"]).toBe(before["langgraph.checkpoints"]! - tenant.checkpoints);
    expect(after.messages).toBe(before.messages! - tenant.messages);
  });

  it("sets a tenant's policy, which then overrides the settings, and refuses bad values changing nothing", async () => {
    await h.say(await h.newThread(), "Hello");
    const set = await runScript("scripts/retention.ts", ["--set-policy", "--tenant", "demo-bank", "--idle-days", "400", "--mode", "delete"], { env });
    expect(set, set.stderr).toMatchObject({ code: 0 });
    expect(set.stdout).toContain("demo-bank: idle 400 d, delete; messages 0 d");
    const dry = JSON.parse((await runScript("scripts/retention.ts", ["--dry-run", "--json"], { env })).stdout) as {
      tenants: { tenantId: string; threads: number; policy: { mode: string } }[];
    };
    expect(dry.tenants.find((t) => t.tenantId === "demo-bank")).toMatchObject({ threads: 0, policy: { mode: "delete" } });
    const audit = await h.db.execute(sql`select actor, data from audit_events where action = 'retention.policy_set'`);
    expect(audit.rows).toEqual([{ actor: "cli", data: { idleDays: 400, mode: "delete" } }]);
    for (const args of [["--idle-days", "-1"], ["--idle-days", "soon"], ["--mode", "forever"], [], ["--tenant", "no-such-bank", "--idle-days", "1"]]) {
      const withTenant = args.includes("--tenant") ? args : ["--tenant", "demo-bank", ...args];
      const run = await runScript("scripts/retention.ts", ["--set-policy", ...withTenant], { env });
      expect(run.code, args.join(" ")).toBe(2);
    }
    const row = await h.db.execute(sql`select idle_days, mode from retention_policies`);
    expect(row.rows).toEqual([{ idle_days: 400, mode: "delete" }]);
  });

  it("refuses an unknown option", async () => {
    const run = await runScript("scripts/retention.ts", ["--everything"], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/usage: npm run retention/);
  });
});
