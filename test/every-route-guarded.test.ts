import path from "node:path";
import { describe, expect, it } from "vitest";
import { API, METHODS, routeFiles } from "./api-routes";
import { GUARDED } from "@/app/_lib/route";

describe("API route handlers", () => {
  it("all pass through route(), so none escapes the origin, media-type and header checks", async () => {
    const files = routeFiles(API);
    expect(files.length).toBeGreaterThan(15);
    const unguarded: string[] = [];
    let handlers = 0;
    for (const file of files) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const method of METHODS) {
        if (!(method in mod)) continue;
        handlers++;
        const handler = mod[method] as Record<symbol, unknown>;
        if (handler[GUARDED] !== true) unguarded.push(`${method} ${path.relative(API, file)}`);
      }
    }
    expect(unguarded).toEqual([]);
    expect(handlers).toBeGreaterThan(20);
  });
});
