/**
 * `npm run bench:login`: what a flood of sign-ins does to everyone else. Runs the sign-in
 * route in this process against a fresh embedded Postgres, with CONCURRENCY clients sending
 * wrong and right passwords for FLOOD_MS, while one client times a cheap signed-in request
 * (GET /api/auth/me) every PROBE_MS. Prints the event-loop delay and the cheap request's
 * latency for the former path (scryptSync, N=2^14 r=8 p=1, on the event loop) and the current
 * one (async scrypt, N=2^14 r=8 p=5, on the libuv pool), side by side. The throttle is set
 * out of reach so every attempt does its hash work.
 *
 * Usage: npm run bench:login [-- FLOOD_MS [CONCURRENCY]]
 */
import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { inArray } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { startEmbeddedPostgres } from "../../db/embedded";
import { migrateDatabase } from "../../db/migrate";
import { hashPassword } from "../../db/password";
import { DEMO_TENANT, seedDemoData } from "../../db/seed";
import { users } from "../../db/schema";
import { logToStderr } from "../../observability/log";
import { LOAD_GENERATOR_BUDGETS } from "../load-budgets";

// The report is this command's standard output; its logs go to standard error.
logToStderr();

const FLOOD_MS = Number(process.argv[2] ?? 8000);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const PROBE_MS = 20;
const ACCOUNTS = 8;

type Handler = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;
type Figures = { loopP50: number; loopP99: number; loopMax: number; cheapP50: number; cheapP99: number; cheapMax: number; logins: number; perSecond: number };

const ctx = { params: Promise.resolve({}) as Promise<Record<string, never>> };
const post = (body: unknown) =>
  new Request("http://localhost/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** A stored hash as the app wrote it before: `salt:hash`, hex, Node's scrypt defaults. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString("hex")}:${scryptSync(password, salt, 32).toString("hex")}`;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function flood(
  signIn: ((username: string, password: string) => Promise<Response>) | null,
  prefix: string,
  cheap: () => Promise<Response>,
): Promise<Figures> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const latencies: number[] = [];
  let logins = 0;
  let done = false;
  loop.enable();
  const started = performance.now();
  const workers = Array.from({ length: signIn ? CONCURRENCY : 0 }, async (_, w) => {
    for (let i = 0; !done && signIn; i++) {
      const user = `${prefix}-${(w + i) % ACCOUNTS}`;
      const res = await signIn(user, i % 2 === 0 ? "wrong-password" : `${user}-pass`);
      await res.arrayBuffer();
      logins++;
    }
  });
  const probe = (async () => {
    while (!done) {
      const t = performance.now();
      const res = await cheap();
      if (res.status !== 200) throw new Error(`cheap request answered ${res.status}`);
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  })();
  await new Promise((r) => setTimeout(r, FLOOD_MS));
  done = true;
  await Promise.all([...workers, probe]);
  const seconds = (performance.now() - started) / 1000;
  loop.disable();
  latencies.sort((a, b) => a - b);
  const ms = (ns: number) => ns / 1e6;
  return {
    loopP50: ms(loop.percentile(50)),
    loopP99: ms(loop.percentile(99)),
    loopMax: ms(loop.max),
    cheapP50: percentile(latencies, 0.5),
    cheapP99: percentile(latencies, 0.99),
    cheapMax: latencies.at(-1) ?? 0,
    logins,
    perSecond: logins / seconds,
  };
}

