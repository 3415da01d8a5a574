import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { auditChainPage, recordAuditEvent } from "@/db/queries/audit";
import { resetDatabase, seedDemoData } from "@/db/seed";
import { runScript } from "@/test/run-script";

const { db, pool } = openDatabase(process.env.DATABASE_OWNER_URL!, 2);
const verify = (args: string[] = []) => runScript("scripts/audit-verify.ts", args, { env: { DATABASE_URL: process.env.DATABASE_OWNER_URL } });

beforeAll(async () => {
  await resetDatabase(db);
  await seedDemoData(db);
});
afterAll(() => pool.end());

/** A tenant of its own with five audit events (seq 1 to 5); returns the tenant and the rows' ids by seq. */
async function tenantWithFiveEvents() {
  const tenant = `bank-${randomUUID().slice(0, 8)}`;
  for (let n = 1; n <= 5; n++) {
    await recordAuditEvent(db, {
      tenantId: tenant,
      actor: "olga",
      action: `step.${n}`,
      subjectType: "approval",
      subjectId: `a-${n}`,
      data: { n, reason: "checked" },
    });
  }
  const rows = await auditChainPage(db, tenant, null, 10);
  return { tenant, rows, id: (seq: number) => rows[seq - 1]!.id };
}

/** What only the table's owner can do: switch the audit triggers off, change history, switch them on again. */
async function tamper(...statements: SQL[]) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger user`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger user`);
  });
}

describe("npm run audit:verify", () => {
  it("says each tenant's chain holds, with its length and head, and exits 0", async () => {
    const { tenant, rows } = await tenantWithFiveEvents();
    const run = await verify();
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout).toContain(`${tenant}: the chain of 5 row(s) holds; head seq 5, hash ${rows[4]!.hash}`);

    const one = await verify(["--tenant", tenant]);
    expect(one, one.stderr).toMatchObject({ code: 0 });
    expect(one.stdout.trim()).toBe(`${tenant}: the chain of 5 row(s) holds; head seq 5, hash ${rows[4]!.hash}`);
  });

  it("names a row whose details were changed as the first broken row", async () => {
    const { tenant, id, rows } = await tenantWithFiveEvents();
    await tamper(sql`update audit_events set data = jsonb_set(data, '{reason}', '"not checked"') where id = ${id(3)}`);
    const run = await verify(["--tenant", tenant]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${tenant}: BROKEN at row id ${id(3)} (seq 3, ${rows[2]!.at}, step.3): its content does not match its hash`);
    expect(run.stderr).toContain("the 2 row(s) before it hold");
  });

  it("names the row after a deleted one as the first broken row", async () => {
    const { tenant, id, rows } = await tenantWithFiveEvents();
    await tamper(sql`delete from audit_events where id = ${id(3)}`);
    const run = await verify(["--tenant", tenant]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${tenant}: BROKEN at row id ${id(4)} (seq 4, ${rows[3]!.at}, step.4): its seq is 4 where 3 was due`);
  });

  it("names a row forged into the middle of the chain (later rows renumbered to make room) as the first broken row", async () => {
    const { tenant, id, rows } = await tenantWithFiveEvents();
    await tamper(
      sql`update audit_events set seq = -seq where tenant_id = ${tenant} and seq >= 3`,
      sql`update audit_events set seq = 1 - seq where tenant_id = ${tenant} and seq < 0`,
      sql`
      insert into audit_events (tenant_id, actor, action, subject_type, subject_id, data, at, seq, prev_hash, hash)
      values (${tenant}, 'sam', 'approval.approved', 'approval', 'a-forged', '{}', ${rows[1]!.at}::timestamptz, 3, ${rows[1]!.hash}, ${rows[2]!.hash})`,
    );
    const forged = (await db.execute<{ id: string }>(sql`select id::text from audit_events where tenant_id = ${tenant} and subject_id = 'a-forged'`)).rows[0]!
      .id;
    const run = await verify(["--tenant", tenant]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${tenant}: BROKEN at row id ${forged} (seq 3, ${rows[1]!.at}, approval.approved): its content does not match its hash`);
    expect(id(3)).not.toBe(forged);
  });

  it("names the row after a forgery whose hash was computed right: its link back no longer matches", async () => {
    const { tenant, id, rows } = await tenantWithFiveEvents();
    await tamper(
      sql`update audit_events set seq = -seq where tenant_id = ${tenant} and seq >= 3`,
      sql`update audit_events set seq = 1 - seq where tenant_id = ${tenant} and seq < 0`,
      sql`
      insert into audit_events (tenant_id, actor, action, subject_type, subject_id, data, at, seq, prev_hash, hash)
      select ${tenant}, 'sam', 'approval.approved', 'approval', 'a-forged', '{}', ${rows[1]!.at}::timestamptz, 3, ${rows[1]!.hash},
             audit_event_hash(${tenant}, 3, ${rows[1]!.at}::timestamptz, 'sam', 'approval.approved', 'approval', 'a-forged', '{}', ${rows[1]!.hash})`,
    );
    const run = await verify(["--tenant", tenant]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${tenant}: BROKEN at row id ${id(3)} (seq 4, ${rows[2]!.at}, step.3): its prev_hash is not the hash of the row before it`);
  });

  it("checks every tenant when none is named: one broken chain fails the run, the others still say they hold", async () => {
    const good = await tenantWithFiveEvents();
    const bad = await tenantWithFiveEvents();
    await tamper(sql`update audit_events set actor = 'sam' where id = ${bad.id(5)}`);
    const run = await verify();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${good.tenant}: the chain of 5 row(s) holds`);
    expect(run.stderr).toContain(`${bad.tenant}: BROKEN at row id ${bad.id(5)}`);
  });

  it("refuses to check as the app's role, which row-level security limits to one tenant", async () => {
    await tenantWithFiveEvents();
    const run = await runScript("scripts/audit-verify.ts", [], { env: { DATABASE_URL: process.env.DATABASE_URL } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("row-level security");
    expect(run.stdout).toBe("");
  });

  it("refuses a malformed tenant with the usage, and fails for a tenant without audit events", async () => {
    const bad = await verify(["--tenant", "no such bank!"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("usage: npm run audit:verify");
    const none = await verify(["--tenant", "bank-without-events"]);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain("bank-without-events: no audit events");
  });
});
