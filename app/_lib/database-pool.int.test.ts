import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/auth/me/route";
import { database } from "@/db/client";
import { until } from "@/test/wait-for";
import { SESSION_COOKIE } from "./session-cookie";

const CONNECT_TIMEOUT_MS = 500;

beforeAll(() => {
  // The app's own pool, as the settings make it: two connections, short timeouts.
  process.env.DB_POOL_MAX = "2";
  process.env.DB_CONNECT_TIMEOUT_MS = String(CONNECT_TIMEOUT_MS);
  process.env.DB_STATEMENT_TIMEOUT_MS = "2000";
});
afterAll(() => database().pool.end());

/** A well-formed session token the app never issued: the answer needs the database (401 once it is reached). */
const askMe = () =>
  me(new Request("http://localhost/api/auth/me", { headers: { cookie: `${SESSION_COOKIE}=${"a".repeat(43)}` } }), { params: Promise.resolve({}) });

describe("the app's database pool", () => {
  it("answers 503 unavailable:database within about the connection timeout when every connection is busy", async () => {
    const { pool } = database();
    const busy = [pool.query("select pg_sleep(4)"), pool.query("select pg_sleep(4)")].map((q) =>
      q.then(
        () => "finished",
        (e: { code?: string }) => e.code,
      ),
    );
    await until("both connections to be taken", () => pool.totalCount === 2 && pool.idleCount === 0 && pool.waitingCount === 0);
    const started = Date.now();
    const res = await askMe();
    const waited = Date.now() - started;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "unavailable:database" });
    expect(waited).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);
    // The statement timeout cancels the sleeps (57014: query_canceled), and the pool serves again.
    expect(await Promise.all(busy)).toEqual(["57014", "57014"]);
    expect((await askMe()).status).toBe(401);
  });
});
