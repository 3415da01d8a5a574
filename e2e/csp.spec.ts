import type { BrowserContext, Page, Response } from "@playwright/test";
import { useAttackerSite } from "./attacker-site";
import { expect, test } from "./fixtures";
import { somePendingApproval } from "./seed";

const LEGACY = "legacy-thread-state-v0";

type Violation = { directive: string; blocked: string; document: string };

/** Records every CSP violation in any frame of the context's pages, from the event and from the console. */
async function watchViolations(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding("__reportCspViolation", (_source, v: Violation) => void violations.push(v));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        document: e.documentURI,
      });
    });
  });
  context.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text())) {
      violations.push({ directive: "console", blocked: message.text().slice(0, 200), document: message.location().url });
    }
  });
  return violations;
}

/** The headers every page must carry; `frameable` only for the widget. */
async function expectPageHeaders(res: Response | null, path: string) {
  expect(res, path).not.toBeNull();
  const h = await res!.allHeaders();
  const csp = h["content-security-policy"] ?? "";
  expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'(;|$)/);
  expect(csp, path).not.toContain("unsafe-inline");
  expect(csp, path).not.toContain("unsafe-eval");
  expect(csp, path).toContain("object-src 'none'");
  if (path.startsWith("/widget")) {
    expect(csp, path).toMatch(/frame-ancestors 'self'/);
    expect(h["x-frame-options"], path).toBeUndefined();
  } else {
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(h["x-frame-options"], path).toBe("DENY");
  }
  expect(h["x-content-type-options"], path).toBe("nosniff");
  expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"], path).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\).*payment=\(\)/);
  // The browser tests run in demo mode, over plain http: no HSTS (production's is a unit test).
  expect(h["strict-transport-security"], path).toBeUndefined();
}

/** React has hydrated the page: its scripts, nonce and all, ran. */
async function expectHydrated(page: Page, path: string) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber"))), { message: `${path} hydrated` })
    .toBe(true);
}

type Visit = { path: string; ready?: (page: Page) => Promise<void> };

async function walk(context: BrowserContext, visits: Visit[], violations: Violation[]) {
  const page = await context.newPage();
  for (const { path, ready } of visits) {
    const res = await page.goto(path);
    await expectPageHeaders(res, new URL(page.url()).pathname);
    await expectHydrated(page, path);
    if (ready) await ready(page);
  }
  expect(violations).toEqual([]);
  await page.close();
}

const widgetReady = async (page: Page) => {
  const chat = page.getByLabel("Message", { exact: true });
  const notice = page.getByRole("link", { name: /^(Sign in to chat|Open the approval console|Open the ops page)$/ });
  await expect(chat.or(notice)).toBeVisible();
};
const framedWidgetReady = async (page: Page) => {
  const frame = page.frameLocator('iframe[title="Northwind support chat"]');
  await expect(frame.getByLabel("Message", { exact: true }).or(frame.getByRole("link", { name: "Sign in to chat" }))).toBeVisible();
};
const queueReady = async (page: Page) => {
  await expect(page.getByRole("heading", { name: /Refund approvals/ })).toBeVisible();
  await expect(page.locator("tr[data-approval-id]").first()).toBeVisible();
};
const caseReady = async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name: /Refund of/ })).toBeVisible();
};
const incidentReady = async (page: Page) => {
  await expect(page.getByRole("table", { name: "Timeline" })).toBeVisible();
};
/** The charts draw only in the browser, after the first figures arrive: that is when they could break the policy. */
const opsReady = async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name: "Operations" })).toBeVisible();
  await expect(page.getByTestId("chart-checkpoint-sizes").locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
};
const policyReady = async (page: Page) => {
  await expect(page.getByRole("button", { name: "Save policy" })).toBeVisible();
};
const notAllowed = async (page: Page) => {
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
};

