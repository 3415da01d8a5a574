import path from "node:path";
import { describe, expect, it } from "vitest";
import { API, METHODS, routeFiles } from "./api-routes";
import { openApiDocument } from "@/app/_lib/openapi/document";

/**
 * `app/api/threads/[id]/route.ts` serves `/api/threads/{id}`. The catch-all `[...path]`
 * becomes `{path}`: OpenAPI has no many-segment parameter, so the document says in words
 * that this one stands for any depth (and the response checks in the tests treat it so).
 */
function documentedPath(file: string): string {
  const folder = path.relative(API, path.dirname(file)).split(path.sep).join("/");
  return `/api/${folder.replace(/\[\.\.\.(\w+)\]/g, "{$1}").replace(/\[(\w+)\]/g, "{$1}")}`;
}

describe("the OpenAPI document", () => {
  it("lists every route under app/api with exactly the methods its route.ts exports", async () => {
    const doc = openApiDocument();
    const served: string[] = [];
    for (const file of routeFiles(API)) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const method of METHODS.filter((m) => m in mod)) served.push(`${method} ${documentedPath(file)}`);
    }
    const documented = Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
      Object.keys(item ?? {})
        .filter((key) => METHODS.includes(key.toUpperCase()))
        .map((method) => `${method.toUpperCase()} ${p}`),
    );
    expect(served.length).toBeGreaterThan(30);
    expect(documented.sort()).toEqual(served.sort());
  });

  it("documents a JSON error body for every error status, and an answer for every operation", () => {
    const doc = openApiDocument();
    const missing: string[] = [];
    for (const [p, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item ?? {})) {
        const responses = (op as { responses?: Record<string, { $ref?: string; content?: Record<string, unknown> }> }).responses ?? {};
        const statuses = Object.keys(responses);
        if (!statuses.some((s) => s.startsWith("2")) && p !== "/api/{path}") missing.push(`${method} ${p}: no success answer`);
        // Health's 503 is its report of what does not answer, read by load balancers, not an error.
        for (const status of statuses.filter((s) => Number(s) >= 400 && !(p === "/api/health" && s === "503"))) {
          const response = responses[status]!;
          const name = response.$ref?.split("/").pop();
          const content = (name ? (doc.components?.responses?.[name] as typeof response) : response).content as
            Record<string, { schema?: { $ref?: string } }> | undefined;
          if (content?.["application/json"]?.schema?.$ref !== "#/components/schemas/Error") missing.push(`${method} ${p} ${status}: not the Error schema`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
