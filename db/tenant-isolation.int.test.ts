import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bypassesRowSecurity } from "./app-role";
import { openDatabase } from "./client";
import { DEMO_TENANT } from "./seed";
import { withTenant } from "./tenant-context";
import { testDatabase } from "../simulator/test-support";

const owner = testDatabase();
const OTHER = "other-bank";
const OTHER_THREAD = "7d1f2c9e-1111-4c3b-9a55-000000000b0b";
const DEMO_THREAD = "7d1f2c9e-2222-4c3b-9a55-000000000a0a";
let app: ReturnType<typeof openDatabase>;

beforeAll(async () => {
  await owner.freshStart();
  const q = (text: string, values: unknown[] = []) => owner.pool.query(text, values);
  await q(`insert into users (id, tenant_id, username, password_hash, role, display_name) values ('user-xenia', $1, 'xenia', 'x', 'operator', 'Zofia Nowak')`, [
    OTHER,
  ]);
  await q(`insert into customers (id, tenant_id, name, home_country) values ('cust-other', $1, 'Other Customer', 'PL')`, [OTHER]);
  await q(`insert into threads (id, tenant_id, customer_id) values ($2, $1, 'cust-other')`, [OTHER, OTHER_THREAD]);
  await q(`insert into threads (id, tenant_id, customer_id) values ($2, $1, 'cust-alice')`, [DEMO_TENANT, DEMO_THREAD]);
  await q(`insert into audit_events (tenant_id, actor, action, subject_type, subject_id) values ($1, 'xenia', 'test.other', 'thread', $2)`, [
    OTHER,
    OTHER_THREAD,
  ]);
  await q(`insert into audit_events (tenant_id, actor, action, subject_type, subject_id) values ($1, 'olga', 'test.demo', 'thread', 'x')`, [DEMO_TENANT]);
  await q(`insert into langgraph.checkpoints (thread_id, checkpoint_ns, checkpoint_id, checkpoint, metadata) values ($1, '', 'cp-other', '{}', '{}')`, [
    OTHER_THREAD,
  ]);
  // DATABASE_URL is what the app's code connects with: the application role.
  app = openDatabase(process.env.DATABASE_URL!, 2);
});

afterAll(async () => {
  await app?.pool.end();
  await owner.pool.end();
});

/** Rows of `table` the app role sees with no filter at all, by tenant. */
async function tenantsIn(table: string): Promise<string[]> {
  const { rows } = await app.pool.query<{ tenant_id: string }>(`select distinct tenant_id from ${table}`);
  return rows.map((r) => r.tenant_id).sort();
}

