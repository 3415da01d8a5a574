import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSession, createSession } from "@/app/_lib/session";
import { openDatabase } from "@/db/client";
import { auditEvents, users } from "@/db/schema";
import { resetDatabase, seedDemoData } from "@/db/seed";
import { callRoute } from "@/test/routes";
import { runScript } from "@/test/run-script";

const { db, pool } = openDatabase(process.env.DATABASE_OWNER_URL!, 2);
const dbEnv = { DATABASE_URL: process.env.DATABASE_OWNER_URL };

beforeAll(async () => {
  await resetDatabase(db);
  await seedDemoData(db);
});
afterAll(() => pool.end());

const uniqueName = (prefix: string) => `${prefix}.${randomBytes(3).toString("hex")}`;
const userCreate = (args: string[], stdin?: string) => runScript("scripts/user-create.ts", args, { env: dbEnv, stdin });

async function signIn(username: string, password: string) {
  return callRoute({ method: "POST", route: "/api/auth/login", body: JSON.stringify({ username, password }) });
}

async function findUser(username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row ?? null;
}

describe("npm run user:create", () => {
  it("creates an operator from a piped password who can then sign in, and audits it as the cli", async () => {
    const username = uniqueName("olga");
    const run = await userCreate(
      ["--role", "operator", "--username", username, "--display-name", "Olga Real", "--tenant", "demo-bank"],
      "a long operator passphrase\n",
    );
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout).toContain(`created operator ${username}`);

    const res = await signIn(username, "a long operator passphrase");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { username, role: "operator", displayName: "Olga Real" } });

    const user = (await findUser(username))!;
    expect(user).toMatchObject({ tenantId: "demo-bank", customerId: null });
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, "user"), eq(auditEvents.subjectId, user.id)));
    expect(audit).toEqual([expect.objectContaining({ actor: "cli", action: "user.created", data: expect.objectContaining({ username, role: "operator" }) })]);
  });

  it("creates an ops account, which reads the ops summary and not the approval queue", async () => {
    const username = uniqueName("otto");
    const run = await userCreate(["--role", "ops", "--username", username, "--display-name", "Otto Real", "--tenant", "demo-bank"], "a long ops passphrase\n");
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout).toContain(`created ops ${username}`);
    const res = await signIn(username, "a long ops passphrase");
    expect(await res.json()).toMatchObject({ user: { username, role: "ops" } });
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    expect((await callRoute({ method: "GET", route: "/api/ops/summary", cookie })).status).toBe(200);
    expect((await callRoute({ method: "GET", route: "/api/approvals", cookie })).status).toBe(403);
  });

  it("links a customer account to the bank's customer and that customer's tenant", async () => {
    const username = uniqueName("bob");
    const run = await userCreate(
      ["--role", "customer", "--username", username, "--display-name", "Bob K", "--customer-id", "cust-bob"],
      "bob's own long password\n",
    );
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(await findUser(username)).toMatchObject({ role: "customer", customerId: "cust-bob", tenantId: "demo-bank" });
    expect((await signIn(username, "bob's own long password")).status).toBe(200);
  });

  it("asks which bank a staff account is for when the database holds several, and creates nobody until told", async () => {
    const username = uniqueName("marta");
    const run = await userCreate(["--role", "operator", "--username", username, "--display-name", "Marta Real"], "a long operator passphrase\n");
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("the database has several tenants (demo-bank, vistula-bank): pass --tenant");
    expect(await findUser(username)).toBeNull();
    const named = await userCreate(
      ["--role", "operator", "--username", username, "--display-name", "Marta Real", "--tenant", "vistula-bank"],
      "a long operator passphrase\n",
    );
    expect(named, named.stderr).toMatchObject({ code: 0 });
    expect(await findUser(username)).toMatchObject({ tenantId: "vistula-bank" });
  });

  it("refuses a password on the command line, in any spelling, and creates nobody", async () => {
    for (const args of [["--password", "a long operator passphrase"], ["--password=a long operator passphrase"], ["-p", "a long operator passphrase"]]) {
      const username = uniqueName("mallory");
      const run = await userCreate(
        ["--role", "operator", "--username", username, "--display-name", "M", "--tenant", "demo-bank", ...args],
        "a long operator passphrase\n",
      );
      expect(run.code).not.toBe(0);
      expect(run.stderr.trim()).toBe(
        "user:create: a password is never taken on the command line (shell history and ps keep it): type it at the prompt or pipe it on stdin",
      );
      expect(await findUser(username)).toBeNull();
    }
  });

  it("refuses a password shorter than 12 characters, or one containing the username", async () => {
    const username = uniqueName("short");
    const short = await userCreate(["--role", "auditor", "--username", username, "--display-name", "S", "--tenant", "demo-bank"], "elevenchars\n");
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain("at least 12 characters");
    const named = await userCreate(["--role", "auditor", "--username", username, "--display-name", "S", "--tenant", "demo-bank"], `${username}-password\n`);
    expect(named.code).not.toBe(0);
    expect(named.stderr).toContain("must not contain the username");
    expect(await findUser(username)).toBeNull();
  });

  it("refuses a username that exists and leaves that account as it was", async () => {
    const before = (await findUser("olga"))!;
    const run = await userCreate(
      ["--role", "supervisor", "--username", "olga", "--display-name", "Impostor", "--tenant", "demo-bank"],
      "a long supervisor passphrase\n",
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("user olga exists");
    expect(await findUser("olga")).toEqual(before);
    expect((await signIn("olga", "a long supervisor passphrase")).status).toBe(401);
  });

  it("with --reset-password sets a new password and ends every session of that user", async () => {
    const username = uniqueName("sam");
    expect(
      (await userCreate(["--role", "supervisor", "--username", username, "--display-name", "Sam R", "--tenant", "demo-bank"], "the first long password\n"))
        .code,
    ).toBe(0);
    const user = (await findUser(username))!;
    const { token } = await createSession(db, user.id);
    expect(await checkSession(db, { kind: "token", token })).toMatchObject({ user: { username } });

    const run = await userCreate(["--reset-password", "--username", username], "the second long password\n");
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout).toContain("1 session(s) ended");
    expect(await checkSession(db, { kind: "token", token })).toEqual({ problem: "session_invalid" });
    expect((await signIn(username, "the first long password")).status).toBe(401);
    expect((await signIn(username, "the second long password")).status).toBe(200);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.action, "user.password_reset")));
    expect(audit).toEqual([expect.objectContaining({ actor: "cli", data: expect.objectContaining({ sessionsEnded: 1 }) })]);
  });

  it("in production refuses to run without DATABASE_URL rather than write to an embedded database", async () => {
    const username = uniqueName("prod");
    const run = await runScript("scripts/user-create.ts", ["--role", "operator", "--username", username, "--display-name", "P"], {
      env: { NODE_ENV: "production" },
      stdin: "a long operator passphrase\n",
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^user:create: DATABASE_URL is required in production/)]);
  });
});
