import type { Page, Response } from "@playwright/test";
import { Pool } from "pg";
import { runningEmbeddedUrl } from "../db/embedded";
import { useAttackerSite } from "./attacker-site";
import { expect, test } from "./fixtures";

const LEGACY = "legacy-thread-state-v0";
const WAIT_MS = 15_000;

/** How another website makes a signed-in browser request an address of the app. */
const WAYS = ["image", "frame", "form", "link", "script"] as const;
type Way = (typeof WAYS)[number];

let pool: Pool;

/** The investigator's recorded looks (views, searches, reveals, exports, replays), by action. */
async function looksBy(actor: string): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ action: string; n: number }>(
    "select action, count(*)::int as n from audit_events where actor = $1 and action like 'incident.%' group by action order by action",
    [actor],
  );
  return Object.fromEntries(rows.map((r) => [r.action, r.n]));
}

/** What the browser made of the app's answer to `url`: the response, or why it dropped it after it arrived. */
type Outcome = { response: Response | null; failure: string | null };

/** The app's answer to `url` as the browser saw it, waited for with a deadline that names it. */
async function answerTo(page: Page, url: string, what: string): Promise<Outcome> {
  const bare = (u: string) => u.replace(/\?$/, "");
  const sent = await page
    .waitForRequest((r) => bare(r.url()) === bare(url), { timeout: WAIT_MS })
    .catch((error: unknown) => {
      throw new Error(`the browser did not send ${what} within ${WAIT_MS} ms`, { cause: error });
    });
  // Null when the browser dropped the answer, as it does a JSON answer to an image (opaque response blocking).
  const response = await sent.response();
  return { response, failure: sent.failure()?.errorText ?? null };
}

/** Makes the browser, on the other site's page, request `url` the given way; resolves with the app's answer. */
async function request(page: Page, url: string, way: Way): Promise<Outcome> {
  const answered = answerTo(page, url, `${way} of ${url}`);
  if (way === "link") {
    await page.evaluate((url) => {
      const link = Object.assign(document.createElement("a"), { href: url, textContent: "See your prize" });
      link.id = "prize";
      document.body.append(link);
    }, url);
    await page.click("#prize");
  } else {
    await page.evaluate(
      ({ url, way }) => {
        const target = new URL(url);
        if (way === "image") document.body.append(Object.assign(document.createElement("img"), { src: url }));
        if (way === "frame") document.body.append(Object.assign(document.createElement("iframe"), { src: url }));
        if (way === "form") {
          const form = Object.assign(document.createElement("form"), { method: "GET", action: target.origin + target.pathname, target: "sink" });
          for (const [name, value] of target.searchParams) form.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
          document.body.append(form);
          form.submit();
        }
        if (way === "script") setTimeout(() => location.assign(url), 0);
      },
      { url, way },
    );
  }
  return answered;
}

test.describe("another website, opened by a signed-in auditor", () => {
  const attacker = useAttackerSite();
  let checkpointId: string;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const url = runningEmbeddedUrl(".data/pg-e2e");
    expect(url, "the app's embedded database is running").not.toBeNull();
    pool = new Pool({ connectionString: url! });
    const sam = await playwright.request.newContext({ baseURL });
    expect((await sam.post("/api/auth/login", { data: { username: "sam", password: "sam-pass" } })).status()).toBe(200);
    const history = await (await sam.get(`/api/threads/${LEGACY}/history`)).json();
    checkpointId = history.checkpoints.at(-1).checkpointId;
    await sam.dispose();
  });
  test.afterAll(async () => {
    await pool?.end();
  });

  for (const [name, host] of [
    ["same site, another port", "localhost"],
    ["another site", "127.0.0.1"],
  ] as const) {
    test(`records no look when a page on ${name} links, frames, loads as an image, submits a form or navigates to the audited addresses`, async ({
      signedInAs,
      baseURL,
    }) => {
      // Fifty requests, twenty of them whole-page loads: longer than one flow's minute on a loaded machine.
      test.setTimeout(300_000);
      const ivan = await signedInAs("ivan");
      const app = new URL(baseURL!).origin;
      const api = [
        `/api/incidents/threads?customer=alice`,
        `/api/incidents/threads/${LEGACY}/timeline`,
        `/api/incidents/threads/${LEGACY}/checkpoints`,
        `/api/incidents/threads/${LEGACY}/checkpoints/${checkpointId}`,
        `/api/threads/${LEGACY}/history`,
        `/api/threads/${LEGACY}/checkpoints/${checkpointId}`,
      ];
      const pages = [`/incidents?customer=alice`, `/incidents/${LEGACY}`, `/incidents/${LEGACY}/report`];
      const before = await looksBy("ivan");

      const page = await ivan.newPage();
      const elsewhere = attacker().origin.replace("localhost", host);
      await page.goto(elsewhere);
      for (const path of [...api, ...pages]) {
        for (const way of WAYS) {
          const { response, failure } = await request(page, app + path, way);
          const what = `${way} of ${path}`;
          if (api.includes(path) && response) {
            // Refused before the session is read: whether SameSite=Lax let the cookie ride along or not.
            expect(response.status(), what).toBe(403);
            // A frame shows the browser's own page instead (the app forbids framing); a whole page shows the answer.
            if (way === "link" || way === "script")
              expect(JSON.parse((await page.locator("body").textContent()) ?? ""), what).toMatchObject({ code: "forbidden:cross_site" });
          } else if (api.includes(path)) {
            expect(failure, what).toBe("net::ERR_BLOCKED_BY_ORB");
          } else if (way === "link" || way === "script") {
            await expect(page.getByText("You followed a link from another website."), what).toBeVisible();
            await expect(page.getByRole("table", { name: "Timeline" }), what).toHaveCount(0);
          }
          if (way === "link" || way === "script") await page.goto(elsewhere);
        }
      }
      expect(await looksBy("ivan")).toEqual(before);
    });
  }

  test("the viewer's own pages still record their look once the auditor asks for it", async ({ signedInAs, baseURL }) => {
    const ivan = await signedInAs("ivan");
    const page = await ivan.newPage();
    await page.goto(attacker().origin);
    const before = await looksBy("ivan");

    await request(page, `${baseURL}/incidents?customer=alice`, "link");
    await page.getByRole("link", { name: "Open this search" }).click();
    await expect(page.getByRole("table", { name: "Conversations found" })).toBeVisible();
    await expect
      .poll(async () => (await looksBy("ivan"))["incident.searched"] ?? 0, { message: "the search is recorded", timeout: WAIT_MS })
      .toBe((before["incident.searched"] ?? 0) + 1);

    await page.goto(attacker().origin);
    await request(page, `${baseURL}/incidents/${LEGACY}`, "link");
    await page.getByRole("link", { name: "Open the conversation" }).click();
    await expect(page.getByRole("table", { name: "Timeline" })).toBeVisible();
    await expect
      .poll(async () => (await looksBy("ivan"))["incident.viewed"] ?? 0, { message: "the viewer's look is recorded", timeout: WAIT_MS })
      .toBeGreaterThan(before["incident.viewed"] ?? 0);
  });
});
