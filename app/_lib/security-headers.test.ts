import { describe, expect, it } from "vitest";
import type { Env } from "@/env";
import { apiHeaders, newNonce, pageHeaders } from "./security-headers";

const production = { NODE_ENV: "production", DEMO_DATA: "0", WIDGET_ORIGINS: "https://partner.example" } as Env;
const demo = { ...production, DEMO_DATA: "1" } as Env;

describe("security headers", () => {
  it("give every page a nonce-only script policy, without unsafe-inline", () => {
    const csp = pageHeaders("/console", "abc123", production)["content-security-policy"]!;
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("style-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("object-src 'none'");
  });

  it("forbid framing of every page but the widget, which the app itself and widget origins may frame", () => {
    for (const path of ["/", "/login", "/console", "/console/approvals/a1", "/incidents", "/incidents/t1/report"]) {
      const headers = pageHeaders(path, "n", production);
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], path).toBe("DENY");
    }
    const widget = pageHeaders("/widget", "n", production);
    expect(widget["content-security-policy"]).toContain("frame-ancestors 'self' https://partner.example");
    expect(widget["x-frame-options"]).toBeUndefined();
  });

  it("pin https with HSTS in production only, never in demo mode", () => {
    expect(pageHeaders("/", "n", production)["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(apiHeaders(production)["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(pageHeaders("/", "n", demo)["strict-transport-security"]).toBeUndefined();
    expect(apiHeaders(demo)["strict-transport-security"]).toBeUndefined();
  });

  it("set nosniff, a referrer policy that keeps Origin on same-origin posts, and deny powerful features", () => {
    for (const headers of [pageHeaders("/widget", "n", demo), apiHeaders(demo)]) {
      expect(headers).toMatchObject({ "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" });
      expect(headers["permissions-policy"]).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\).*payment=\(\)/);
    }
  });

  it("let API answers load nothing and be framed by nobody", () => {
    expect(apiHeaders(demo)).toMatchObject({
      "content-security-policy": expect.stringContaining("default-src 'none'; frame-ancestors 'none'"),
      "x-frame-options": "DENY",
    });
  });

  it("use a fresh nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    expect([...nonces][0]).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });
});
