import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "@/simulator/test-support";
import { until } from "@/test/wait-for";
import { database } from "@/db/client";
import { GET } from "./route";

const SYSTEMS = 5;
const healthChecks = async () => (await call("/_admin/health-checks")).body.healthChecks as number;
const probe = async (i: number) => {
  const res = await GET(new Request("http://localhost/api/health", { headers: { "x-forwarded-for": `198.51.100.${i % 250}` } }), {
    params: Promise.resolve({}),
  });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  expect((await call("/_admin/reset", { method: "POST" })).status).toBe(200);
});
afterAll(() => database().pool.end());

describe("GET /api/health", () => {
  it("answers many probes at once from one look: each bank system is asked once, and again only after the answer is a second old", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => probe(i)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(answers[0]!.body).toEqual({ ok: true, database: true, systems: { limits: true, history: true, antifraud: true, ledger: true, cards: true } });
    expect(await healthChecks()).toBe(SYSTEMS);

    // Probed over and over, it looks again once its answer has aged, and only once.
    await until(
      "the health answer to be looked at again",
      async () => {
        await probe(0);
        return (await healthChecks()) > SYSTEMS;
      },
      5_000,
    );
    expect(await healthChecks()).toBe(2 * SYSTEMS);
  });
});
