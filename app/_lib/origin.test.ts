import { describe, expect, it } from "vitest";
import type { Env } from "@/env";
import { ApiError } from "./errors";
import { checkAuditedRead, checkOrigin, embedHost, openedFromAnotherSite } from "./origin";

const base = { NODE_ENV: "production", WIDGET_ORIGINS: "https://partner.example" } as Env;

function post(path: string, headers: Record<string, string>, method = "POST") {
  return new Request(`http://localhost:3400${path}`, { method, headers: { host: "localhost:3400", ...headers } });
}

function refusal(req: Request, config: Env = base, check: (req: Request, config: Env) => void = checkOrigin): string | null {
  try {
    check(req, config);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
}

describe("the origin check", () => {
  it("lets a post from the app's own origin through, taken from the Host header when APP_ORIGIN is unset", () => {
    expect(refusal(post("/api/approvals/a1/decision", { origin: "http://localhost:3400" }))).toBeNull();
  });

  it("refuses a post from another port of the same host, which SameSite cookies do not stop", () => {
    expect(refusal(post("/api/approvals/a1/decision", { origin: "http://localhost:3999" }))).toBe("403 forbidden:origin");
  });

  it("refuses Origin: null, as sandboxed frames and some redirects send", () => {
    expect(refusal(post("/api/auth/logout", { origin: "null" }))).toBe("403 forbidden:origin");
  });

  it("compares against APP_ORIGIN when it is set, whatever the Host header says", () => {
    const config = { ...base, APP_ORIGIN: "https://support.bank.example" } as Env;
    expect(refusal(post("/api/threads", { origin: "https://support.bank.example" }), config)).toBeNull();
    expect(refusal(post("/api/threads", { origin: "http://localhost:3400" }), config)).toBe("403 forbidden:origin");
  });

  it("accepts a widget origin on the chat routes and nowhere else", () => {
    const partner = { origin: "https://partner.example" };
    expect(refusal(post("/api/threads", partner))).toBeNull();
    expect(refusal(post("/api/threads/t-1/messages", partner))).toBeNull();
    expect(refusal(post("/api/approvals/a1/decision", partner))).toBe("403 forbidden:origin");
    expect(refusal(post("/api/auth/login", partner))).toBe("403 forbidden:origin");
    expect(refusal(post("/api/threads/t-1/messages", partner, "DELETE"))).toBe("403 forbidden:origin");
  });

  it("without Origin, accepts Sec-Fetch-Site same-origin or none and refuses cross-site and same-site", () => {
    expect(refusal(post("/api/threads", { "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(refusal(post("/api/threads", { "sec-fetch-site": "none" }))).toBeNull();
    expect(refusal(post("/api/threads", { "sec-fetch-site": "cross-site" }))).toBe("403 forbidden:origin");
    expect(refusal(post("/api/threads", { "sec-fetch-site": "same-site" }))).toBe("403 forbidden:origin");
  });

  it("lets a request with neither header through: it is not from a browser", () => {
    expect(refusal(post("/api/approvals/a1/decision", {}))).toBeNull();
  });

  it("checks every method that changes state and none that only reads", () => {
    const evil = { origin: "http://evil.example" };
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(refusal(post("/api/x", evil, method))).toBe("403 forbidden:origin");
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(refusal(post("/api/x", evil, method))).toBeNull();
  });

  it("tells the refused caller what to do", () => {
    try {
      checkOrigin(post("/api/threads", { origin: "http://evil.example" }), base);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).message).toMatch(/another website.*bank's own pages/);
    }
  });
});

describe("the page embedding the widget (?host=)", () => {
  const config = { ...base, WIDGET_ORIGINS: "https://www.bank.example, https://branch.bank.example:8443/" } as Env;

  it("is an origin of WIDGET_ORIGINS, given exactly as a page's location.origin reads", () => {
    expect(embedHost("https://www.bank.example", config)).toBe("https://www.bank.example");
    expect(embedHost("https://branch.bank.example:8443", config)).toBe("https://branch.bank.example:8443");
  });

  it("is nothing for any other origin, scheme or port, or for no WIDGET_ORIGINS at all", () => {
    for (const host of [
      "https://evil.example",
      "http://www.bank.example",
      "https://www.bank.example:444",
      "https://bank.example",
      "https://www.bank.example.evil.example",
    ]) {
      expect(embedHost(host, config), host).toBeNull();
    }
    expect(embedHost("https://www.bank.example", base)).toBeNull();
  });

  it("is nothing for a value that only contains an allowed origin, or is not a string", () => {
    const hostile = [
      "https://www.bank.example/path",
      "https://www.bank.example?x=1",
      "https://user@www.bank.example",
      "HTTPS://WWW.BANK.EXAMPLE",
      " https://www.bank.example",
      "javascript:alert(1)//https://www.bank.example",
      "null",
      "",
      "*",
    ];
    for (const host of hostile) expect(embedHost(host, config), host).toBeNull();
    for (const host of [undefined, null, ["https://www.bank.example"], 1]) expect(embedHost(host, config)).toBeNull();
  });
});

describe("reads that record a look", () => {
  const read = (site: string | null, method = "GET") => post("/api/incidents/threads/t-1/timeline", site === null ? {} : { "sec-fetch-site": site }, method);
  const audited = (req: Request) => refusal(req, base, checkAuditedRead);

  it("answer the app's own pages and clients that send no Sec-Fetch-Site, and refuse every other browser request", () => {
    expect(audited(read("same-origin"))).toBeNull();
    expect(audited(read(null))).toBeNull();
    for (const site of ["cross-site", "same-site", "none"]) expect(audited(read(site)), site).toBe("403 forbidden:cross_site");
    expect(audited(read("cross-site", "HEAD"))).toBe("403 forbidden:cross_site");
  });

  it("leave writes to the origin check", () => {
    expect(audited(read("cross-site", "POST"))).toBeNull();
  });

  it("open a page typed or bookmarked (none), or linked from the app itself, and ask first when another origin's page linked to it", () => {
    const opened = (site: string | null) => openedFromAnotherSite(new Headers(site === null ? {} : { "sec-fetch-site": site }));
    expect([opened("same-origin"), opened("none"), opened(null)]).toEqual([false, false, false]);
    expect([opened("cross-site"), opened("same-site")]).toEqual([true, true]);
  });
});
