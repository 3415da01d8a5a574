import { env, widgetOrigins, type Env } from "@/env";
import { ApiError } from "./errors";

/** Methods that only read: browsers may send them from anywhere, and they change nothing. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The routes the customer chat widget posts to. Only these also accept the origins in
 * WIDGET_ORIGINS, so a page on a partner's site can embed the chat and nothing else.
 */
const WIDGET_ROUTES: { method: string; path: RegExp }[] = [
  { method: "POST", path: /^\/api\/threads\/?$/ },
  { method: "POST", path: /^\/api\/threads\/[^/]+\/messages\/?$/ },
];

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

export function isWidgetRoute(method: string, pathname: string): boolean {
  return WIDGET_ROUTES.some((r) => r.method === method.toUpperCase() && r.path.test(pathname));
}

/** `scheme://host[:port]` in canonical form, or null when it is not an http(s) origin. */
function canonical(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The app's own origin: APP_ORIGIN when set, else the one the request was addressed to
 * (its Host header and protocol). A cross-site page cannot choose either header for a
 * request the browser sends on its behalf, so the fallback is safe against forgery.
 */
export function appOrigin(req: Request, config: Env = env()): string | null {
  if (config.APP_ORIGIN) return canonical(config.APP_ORIGIN);
  const url = new URL(req.url);
  const host = req.headers.get("host") ?? url.host;
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const protocol = forwarded === "https" || forwarded === "http" ? forwarded : url.protocol.replace(":", "");
  return canonical(`${protocol}://${host}`);
}

/**
 * The page that embeds the widget through `/embed.js`, as the script names it (`?host=`):
 * its canonical origin when it is one of WIDGET_ORIGINS, else null. The widget talks to its
 * parent only with this as the target origin, so a page elsewhere that names an allowed
 * origin still hears nothing (and frame-ancestors keeps it from framing the widget at all).
 */
export function embedHost(value: unknown, config: Env = env()): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  const host = canonical(value);
  if (host === null || host !== value.replace(/\/+$/, "")) return null;
  return widgetOrigins(config).map(canonical).includes(host) ? host : null;
}

const REFUSED =
  "This request came from another website, so it was refused. Use the bank's own pages, or call the API from a server without browser origin headers.";

/**
 * Refuses a state-changing request a browser sent on behalf of another site (CSRF).
 * `Origin` must be the app's own (or, for the chat routes, a widget origin); without
 * `Origin`, `Sec-Fetch-Site` must say same-origin or a typed URL. A request with neither
 * header did not come from a browser (curl, a server, the SDK), and carries no
 * ambient browser cookies to abuse, so it passes.
 */
export function checkOrigin(req: Request, config: Env = env()): void {
  if (isSafeMethod(req.method)) return;
  const origin = req.headers.get("origin");
  if (origin !== null) {
    const own = appOrigin(req, config);
    const given = canonical(origin.trim());
    if (given !== null && given === own) return;
    const pathname = new URL(req.url).pathname;
    if (given !== null && isWidgetRoute(req.method, pathname) && widgetOrigins(config).map(canonical).includes(given)) return;
    throw new ApiError("forbidden:origin", REFUSED);
  }
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") throw new ApiError("forbidden:origin", REFUSED);
}

/** `Sec-Fetch-Site` of a request a browser made for a page of another origin, or null when it made it for this app's own (or no browser made it). */
function anotherSite(headers: Headers, { typed }: { typed: boolean }): string | null {
  const site = headers.get("sec-fetch-site");
  if (site === null || site === "same-origin" || (typed && site === "none")) return null;
  return site;
}

/**
 * Refuses a read that writes the audit trail (a look at a conversation, a search) when a
 * browser made it for a page of another origin: a link, an image, a frame, a form or a
 * script elsewhere, which would record a look under the signed-in investigator's name that
 * they never chose. Browsers send `Sec-Fetch-Site` on every request, and the app's own pages'
 * fetches say `same-origin`. A request without it did not come from a browser (the LangGraph
 * SDK, a script, curl with a session cookie); a link on another site always opens in a
 * browser, so it cannot make one, and it passes. Writes are the origin check's (checkOrigin).
 */
export function checkAuditedRead(req: Request): void {
  if (!isSafeMethod(req.method)) return;
  if (anotherSite(req.headers, { typed: false }) !== null) {
    throw new ApiError(
      "forbidden:cross_site",
      "Looking at conversations is recorded under your name, so this address answers only the incident viewer's own pages, not a link, image or form on another website. Open it from the incident viewer.",
    );
  }
}

/**
 * Whether a page that records a look was opened from another origin's page (a link, a form, a
 * script's navigation): it then asks before it shows or records anything. A typed address or
 * a bookmark (`none`) is the investigator's own doing and opens the page.
 */
export function openedFromAnotherSite(headers: Headers): boolean {
  return anotherSite(headers, { typed: true }) !== null;
}