test.describe("every page of every role under the Content-Security-Policy", () => {
  test("signed out: the demo bank page with its framed widget, sign-in, the widget and a missing page", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const violations = await watchViolations(context);
    await walk(
      context,
      [
        { path: "/", ready: framedWidgetReady },
        { path: "/login" },
        { path: "/widget", ready: widgetReady },
        { path: "/console" },
        { path: "/docs/api" },
        { path: "/no-such-page" },
      ],
      violations,
    );
    await context.close();
  });

  test("a customer: the demo bank page with the chat framed in it, the widget, the embedded chat's sign-in landing, and a staff page they may not use", async ({
    signedInAs,
  }) => {
    const alice = await signedInAs("alice");
    const violations = await watchViolations(alice);
    const signedInReady = async (page: Page) => {
      await expect(page.getByRole("status")).toHaveText("You are signed in. Return to the page you came from and open the chat.");
    };
    await walk(
      alice,
      [
        { path: "/", ready: framedWidgetReady },
        { path: "/widget", ready: widgetReady },
        { path: "/widget/signed-in", ready: signedInReady },
        { path: "/console" },
        { path: "/incidents" },
      ],
      violations,
    );
  });

  test("an operator and a supervisor: the queue, a case, the incident list, a conversation and its report, the policy page", async ({ signedInAs }) => {
    const [alice, olga, sam] = await Promise.all([signedInAs("alice"), signedInAs("olga"), signedInAs("sam")]);
    const approval = await somePendingApproval(alice.request, olga.request);
    const olgaViolations = await watchViolations(olga);
    await walk(
      olga,
      [
        { path: "/console", ready: queueReady },
        { path: `/console/approvals/${approval.approvalId}`, ready: caseReady },
        { path: "/console/policy", ready: notAllowed },
        { path: "/widget", ready: widgetReady },
      ],
      olgaViolations,
    );
    const samViolations = await watchViolations(sam);
    await walk(
      sam,
      [
        { path: "/console", ready: queueReady },
        { path: `/console/approvals/${approval.approvalId}`, ready: caseReady },
        { path: "/incidents" },
        { path: `/incidents/${LEGACY}`, ready: incidentReady },
        { path: `/incidents/${LEGACY}/report` },
        { path: "/ops", ready: opsReady },
        { path: "/console/policy", ready: policyReady },
      ],
      samViolations,
    );
  });

  test("an auditor: the incident list, a conversation and its report", async ({ signedInAs }) => {
    const ivan = await signedInAs("ivan");
    const violations = await watchViolations(ivan);
    await walk(
      ivan,
      [
        { path: "/incidents" },
        { path: `/incidents/${LEGACY}`, ready: incidentReady },
        { path: `/incidents/${LEGACY}/report` },
        { path: "/console", ready: queueReady },
        { path: "/ops", ready: opsReady },
      ],
      violations,
    );
  });

  test("the ops role: the ops page, and the pages it may not use", async ({ signedInAs }) => {
    const otto = await signedInAs("otto");
    const violations = await watchViolations(otto);
    await walk(
      otto,
      [
        { path: "/ops", ready: opsReady },
        { path: "/console", ready: notAllowed },
        { path: "/incidents", ready: notAllowed },
        { path: `/incidents/${LEGACY}`, ready: notAllowed },
        { path: "/widget", ready: widgetReady },
      ],
      violations,
    );
  });

  test("each response gets its own nonce", async ({ page }) => {
    const nonce = async () => /'nonce-([^']+)'/.exec((await page.goto("/login"))!.headers()["content-security-policy"] ?? "")?.[1];
    const first = await nonce();
    expect(first).toMatch(/^[A-Za-z0-9+/_-]{16,}={0,2}$/);
    expect(await nonce()).not.toBe(first);
  });

  test("API answers carry their own locked-down headers", async ({ signedInAs }) => {
    const olga = await signedInAs("olga");
    for (const res of [
      await olga.request.get("/api/auth/me"),
      await olga.request.post("/api/threads", { data: {} }),
      await olga.request.get("/api/no-such-route"),
    ]) {
      const h = res.headers();
      expect(h["content-security-policy"], res.url()).toContain("default-src 'none'; frame-ancestors 'none'");
      expect(h, res.url()).toMatchObject({
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "strict-origin-when-cross-origin",
      });
    }
  });
});

test.describe("framing", () => {
  const attacker = useAttackerSite();

  for (const path of ["/console", "/incidents", "/login", "/widget"]) {
    test(`another website cannot frame ${path}`, async ({ signedInAs, baseURL }) => {
      const sam = await signedInAs("sam");
      const page = await sam.newPage();
      const refused = page.waitForEvent("console", (m) => /frame-ancestors|X-Frame-Options/.test(m.text()));
      await page.goto(`${attacker().origin}/frame?src=${encodeURIComponent(new URL(path, baseURL!).toString())}`);
      const target = new URL(path, baseURL!).toString();
      expect((await refused).text()).toContain(`Framing '${new URL(baseURL!).origin}/'`);
      const framed = page.frames().find((f) => f !== page.mainFrame());
      expect(framed?.url(), "the frame shows an error page, not the app").not.toContain(target);
    });
  }
});
