import { describe, expect, it } from "vitest";
import { destinationFor, loginHref, safeNextPath } from "./destination";

/** Values that would leave the site, loop back to sign-in, land on the API, or smuggle bytes into a header. */
const HOSTILE = [
  "/\t/evil.example",
  "/%09/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\r\nSet-Cookie: x=1",
  "/console\r\nLocation: https://evil.example",
  "/console?x=%0d%0aSet-Cookie:%20a=1",
  "/console?x=%0A",
  "/console?x=%00",
  "/console#%7F",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
  "/%252F%252Fevil.example",
  "/.//evil.example",
  "/./evil.example",
  "/../evil.example",
  "/console/../../evil.example",
  "/%2e%2e/login",
  "/%2E%2E/api/auth/me",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)//",
  "data:text/html,<script>alert(1)</script>",
  "https://evil.example",
  "http://evil.example/console",
  "https:evil.example",
  "//user@evil.example",
  "/@evil.example",
  "evil.example",
  "console",
  "",
  " /console",
  "/console ",
  "/\u2215\u2215evil.example",
  "/\uff0f\uff0fevil.example",
  "/\u2044evil.example",
  "/\u3002evil.example",
  "/%E2%88%95%E2%88%95evil.example",
  "/login",
  "/login?next=/console",
  "/login/",
  "/LOGIN",
  "/api/auth/me",
  "/api",
  "/API/approvals",
  "/console?next=<script>",
  '/console?q="onmouseover=alert(1)',
  "/console?q=%",
  "/console?q=%zz",
  `/${"a".repeat(1100)}`,
];

/** Pages of the app that must survive as they are. */
const SAFE = [
  "/",
  "/widget",
  "/console",
  "/console/",
  "/console?status=pending",
  "/console?status=pending&q=Electro%20Mart&page=2",
  "/console/approvals/appr_01HX-abc",
  "/incidents",
  "/incidents/thread-123/report",
  "/incidents?from=2026-01-01&to=2026-02-01",
  "/incidents/abc#checkpoint-3",
  "/console?q=a%2Fb",
  "/loginx",
  "/apix",
];

describe("the page to return to after signing in", () => {
  it.each(HOSTILE)("refuses %j", (next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it.each(SAFE)("keeps %j as it is", (next) => {
    expect(safeNextPath(next)).toBe(next);
  });

  it("has at least 30 hostile values in its table", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it("sends a user to their role's surface when the requested page is refused or absent", () => {
    expect(destinationFor("operator", "/\t/evil.example")).toBe("/console");
    expect(destinationFor("customer", "//evil.example")).toBe("/widget");
    expect(destinationFor("auditor", null)).toBe("/incidents");
    expect(destinationFor("ops", null)).toBe("/ops");
    expect(destinationFor("supervisor", "/incidents/t-1")).toBe("/incidents/t-1");
  });

  it("accepts back every link to sign-in the pages build", () => {
    for (const page of SAFE) {
      const next = new URL(loginHref(page), "http://app.example").searchParams.get("next");
      expect(safeNextPath(next)).toBe(page);
    }
  });
});
