import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "@playwright/test";

/** The origin the browser tests put on WIDGET_ORIGINS (playwright.config.ts): a bank page allowed to embed the chat. */
export const ALLOWED_HOST_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;

export type HostSite = { origin: string; close: () => Promise<void> };

const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * A bank's own web page on another local origin, with the chat's script tag and a strict CSP of
 * its own that allows only the app's script and frame. `/` carries the tag; its query string
 * becomes the tag's data-attributes (`?label=Ask%20us` is `data-label="Ask us"`); `?other=1` also
 * frames the app's widget directly, a second window of the app's origin on the page.
 */
export async function startHostSite(appOrigin: string, port = 0): Promise<HostSite> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const attributes = [...url.searchParams]
      .filter(([name]) => /^[a-z-]+$/.test(name) && name !== "other")
      .map(([name, value]) => ` data-${name}="${escape(value)}"`)
      .join("");
    const other = url.searchParams.get("other") ? `<iframe id="other" title="Another frame" src="${appOrigin}/widget" width="300" height="200"></iframe>` : "";
    const nonce = "c3R5bGVzLW9mLXRoZS1iYW5r";
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'self'; script-src ${appOrigin}; frame-src ${appOrigin}; style-src 'nonce-${nonce}'; img-src 'self'; object-src 'none'; base-uri 'none'`,
    });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Harbour Bank · Online banking</title>
<style nonce="${nonce}">
  body { margin: 0; font: 15px/1.5 Georgia, serif; color: #1f2937; background: #f4f1ea; }
  header { background: #14532d; color: #fff; padding: 18px 32px; font: 600 20px/1 Georgia, serif; }
  main { max-width: 760px; margin: 32px auto; padding: 0 24px; }
  .card { background: #fff; border-radius: 10px; padding: 20px 24px; margin-bottom: 16px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
  .row { display: flex; justify-content: space-between; padding: 6px 0; border-bottom: 1px solid #eee; }
  /* Page-wide rules of the kind a bank's stylesheet has: they must not reach the launcher. */
  button { all: unset; color: red; font-size: 40px; }
  div { margin: 40px; }
</style></head>
<body>
<header>Harbour Bank</header>
<main>
  <h1>Good morning, Alice</h1>
  <section class="card"><h2>Everyday account</h2><p>DE89 3704 •••• 3000 · 3,482.17 EUR</p></section>
  <section class="card"><h2>Recent card payments</h2>
    <p class="row"><span>Coffee Corner</span><span>-4.90 EUR</span></p>
    <p class="row"><span>Coffee Corner</span><span>-4.90 EUR</span></p>
    <p class="row"><span>Electro Mart</span><span>-1,249.00 EUR</span></p>
    <p class="row"><span>City Parking</span><span>-38.00 EUR</span></p>
  </section>
  ${other}
</main>
<script src="${appOrigin}/embed.js"${attributes} async></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${bound}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Runs a bank page for the tests of the enclosing describe block, on `port` (0: any free one). */
export function useHostSite(appOrigin: string, port = 0): () => HostSite {
  let site: HostSite | undefined;
  test.beforeAll(async () => {
    site = await startHostSite(appOrigin, port);
  });
  test.afterAll(async () => {
    await site?.close();
  });
  return () => site!;
}
