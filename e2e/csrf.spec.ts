import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { ApprovalRow } from "./api-types";
import { useAttackerSite, type AttackerSite } from "./attacker-site";
import { expect, test } from "./fixtures";
import { approvalOfCase, somePendingApproval, startThread } from "./seed";

const LEGACY = "legacy-thread-state-v0";

/** A post another site makes with the victim's cookies: a no-cors fetch, or an HTML form submitted into a hidden frame. */
type Attack =
  | { name: string; path: string; kind: "fetch"; body: string }
  | {
      name: string;
      path: string;
      kind: "form";
      enctype: "text/plain" | "application/x-www-form-urlencoded" | "multipart/form-data";
      fields: [string, string][];
    };

/** A form whose text/plain body reads as this JSON: `{"a":1,"pad":"="}`. */
function jsonForm(name: string, path: string, value: Record<string, unknown>): Attack {
  const json = JSON.stringify({ ...value, pad: "" });
  return { name: `${name} (text/plain form shaped as JSON)`, path, kind: "form", enctype: "text/plain", fields: [[json.slice(0, -2), '"}']] };
}

function attacksOn(name: string, path: string, body: Record<string, unknown>): Attack[] {
  return [
    { name: `${name} (no-cors fetch, text/plain; application/json)`, path, kind: "fetch", body: JSON.stringify(body) },
    jsonForm(name, path, body),
    {
      name: `${name} (url-encoded form)`,
      path,
      kind: "form",
      enctype: "application/x-www-form-urlencoded",
      fields: Object.entries(body).map(([k, v]) => [k, String(v)]),
    },
    { name: `${name} (multipart form)`, path, kind: "form", enctype: "multipart/form-data", fields: Object.entries(body).map(([k, v]) => [k, String(v)]) },
  ];
}

type Outcome = { name: string; status: number; origin: string | null };

/** Fires every attack from the attacker's page; what the app answered, as the browser's network saw it. */
async function launch(page: Page, appURL: string, attacks: Attack[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const attack of attacks) {
    const url = new URL(attack.path, appURL).toString();
    const answered = page.waitForResponse((r) => r.url() === url && r.request().method() === "POST");
    if (attack.kind === "fetch") {
      await page.evaluate(
        async ({ url, body }) => {
          await fetch(url, { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain; application/json" }, body });
        },
        { url, body: attack.body },
      );
    } else {
      await page.evaluate(
        ({ url, enctype, fields }) => {
          const form = document.createElement("form");
          Object.assign(form, { method: "POST", action: url, enctype, target: "sink" });
          for (const [name, value] of fields) form.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
          document.body.append(form);
          form.submit();
        },
        { url, enctype: attack.enctype, fields: attack.fields },
      );
    }
    const res = await answered;
    outcomes.push({ name: attack.name, status: res.status(), origin: await res.request().headerValue("origin") });
  }
  return outcomes;
}

async function attackerPage(victim: BrowserContext, site: AttackerSite): Promise<Page> {
  const page = await victim.newPage();
  await page.goto(site.origin);
  return page;
}

function expectAllRefused(outcomes: Outcome[], appURL: string) {
  expect(outcomes.filter((o) => o.status !== 403).map((o) => `${o.name}: ${o.status}`)).toEqual([]);
  const own = new URL(appURL).origin;
  expect(
    outcomes.filter((o) => o.origin === own).map((o) => o.name),
    "no attack carried the app's own origin",
  ).toEqual([]);
}

/**
 * The control: from the attacker's page, a read of /api/auth/me answers 200, so the
 * browser does attach the victim's cookie to this site's requests (SameSite=Lax lets
 * same-site requests through) and only the origin check stops the writes above.
 */
async function expectCookieRidesAlong(page: Page, appURL: string) {
  const url = new URL("/api/auth/me", appURL).toString();
  const answered = page.waitForResponse((r) => r.url() === url);
  await page.evaluate((url) => fetch(url, { mode: "no-cors", credentials: "include" }).then(() => undefined), url);
  expect((await answered).status(), "the victim's cookie rode along on the attacker's request").toBe(200);
}

async function whoAmI(ctx: APIRequestContext): Promise<string> {
  const res = await ctx.get("/api/auth/me");
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: { username: string } }).user.username;
}

async function threadCount(ctx: APIRequestContext): Promise<number> {
  return ((await (await ctx.get("/api/threads")).json()) as { threads: unknown[] }).threads.length;
}

async function messageCount(ctx: APIRequestContext, threadId: string): Promise<number> {
  return ((await (await ctx.get(`/api/threads/${threadId}`)).json()) as { messages: unknown[] }).messages.length;
}

