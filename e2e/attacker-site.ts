import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "@playwright/test";

export type AttackerSite = { origin: string; close: () => Promise<void> };

/**
 * Another website on another local port: same site as the app (localhost), so the
 * browser attaches the victim's SameSite=Lax cookie to its requests, and only the
 * app's origin check can tell them apart. `/` is an empty page to post from;
 * `/frame?src=URL` frames a page of the app.
 */
export async function startAttackerSite(): Promise<AttackerSite> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const src = url.searchParams.get("src");
    const body =
      url.pathname === "/frame" && src
        ? `<!doctype html><title>Framing</title><iframe id="victim" src="${src.replace(/"/g, "&quot;")}" width="800" height="600"></iframe>`
        : `<!doctype html><title>You won a prize</title><iframe name="sink"></iframe>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Runs the attacker's site for the tests of the enclosing describe block; call the result inside a test. */
export function useAttackerSite(): () => AttackerSite {
  let site: AttackerSite | undefined;
  test.beforeAll(async () => {
    site = await startAttackerSite();
  });
  test.afterAll(async () => {
    await site?.close();
  });
  return () => site!;
}
