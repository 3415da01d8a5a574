import { expect, test } from "./fixtures";
import { ConsolePage } from "./pages/console-page";
import { IncidentsPage } from "./pages/incidents-page";
import { apiSignIn, LoginPage } from "./pages/login-page";

test("a customer calling the approval queue is refused with 403", async ({ request }) => {
  await apiSignIn(request, "alice");
  const res = await request.get("/api/approvals");
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ code: "forbidden:role" });
});

test("a customer cannot read another customer's conversation", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const created = await alice.request.post("/api/threads", { data: {} });
  expect(created.status()).toBe(201);
  const { threadId } = (await created.json()) as { threadId: string };
  expect((await alice.request.get(`/api/threads/${threadId}`)).status()).toBe(200);

  const bob = await signedInAs("bob");
  const read = await bob.request.get(`/api/threads/${threadId}`);
  expect(read.status()).toBe(404);
  expect(await read.json()).toMatchObject({ code: "not_found:thread" });
  const own = (await (await bob.request.get("/api/threads")).json()) as { threads: { threadId: string }[] };
  expect(own.threads.map((t) => t.threadId)).not.toContain(threadId);
});

test("an auditor sees a customer's conversation checkpoints in the incident viewer", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const { threadId } = (await (await alice.request.post("/api/threads", { data: {} })).json()) as { threadId: string };
  const turn = await alice.request.post(`/api/threads/${threadId}/messages`, { data: { text: "Hello" } });
  expect(turn.status(), await turn.text()).toBe(200);

  const ivan = await signedInAs("ivan");
  const incidents = new IncidentsPage(await ivan.newPage());
  await incidents.goto(threadId);
  await expect(incidents.checkpoints).toBeVisible();
  const rows = await incidents.checkpointRows.count();
  expect(rows).toBeGreaterThan(1);
  const last = await incidents.checkpointRows.last().locator("td").first().innerText();
  await incidents.viewState(Number(last));
  await expect(incidents.stateAt(Number(last))).toContainText('"customerId": "cust-alice"');
});

test("an auditor sees the approval console read-only; a customer is not allowed in", async ({ signedInAs }) => {
  const ivan = await signedInAs("ivan");
  const ivanConsole = new ConsolePage(await ivan.newPage());
  await ivanConsole.goto();
  await expect(ivanConsole.page.getByText("Read-only", { exact: true })).toBeVisible();
  await expect(ivanConsole.page.getByRole("button", { name: "Approve refund" })).toHaveCount(0);

  const bob = await signedInAs("bob");
  const page = await bob.newPage();
  await page.goto("/console");
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
});

test("the sign-in form shows a wrong password and sends an operator to the console", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn("olga", "wrong-pass");
  await expect(login.error).toContainText("Wrong username or password");
  await login.signIn("olga");
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByTestId("signed-in-user")).toContainText("Olga Petrova");
});
