/** A documented path (`/api/threads/{id}`) and what matches it. */
type Template = { path: string; pattern: RegExp; literals: number };

/** What a request to a path no route serves is counted as. */
export const UNKNOWN_ROUTE = "/api/{path}";

/** Matchers for documented paths, the most specific first (`/threads/search` before `/threads/{id}`). */
export function compileTemplates(paths: string[]): Template[] {
  return paths
    .filter((path) => path !== UNKNOWN_ROUTE)
    .map((path) => {
      const segments = path.split("/");
      const source = segments.map((s) => (/^\{\w+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/");
      return { path, pattern: new RegExp(`^${source}/?$`), literals: segments.filter((s) => !s.startsWith("{")).length };
    })
    .sort((a, b) => b.literals - a.literals);
}

/** The documented path a request path is an instance of: a bounded label, with no ids in it. */
export function matchTemplate(templates: Template[], pathname: string): string {
  return templates.find((t) => t.pattern.test(pathname))?.path ?? UNKNOWN_ROUTE;
}

let templates: Promise<Template[]> | undefined;

/** The route template of a request path, from the OpenAPI document (loaded on first use: it imports the routes' schemas). */
export async function routeTemplate(pathname: string): Promise<string> {
  templates ??= import("./openapi/document").then(({ openApiDocument }) => compileTemplates(Object.keys(openApiDocument().paths ?? {})));
  return matchTemplate(await templates, pathname);
}