async function main() {
  const pg = await startEmbeddedPostgres(".data/pg-bench-login", { fresh: true });
  // Settings are read once per process, so they are in place before anything reads them.
  // The flood comes from one address: neither the sign-in throttle nor the address budget may stop it.
  Object.assign(process.env, {
    DATABASE_URL: pg.url,
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "1000000000",
    LOGIN_MAX_FAILURES_PER_ADDRESS: "1000000000",
    ...LOAD_GENERATOR_BUDGETS,
  });
  const setup = openDatabase(pg.url, 2);
  try {
    await migrateDatabase(setup.db, setup.pool);
    await seedDemoData(setup.db);
    const accounts = async (prefix: string, hash: (password: string) => Promise<string> | string) =>
      Promise.all(
        Array.from({ length: ACCOUNTS }, async (_, i) => {
          const username = `${prefix}-${i}`;
          return {
            id: `user-${username}`,
            tenantId: DEMO_TENANT,
            username,
            passwordHash: await hash(`${username}-pass`),
            role: "customer" as const,
            displayName: username,
            customerId: "cust-alice",
          };
        }),
      );
    await setup.db.insert(users).values([...(await accounts("before", legacyHash)), ...(await accounts("now", hashPassword))]);
    await setup.pool.end();

    const { database } = await import("../../db/client");
    const { createSession } = await import("../../app/_lib/session");
    const { SESSION_COOKIE } = await import("../../app/_lib/session-cookie");
    const login = (await import("../../app/api/auth/login/route")).POST as unknown as Handler;
    const me = (await import("../../app/api/auth/me/route")).GET as unknown as Handler;
    const { db } = database();
    const { token } = await createSession(db, "user-olga");
    const cheap = () => me(new Request("http://localhost/api/auth/me", { headers: { cookie: `${SESSION_COOKIE}=${token}` } }), ctx);

    /** The sign-in as it was: the same lookup and session, the hash checked with scryptSync. */
    const before = async (username: string, password: string) => {
      const [user] = await db
        .select()
        .from(users)
        .where(inArray(users.username, [username]));
      const [salt, hash] = user!.passwordHash.split(":");
      const expected = Buffer.from(hash!, "hex");
      if (!timingSafeEqual(scryptSync(password, Buffer.from(salt!, "hex"), expected.length), expected))
        return Response.json({ code: "unauthorized:login" }, { status: 401 });
      await createSession(db, user!.id);
      return Response.json({ ok: true });
    };
    const now = (username: string, password: string) => login(post({ username, password }), ctx);

    // Warm both paths (module loading, the pool) before measuring.
    await before("before-0", "before-0-pass");
    await now("now-0", "now-0-pass");
    for (let i = 0; i < 20; i++) await (await cheap()).arrayBuffer();

    const idle = await flood(null, "idle", cheap);
    const old = await flood(before, "before", cheap);
    const current = await flood(now, "now", cheap);

    console.log(`sign-in flood: ${CONCURRENCY} clients for ${FLOOD_MS} ms, half wrong passwords; cheap request GET /api/auth/me every ${PROBE_MS} ms (ms)`);
    const rows: [string, (f: Figures) => number, number][] = [
      ["event-loop delay p50", (f) => f.loopP50, 1],
      ["event-loop delay p99", (f) => f.loopP99, 1],
      ["event-loop delay max", (f) => f.loopMax, 1],
      ["cheap request p50", (f) => f.cheapP50, 1],
      ["cheap request p99", (f) => f.cheapP99, 1],
      ["cheap request max", (f) => f.cheapMax, 1],
      ["sign-ins per second", (f) => f.perSecond, 1],
    ];
    console.log(`${"".padEnd(24)} ${"no flood".padStart(10)} ${"scryptSync p=1".padStart(15)} ${"async p=5".padStart(11)} ${"before/now".padStart(11)}`);
    for (const [name, pick] of rows) {
      console.log(
        `${name.padEnd(24)} ${pick(idle).toFixed(1).padStart(10)} ${pick(old).toFixed(1).padStart(15)} ${pick(current).toFixed(1).padStart(11)} ${`${(pick(old) / pick(current)).toFixed(1)}x`.padStart(11)}`,
      );
    }
    console.log(`(scryptSync with p=1 did 1/5 of the hash work per sign-in that async p=5 does; ${old.logins} and ${current.logins} sign-ins)`);
    await database().pool.end();
  } finally {
    await pg.stop();
  }
}

void main();
