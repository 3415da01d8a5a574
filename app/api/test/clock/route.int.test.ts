import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The clock route as a server with this environment loads it (settings are read once per process). */
async function clockRouteIn(environment: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import("@/test/routes")).callRoute;
}

const advance = { method: "POST" as const, route: "/api/test/clock", body: JSON.stringify({ advanceMs: 60_000 }) };

describe("POST /api/test/clock", () => {
  it("does not exist in production even with ENABLE_TEST_CLOCK=1, should start-up checks be bypassed", async () => {
    const callRoute = await clockRouteIn({ NODE_ENV: "production", DEMO_DATA: "0", ENABLE_TEST_CLOCK: "1" });
    const res = await callRoute(advance);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found:route" });
  });

  it("exists in demo mode with ENABLE_TEST_CLOCK=1 (staff only)", async () => {
    const callRoute = await clockRouteIn({ NODE_ENV: "production", DEMO_DATA: "1", ENABLE_TEST_CLOCK: "1" });
    const res = await callRoute(advance);
    expect(res.status).toBe(401);
  });
});
