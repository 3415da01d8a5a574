import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { apiContext } from "./api-client";
import type { ApprovalRow } from "./api-types";
import { expect, test } from "./fixtures";
import { demoPassword } from "./pages/login-page";
import { WidgetPage } from "./pages/widget-page";

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test("vistula-bank's supervisor proposes a higher auto-approval limit, the second supervisor confirms it, and piotr's 249.00 PLN duplicate is then refunded without an operator", async ({
  signedInAs,
}) => {
  test.setTimeout(120_000);
  const zofia = await signedInAs("zofia");
  const page = await zofia.newPage();
  await page.goto("/console");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Refund policy of Vistula Bank" })).toBeVisible();
  const limit = page.getByLabel("Auto-approval limit (PLN)");
  await expect(limit).toHaveValue("200.00");
  expect(await seriousViolations(page)).toEqual([]);

  // Above the operator limit is refused in the page, field by field, and nothing is sent.
  await limit.fill("2500");
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("The auto-approval limit may not be above the operator limit.")).toBeVisible();
  await expect(limit).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);

  // A higher limit loosens the policy: it waits for the bank's second supervisor.
  await limit.fill("300.00");
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Proposed, not applied yet" })).toBeVisible();
  await expect(page.getByTestId("policy-change")).toContainText("You proposed");
  await expect(page.getByTestId("policy-change")).toContainText("200.00 PLN → 300.00 PLN (looser)");
  await expect(page.getByTestId("policy-change").getByRole("button", { name: "Confirm and apply" })).toHaveCount(0);
  await expect(page.getByTestId("policy-version")).toContainText("200.00 PLN on its own");
  expect(await seriousViolations(page)).toEqual([]);

  const wanda = await (await signedInAs("wanda")).newPage();
  await wanda.goto("/console/policy");
  await expect(wanda.getByTestId("policy-change")).toContainText("zofia proposed");
  await wanda.getByRole("button", { name: "Confirm and apply" }).click();
  await expect(wanda.getByRole("status").filter({ hasText: "Change confirmed and applied" })).toBeVisible();
  await expect(wanda.getByTestId("policy-version")).toContainText("last changed by wanda");
  await expect(wanda.getByTestId("policy-version")).toContainText("300.00 PLN on its own");
  await expect(wanda.getByTestId("policy-change")).toHaveCount(0);
  expect(await seriousViolations(wanda)).toEqual([]);

  // 249.00 PLN was above the old 200.00 limit: under the new one the policy pays it at once.
  const piotr = await signedInAs("piotr");
  // Vistula Bank speaks Polish: the chat is in Polish, and so is the answer to a Polish message.
  const widget = new WidgetPage(await piotr.newPage(), "pl");
  await widget.goto();
  await widget.send("Empik pobrał mi dwa razy 249 zł");
  await expect(widget.agentMessages.last()).toContainText("został wykonany", { timeout: 30_000 });
  await expect(widget.caseStatus).toContainText("249,00 zł");
  await expect(widget.caseStatus).toContainText("Zwrócono");

  const marta = await signedInAs("marta");
  const { approvals } = (await (await marta.request.get("/api/approvals?status=all")).json()) as { approvals: ApprovalRow[] };
  expect(approvals.find((a) => a.merchant === "Empik")).toMatchObject({ mode: "policy", status: "executed", amountMinor: 24_900, currency: "PLN" });
  // demo-bank's operator never sees vistula-bank's cases.
  const olga = await signedInAs("olga");
  const theirs = (await (await olga.request.get("/api/approvals?status=all")).json()) as { approvals: ApprovalRow[] };
  expect(theirs.approvals.map((a) => a.merchant)).not.toContain("Empik");
});

test("only supervisors find the policy page; an operator is told it is not theirs", async ({ signedInAs }) => {
  const marta = await signedInAs("marta");
  const page = await marta.newPage();
  await page.goto("/console");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Policy" })).toHaveCount(0);
  await page.goto("/console/policy");
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect((await marta.request.get("/api/tenant/policy")).status()).toBe(403);
});

test("vistula-bank's supervisor lifts tomasz's sign-in delay in the console, and the held-back address may try again at once", async ({
  baseURL,
  signedInAs,
}) => {
  // Four addresses of this run alone (the server counts the X-Forwarded-For a client sends when no proxy is trusted), five wrong passwords each.
  const block = `10.77.${Math.floor(Math.random() * 250)}`;
  const attackers = await Promise.all([1, 2, 3, 4].map((n) => apiContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `${block}.${n}` } })));
  const signIn = (n: number, password: string) => attackers[n]!.post("/api/auth/login", { data: { username: "tomasz", password } });
  for (const n of [0, 1, 2, 3]) for (let i = 0; i < 5; i++) expect((await signIn(n, `guess-${n}-${i}`)).status()).toBe(401);
  expect((await signIn(0, demoPassword("tomasz"))).status()).toBe(429);

  const zofia = await signedInAs("zofia");
  const page = await zofia.newPage();
  await page.goto("/console/policy");
  const unlock = page.getByRole("form", { name: "Lift a sign-in delay" });
  await unlock.getByLabel("Employee's user name").fill("tomasz");
  await unlock.getByRole("button", { name: "Lift sign-in delay" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sign-in delay lifted" })).toContainText(
    /tomasz may sign in again at once: \d+ failed sign-ins forgiven\./,
  );
  expect(await seriousViolations(page)).toEqual([]);
  expect((await signIn(0, demoPassword("tomasz"))).status()).toBe(200);

  // Another bank's employee is not hers to let in.
  await unlock.getByLabel("Employee's user name").fill("olga");
  await unlock.getByRole("button", { name: "Lift sign-in delay" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The delay was not lifted" })).toContainText("Your bank has no staff account with this user name.");
  for (const api of attackers) await api.dispose();
});
