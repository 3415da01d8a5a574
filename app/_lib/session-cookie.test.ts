import { describe, expect, it } from "vitest";
import { clearedSessionCookies, PLAIN_SESSION_COOKIE, readSessionCookie, secureCookieFor, SESSION_COOKIE, sessionCookie } from "./session-cookie";

const TOKEN = "A".repeat(43);
const OTHER = "B".repeat(43);
const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("the session cookie", () => {
  it("is __Host- prefixed, HttpOnly, Secure, SameSite=Lax, Path=/ and has no Domain in production", () => {
    const cookie = sessionCookie(req("http://support.bank.example/api/auth/login"), TOKEN, 12 * 3600_000, false);
    expect(cookie).toBe(`${SESSION_COOKIE}=${TOKEN}; Path=/; Max-Age=43200; HttpOnly; Secure; SameSite=Lax`);
    expect(SESSION_COOKIE).toBe("__Host-bank_session");
    expect(cookie).not.toMatch(/domain/i);
  });

  it("is Secure in production even over plain http, and in demo mode over https or to this machine", () => {
    expect(secureCookieFor(req("http://10.0.0.5:3000/"), false)).toBe(true);
    expect(secureCookieFor(req("https://10.0.0.5/"), true)).toBe(true);
    expect(secureCookieFor(req("http://10.0.0.5/", { "x-forwarded-proto": "https" }), true)).toBe(true);
    for (const host of ["localhost:3000", "127.0.0.1:3000", "app.localhost", "[::1]:3000"])
      expect(secureCookieFor(req(`http://${host}/`), true), host).toBe(true);
  });

  it("falls back to a plain cookie only in demo mode over http to another host, where browsers refuse Secure ones", () => {
    expect(secureCookieFor(req("http://192.168.1.20:3000/"), true)).toBe(false);
  });

  it("is cleared under both names on sign-out", () => {
    const cleared = clearedSessionCookies();
    expect(cleared.map((c) => c.split("=")[0])).toEqual([SESSION_COOKIE, PLAIN_SESSION_COOKIE]);
    for (const c of cleared) expect(c).toContain("Max-Age=0");
  });
});

describe("reading the session cookie", () => {
  const read = (header: string | null, demo = false) => readSessionCookie(header, demo);

  it("finds the token among other cookies", () => {
    expect(read(`theme=dark; ${SESSION_COOKIE}=${TOKEN}; x=1`)).toEqual({ kind: "token", token: TOKEN });
    expect(read(null)).toEqual({ kind: "none" });
    expect(read("theme=dark")).toEqual({ kind: "none" });
  });

  it("calls percent-garbage, forged, huge or empty values malformed and never throws", () => {
    for (const value of ["%E0%A4%A", "%", "forged", "x".repeat(5000), "", `${TOKEN}x`, `${TOKEN.slice(1)}=`, "' OR '1'='1", "%00"]) {
      expect(read(`${SESSION_COOKIE}=${value}`), value).toEqual({ kind: "malformed" });
    }
    expect(read(SESSION_COOKIE)).toEqual({ kind: "malformed" });
  });

  it("calls two different values under the session's name malformed (a planted duplicate)", () => {
    expect(read(`${SESSION_COOKIE}=${TOKEN}; ${SESSION_COOKIE}=${OTHER}`)).toEqual({ kind: "malformed" });
    expect(read(`${SESSION_COOKIE}=${TOKEN}; ${SESSION_COOKIE}=${TOKEN}`)).toEqual({ kind: "token", token: TOKEN });
  });

  it("ignores the plain cookie in production, and prefers the __Host- one in demo mode", () => {
    expect(read(`${PLAIN_SESSION_COOKIE}=${TOKEN}`)).toEqual({ kind: "none" });
    expect(read(`${PLAIN_SESSION_COOKIE}=${TOKEN}`, true)).toEqual({ kind: "token", token: TOKEN });
    expect(read(`${PLAIN_SESSION_COOKIE}=${OTHER}; ${SESSION_COOKIE}=${TOKEN}`, true)).toEqual({ kind: "token", token: TOKEN });
  });
});
