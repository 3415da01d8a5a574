import AxeBuilder from "@axe-core/playwright";
import { apiContext } from "./api-client";
import { expect, test } from "./fixtures";

test.describe("the API contract and its reference page", () => {
  test("GET /api/openapi.json is public OpenAPI 3.1 with the API's locked-down headers, incidents and replays included", async ({ baseURL }) => {
    const anonymous = await apiContext({ baseURL });
    const res = await anonymous.get("/api/openapi.json");
    expect(res.status()).toBe(200);
    expect(res.headers()).toMatchObject({
      "content-type": expect.stringContaining("application/json"),
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    expect(res.headers()["content-security-policy"]).toContain("default-src 'none'");
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/incidents/threads/{id}/timeline", "/api/incidents/threads/{id}/replay", "/api/approvals/events", "/api/{path}"]),
    );
    expect(doc.paths["/api/threads/{id}/messages"].post.responses["200"].content).toHaveProperty("text/event-stream");
  });

  test("/docs/api shows every operation of the document, runs no script the CSP refuses, and has no serious accessibility violations", async ({
    page,
    request,
  }) => {
    const refused: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    const doc = await (await request.get("/api/openapi.json")).json();
    const operations = Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );

    const res = await page.goto("/docs/api");
    expect(res?.status()).toBe(200);
    expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    await expect(page.getByRole("heading", { level: 1, name: "Bank support agent API" })).toBeVisible();
    const shown = await page.getByRole("article").getByRole("heading", { level: 3 }).allInnerTexts();
    expect(shown.map((h) => h.replace(/\s+/g, " ").trim()).sort()).toEqual(operations.sort());
    const decision = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "POST /api/approvals/{id}/decision", exact: true }) });
    await decision.getByText("200 schema").click();
    await expect(decision.getByText('"approvalsNeeded"')).toBeVisible();

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(refused).toEqual([]);
  });
});
