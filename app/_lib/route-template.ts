import { failureFields, log } from "@/observability/log";

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

/** How long a request's log line waits for the documented paths before it names the request UNKNOWN_ROUTE. */
export const TEMPLATES_WAIT_MS = 2_000;

/**
 * A request path's template, from documented paths that `load` brings on first use. The wait
 * for them is bounded, `waitMs` from the start of the load for all requests together: a
 * request is answered and logged whether or not they came (named UNKNOWN_ROUTE until they
 * do), so its label can never hold its response back. A failed load is tried again by the
 * next request.
 */
export function templateSource(load: () => Promise<string[]>, waitMs = TEMPLATES_WAIT_MS): (pathname: string) => Promise<string> {
  let loaded: Template[] | undefined;
  let loading: Promise<unknown> | undefined;
  let late: Promise<void> = Promise.resolve();
  const start = () => {
    let timer: NodeJS.Timeout | undefined;
    const attempt = load().then(
      (paths) => void (loaded = compileTemplates(paths)),
      (error: unknown) => {
        log().warn({ event: "route_template.unavailable", ...failureFields(error) });
        loading = undefined;
      },
    );
    late = new Promise((resolve) => {
      timer = setTimeout(() => {
        if (!loaded && loading === attempt)
          log().warn({ event: "route_template.unavailable", errorMessage: `the documented paths did not load within ${waitMs} ms` });
        resolve();
      }, waitMs);
    });
    void attempt.finally(() => clearTimeout(timer));
    return attempt;
  };
  return async (pathname) => {
    if (!loaded) {
      loading ??= start();
      await Promise.race([loading, late]);
    }
    return loaded ? matchTemplate(loaded, pathname) : UNKNOWN_ROUTE;
  };
}

/** The route template of a request path, from the OpenAPI document (loaded on first use: it imports the routes' schemas). */
export const routeTemplate = templateSource(() => import("./openapi/document").then(({ openApiDocument }) => Object.keys(openApiDocument().paths ?? {})));
