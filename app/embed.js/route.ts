import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * `/embed.js`: the script a bank puts on its own pages to show the chat (see embed-script.js).
 * Plain JavaScript served as is; a bank's pages load it on every view, so browsers keep it for
 * ten minutes and then revalidate it cheaply by its ETag, and a release reaches them within that.
 */
let served: { body: string; etag: string } | undefined;

function script() {
  if (!served) {
    const body = readFileSync(path.join(process.cwd(), "app/embed.js/embed-script.js"), "utf8");
    served = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
  }
  return served;
}

export function GET(req: Request) {
  const { body, etag } = script();
  const headers = {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": "public, max-age=600, stale-while-revalidate=86400",
    etag,
    "x-content-type-options": "nosniff",
    // Any page may load it; what it may do is decided by the widget frame's WIDGET_ORIGINS.
    "cross-origin-resource-policy": "cross-origin",
  };
  const matches = req.headers
    .get("if-none-match")
    ?.split(",")
    .some((tag) => tag.trim().replace(/^W\//, "") === etag);
  return matches ? new Response(null, { status: 304, headers }) : new Response(body, { headers });
}
