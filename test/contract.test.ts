import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/_lib/openapi/document";
import { contract } from "./contract";

const api = contract(openApiDocument());
const seen = (method: string, path: string, status: number, body: unknown, contentType = "application/json") => ({
  method,
  url: `http://localhost${path}`,
  status,
  contentType,
  body: async () => JSON.stringify(body),
});
const conflict = { code: "conflict:approval", message: "Decided already.", currentStatus: "approved", currentVersion: 3 };

describe("checking answers against the OpenAPI document", () => {
  it("accepts a documented answer, an error in the shared shape and an event stream", async () => {
    expect(
      await api.problems(seen("POST", "/api/approvals/a-1/decision", 200, { approvalId: "a-1", status: "pending", version: 2, approvalsNeeded: 1 })),
    ).toEqual([]);
    expect(await api.problems(seen("POST", "/api/approvals/a-1/decision", 409, conflict))).toEqual([]);
    expect(await api.problems(seen("GET", "/api/approvals/events", 200, "", "text/event-stream; charset=utf-8"))).toEqual([]);
  });

  it("refuses a status the operation does not document, a field the schema does not have, and a wrong media type", async () => {
    expect(await api.problems(seen("GET", "/api/auth/me", 409, conflict))).toEqual([expect.stringContaining("status not documented")]);
    expect(await api.problems(seen("POST", "/api/threads", 201, { threadId: "t-1", status: "idle", tenantId: "demo-bank" }))).toEqual([
      expect.stringContaining("additional properties"),
    ]);
    expect(await api.problems(seen("GET", "/api/threads/t-1", 200, "hello", "text/plain"))).toEqual([expect.stringContaining("text/plain not documented")]);
  });

  it("reads the most literal path first and sends paths no route serves, of any depth, to the catch-all", () => {
    expect(api.templateOf("/api/approvals/events")).toBe("/api/approvals/events");
    expect(api.templateOf("/api/approvals/a-1")).toBe("/api/approvals/{id}");
    expect(api.templateOf("/api/no/such/route")).toBe("/api/{path}");
  });
});