describe("row-level security, for the role the app connects as", () => {
  it("is enforced: the app role is neither superuser nor owner, and has no BYPASSRLS", async () => {
    expect(await bypassesRowSecurity(app.pool)).toBeNull();
    expect(await bypassesRowSecurity(owner.pool)).toMatch(/superuser/);
  });

  it("counts a role that is a member of the tables' owner as the owner: Postgres lets it past the policies", async () => {
    const { rows } = await owner.pool.query<{ owner: string }>(
      "select tableowner as owner from pg_tables where schemaname = 'public' and tablename = 'threads'",
    );
    const tableOwner = rows[0]!.owner;
    await owner.pool.query(`create role owner_member login password 'owner-member' in role "${tableOwner}"`);
    const url = new URL(process.env.DATABASE_URL!);
    url.username = "owner_member";
    url.password = "owner-member";
    const member = openDatabase(url.toString(), 1);
    try {
      expect(await bypassesRowSecurity(member.pool)).toBe(`owner_member has the privileges of ${tableOwner}, which owns the tables`);
      // What the check guards against: acting for one tenant, the member still sees the other's rows.
      expect(await withTenant(DEMO_TENANT, () => member.pool.query("select 1 from users where tenant_id = $1", [OTHER]))).toMatchObject({ rowCount: 1 });
    } finally {
      await member.pool.end();
      await owner.pool.query("drop role owner_member");
    }
  });

  it("shows a query without any tenant filter only the rows of the tenant it acts for", async () => {
    for (const table of ["users", "customers", "threads", "audit_events"]) {
      expect(await withTenant(DEMO_TENANT, () => tenantsIn(table)), table).toEqual([DEMO_TENANT]);
      expect(await withTenant(OTHER, () => tenantsIn(table)), table).toEqual([OTHER]);
    }
    const checkpoints = async () => (await app.pool.query("select thread_id from langgraph.checkpoints where thread_id = $1", [OTHER_THREAD])).rowCount;
    expect(await withTenant(DEMO_TENANT, checkpoints)).toBe(0);
    expect(await withTenant(OTHER, checkpoints)).toBe(1);
  });

  it("gives a checkpoint row its thread's tenant, whoever writes it", async () => {
    await withTenant(DEMO_TENANT, () =>
      app.pool.query(
        `insert into langgraph.checkpoints (thread_id, checkpoint_ns, checkpoint_id, checkpoint, metadata) values ($1, '', 'cp-demo', '{}', '{}')`,
        [DEMO_THREAD],
      ),
    );
    // A tenant named on the row gives way to the thread's.
    await withTenant(DEMO_TENANT, () =>
      app.pool.query(
        `insert into langgraph.checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob, tenant_id) values ($1, '', 'cp-demo', 't', 0, 'c', 'json', '\\x7b7d', $2)`,
        [DEMO_THREAD, OTHER],
      ),
    );
    const { rows } = await owner.pool.query(
      `select checkpoint_id, tenant_id from langgraph.checkpoints where checkpoint_id in ('cp-demo', 'cp-other') order by checkpoint_id`,
    );
    expect(rows).toEqual([
      { checkpoint_id: "cp-demo", tenant_id: DEMO_TENANT },
      { checkpoint_id: "cp-other", tenant_id: OTHER },
    ]);
    expect((await owner.pool.query(`select tenant_id from langgraph.checkpoint_writes where checkpoint_id = 'cp-demo'`)).rows).toEqual([
      { tenant_id: DEMO_TENANT },
    ]);
  });

  it("shows nothing to work that acts for no tenant", async () => {
    expect(await tenantsIn("threads")).toEqual([]);
    expect(await tenantsIn("users")).toEqual([]);
  });

  it("refuses to write another tenant's rows, or checkpoints for another tenant's thread", async () => {
    await expect(
      withTenant(DEMO_TENANT, () =>
        app.pool.query(`insert into threads (id, tenant_id, customer_id) values (gen_random_uuid()::text, $1, 'cust-other')`, [OTHER]),
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      withTenant(DEMO_TENANT, () =>
        app.pool.query(
          `insert into langgraph.checkpoints (thread_id, checkpoint_ns, checkpoint_id, checkpoint, metadata) values ($1, '', 'cp-forged', '{}', '{}')`,
          [OTHER_THREAD],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    // Naming one's own tenant on a row for the other bank's thread is refused too.
    await expect(
      withTenant(DEMO_TENANT, () =>
        app.pool.query(
          `insert into langgraph.checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob, tenant_id) values ($1, '', 'c', '1', 'json', '\\x7b7d', $2)`,
          [OTHER_THREAD, DEMO_TENANT],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    const moved = await withTenant(DEMO_TENANT, () => app.pool.query(`update threads set customer_id = 'cust-alice' where id = $1`, [OTHER_THREAD]));
    expect(moved.rowCount).toBe(0);
  });

  it("lets the app add to the audit trail but never change or delete it", async () => {
    await withTenant(OTHER, () =>
      app.pool.query(`insert into audit_events (tenant_id, actor, action, subject_type, subject_id) values ($1, 'xenia', 'test.added', 'thread', $2)`, [
        OTHER,
        OTHER_THREAD,
      ]),
    );
    await expect(withTenant(OTHER, () => app.pool.query(`update audit_events set actor = 'someone' where tenant_id = $1`, [OTHER]))).rejects.toThrow(
      /permission denied/,
    );
    await expect(withTenant(OTHER, () => app.pool.query(`delete from audit_events where tenant_id = $1`, [OTHER]))).rejects.toThrow(/permission denied/);
  });

  it("signs in and reads a session through the two narrow functions only", async () => {
    const { rows } = await app.pool.query(`select tenant_id, role from auth_user_for_sign_in('xenia')`);
    expect(rows).toEqual([{ tenant_id: OTHER, role: "operator" }]);
    expect((await app.pool.query(`select * from users where username = 'xenia'`)).rowCount).toBe(0);
  });
});
