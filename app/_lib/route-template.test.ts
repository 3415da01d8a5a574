import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi/document";
import { compileTemplates, matchTemplate, UNKNOWN_ROUTE } from "./route-template";

describe("route templates", () => {
  const templates = compileTemplates(Object.keys(openApiDocument().paths ?? {}));

  it("name a request by its documented path, without the ids in it", () => {
    expect(matchTemplate(templates, "/api/threads/t-123/messages")).toBe("/api/threads/{id}/messages");
    expect(matchTemplate(templates, "/api/approvals/a-9")).toBe("/api/approvals/{id}");
    expect(matchTemplate(templates, "/api/health")).toBe("/api/health");
  });

  it("prefer a literal segment to a parameter", () => {
    expect(matchTemplate(templates, "/api/langgraph/threads/search")).toBe("/api/langgraph/threads/search");
    expect(matchTemplate(templates, "/api/approvals/events")).toBe("/api/approvals/events");
  });

  it("count paths no route serves as one label", () => {
    expect(matchTemplate(templates, "/api/no/such/route/4111111111111111")).toBe(UNKNOWN_ROUTE);
  });
});
