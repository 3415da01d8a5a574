import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi/document";
import { compileTemplates, matchTemplate, templateSource, UNKNOWN_ROUTE } from "./route-template";

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

describe("the wait for the documented paths", () => {
  const paths = ["/api/health", "/api/threads/{id}"];
  /** The template a request gets, or what says that none came within a second. */
  const named = (template: (pathname: string) => Promise<string>, pathname: string) =>
    Promise.race([template(pathname), new Promise<string>((resolve) => setTimeout(resolve, 1000, "no template within 1 s"))]);

  it("ends at its deadline when the paths never load, and later requests do not wait again", async () => {
    const template = templateSource(() => new Promise<string[]>(() => {}), 50);
    expect(await named(template, "/api/health")).toBe(UNKNOWN_ROUTE);
    const started = Date.now();
    expect(await named(template, "/api/threads/t-1")).toBe(UNKNOWN_ROUTE);
    expect(Date.now() - started).toBeLessThan(40);
  });

  it("names requests once paths that came late have loaded", async () => {
    let arrive!: (paths: string[]) => void;
    const template = templateSource(() => new Promise<string[]>((resolve) => (arrive = resolve)), 50);
    expect(await named(template, "/api/health")).toBe(UNKNOWN_ROUTE);
    arrive(paths);
    expect(await named(template, "/api/threads/t-1")).toBe("/api/threads/{id}");
  });

  it("loads again after a load that failed", async () => {
    let loads = 0;
    const template = templateSource(async () => {
      if (++loads === 1) throw new Error("chunk failed to load");
      return paths;
    }, 50);
    expect(await named(template, "/api/health")).toBe(UNKNOWN_ROUTE);
    expect(await named(template, "/api/health")).toBe("/api/health");
    expect(loads).toBe(2);
  });
});