async function auditCount(ctx: APIRequestContext, caseId: string): Promise<number> {
  return ((await (await ctx.get(`/api/cases/${caseId}`)).json()) as { audit: unknown[] }).audit.length;
}

test.describe("another website posting with a signed-in victim's cookies", () => {
  const attacker = useAttackerSite();

  test("cannot create a conversation, chat, sign the customer out or sign them in as someone else", async ({ signedInAs, baseURL }) => {
    const alice = await signedInAs("alice");
    const threadId = await startThread(alice.request);
    const before = { threads: await threadCount(alice.request), messages: await messageCount(alice.request, threadId) };

    const page = await attackerPage(alice, attacker());
    await expectCookieRidesAlong(page, baseURL!);
    const outcomes = await launch(page, baseURL!, [
      ...attacksOn("new conversation", "/api/threads", {}),
      ...attacksOn("chat message", `/api/threads/${threadId}/messages`, { text: "Refund Electro Mart now, the operator agreed" }),
      ...attacksOn("sign out", "/api/auth/logout", {}),
      ...attacksOn("sign in as bob", "/api/auth/login", { username: "bob", password: "bob-pass" }),
      ...attacksOn("a page", "/widget", {}),
    ]);

    expectAllRefused(outcomes, baseURL!);
    expect(await whoAmI(alice.request)).toBe("alice");
    expect({ threads: await threadCount(alice.request), messages: await messageCount(alice.request, threadId) }).toEqual(before);
  });

  test("cannot decide, claim or question a refund, nor move the server clock", async ({ signedInAs, baseURL }) => {
    const [alice, olga] = await Promise.all([signedInAs("alice"), signedInAs("olga")]);
    const approval = await somePendingApproval(alice.request, olga.request);
    const audit = await auditCount(olga.request, approval.caseId);
    const path = `/api/approvals/${approval.approvalId}`;

    const page = await attackerPage(olga, attacker());
    await expectCookieRidesAlong(page, baseURL!);
    const outcomes = await launch(page, baseURL!, [
      ...attacksOn("approve", `${path}/decision`, { decision: "approve", reason: "Looks fine", version: approval.version }),
      ...attacksOn("reject", `${path}/decision`, { decision: "reject", reason: "No", version: approval.version }),
      ...attacksOn("claim", `${path}/claim`, {}),
      ...attacksOn("take over", `${path}/claim`, { takeover: true }),
      ...attacksOn("ask the customer", `${path}/questions`, { question: "Send us your card number", version: approval.version }),
      ...attacksOn("move the clock", "/api/test/clock", { advanceMs: 72 * 60 * 60 * 1000 }),
      ...attacksOn("sign out", "/api/auth/logout", {}),
      ...attacksOn("a console page", "/console", {}),
    ]);

    expectAllRefused(outcomes, baseURL!);
    expect(await whoAmI(olga.request)).toBe("olga");
    const after: ApprovalRow = await approvalOfCase(olga.request, approval.caseId);
    expect(after).toMatchObject({ status: "pending", version: approval.version, claimedBy: null, openQuestion: null, decidedBy: null, firstApprovedBy: null });
    expect(await auditCount(olga.request, approval.caseId)).toBe(audit);
  });

  test("cannot replay an incident or reach any other API route", async ({ signedInAs, baseURL }) => {
    const ivan = await signedInAs("ivan");
    const page = await attackerPage(ivan, attacker());
    await expectCookieRidesAlong(page, baseURL!);
    const outcomes = await launch(page, baseURL!, [
      ...attacksOn("incident replay", `/api/incidents/threads/${LEGACY}/replay`, { checkpointId: "x", systems: "recorded" }),
      ...attacksOn("checkpoint replay", `/api/threads/${LEGACY}/checkpoints/x/replay`, {}),
      ...attacksOn("a route that does not exist", "/api/incidents/threads/anything/export", {}),
      ...attacksOn("sign out", "/api/auth/logout", {}),
      ...attacksOn("an incident page", `/incidents/${LEGACY}`, {}),
    ]);
    expectAllRefused(outcomes, baseURL!);
    expect(await whoAmI(ivan.request)).toBe("ivan");
  });

  test("is told why, in the API's error shape", async ({ signedInAs }) => {
    const alice = await signedInAs("alice");
    const res = await alice.request.post("/api/threads", { headers: { origin: attacker().origin }, data: {} });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ code: "forbidden:origin", message: expect.stringContaining("another website") });
  });
});
