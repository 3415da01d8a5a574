import { env, isDemoMode, widgetOrigins, type Env } from "@/env";

type Headers = Record<string, string>;

/** Browser features no page of the product uses; denied so injected content cannot ask for them. */
const PERMISSIONS_POLICY = ["camera", "microphone", "geolocation", "payment", "usb", "display-capture"].map((f) => `${f}=()`).join(", ");

/** The page that partners may frame: the customer chat. */
export function isFrameablePath(pathname: string): boolean {
  return pathname === "/widget" || pathname.startsWith("/widget/");
}

function common(config: Env): Headers {
  const headers: Headers = {
    "x-content-type-options": "nosniff",
    // Not no-referrer: with it, browsers send `Origin: null` even on same-origin posts, which the CSRF check refuses.
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
  };
  // Only in production: a demo on http://localhost must not pin the host to https for two years.
  if (!isDemoMode(config)) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/** A fresh, unguessable value for one page's script and style tags. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
}

/**
 * A page's Content-Security-Policy: scripts and styles only with this response's nonce
 * (Next.js adds it to its own tags), nothing inline otherwise; framing only for the widget.
 */
export function pageCsp(pathname: string, nonce: string, config: Env = env()): string {
  const dev = config.NODE_ENV === "development";
  const ancestors = isFrameablePath(pathname) ? ["'self'", ...widgetOrigins(config)].join(" ") : "'none'";
  const directives = [
    "default-src 'self'",
    // Development only: React rebuilds server error stacks with eval, and hot reload injects styles.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ];
  if (config.APP_ORIGIN?.startsWith("https:")) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers for every page and asset response. */
export function pageHeaders(pathname: string, nonce: string, config: Env = env()): Headers {
  const headers: Headers = { ...common(config), "content-security-policy": pageCsp(pathname, nonce, config) };
  // Old browsers ignore frame-ancestors; they get the blunt equivalent wherever framing is not allowed.
  if (!isFrameablePath(pathname)) headers["x-frame-options"] = "DENY";
  return headers;
}

/** Headers for every API response: JSON and event streams never render, run or get framed. */
export function apiHeaders(config: Env = env()): Headers {
  return {
    ...common(config),
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "x-frame-options": "DENY",
  };
}
