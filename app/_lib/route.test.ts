import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "./route";
import { parseBody, parseOptionalBody } from "./request-body";

function guardedHandler() {
  const calls: string[] = [];
  const handler = route(async (req) => {
    calls.push(req.method);
    return Response.json({ ok: true });
  });
  // A well-formed session cookie: a request without one first spends its address's budget, in a database these offline tests do not have.
  const cookie = `__Host-bank_session=${"a".repeat(43)}`;
  return {
    calls,
    call: (init: RequestInit) =>
      handler(new Request("http://localhost:3400/api/x", { ...init, headers: { host: "localhost:3400", cookie, ...init.headers } }), {
        params: Promise.resolve({}),
      }),
  };
}

describe("route()", () => {
  it("refuses a write from another site before the handler runs", async () => {
    const { calls, call } = guardedHandler();
    const res = await call({ method: "POST", headers: { origin: "http://localhost:9999", "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "forbidden:origin" });
    expect(calls).toEqual([]);
  });

  it("refuses a write not declared JSON before the handler runs, even with no body", async () => {
    const { calls, call } = guardedHandler();
    for (const headers of [{}, { "content-type": "text/plain; application/json" }] as Record<string, string>[]) {
      const res = await call({ method: "DELETE", headers });
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ code: "unsupported_media_type:body" });
    }
    expect(calls).toEqual([]);
  });

  it("runs a same-origin JSON write and a read from anywhere, and puts the API's headers on every answer", async () => {
    const { calls, call } = guardedHandler();
    const write = await call({ method: "POST", headers: { origin: "http://localhost:3400", "content-type": "application/json" }, body: "{}" });
    const read = await call({ method: "GET", headers: { origin: "http://elsewhere.example" } });
    const refused = await call({ method: "POST", headers: { origin: "null" } });
    expect([write.status, read.status, refused.status]).toEqual([200, 200, 403]);
    expect(calls).toEqual(["POST", "GET"]);
    for (const res of [write, read, refused]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("reading a JSON body", () => {
  const schema = z.object({ takeover: z.boolean().default(false) });
  const req = (body: string, type = "application/json") => new Request("http://localhost/api/x", { method: "POST", headers: { "content-type": type }, body });

  it("treats an empty body as the route's default where input is optional, and reads {} as an object", async () => {
    expect(await parseOptionalBody(req(""), schema, { takeover: false })).toEqual({ takeover: false });
    expect(await parseOptionalBody(req('{"takeover":true}'), schema, { takeover: false })).toEqual({ takeover: true });
    expect(await parseBody(req("{}"), schema)).toEqual({ takeover: false });
  });

  it("refuses a body whose type only mentions JSON", async () => {
    await expect(parseBody(req('{"takeover":true}', "text/plain; application/json"), schema)).rejects.toMatchObject({ code: "unsupported_media_type:body" });
  });
});
