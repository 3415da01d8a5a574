import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser } from "@playwright/test";
import { freePort } from "../db/embedded";
import { offlineBacked } from "../test/llm-fakes/offline-backed";
import { startLlmFake, type LlmFake } from "../test/llm-fakes/server";
import { signIn } from "./pages/login-page";
import { startApp, stopApp, type Run } from "./support/app-process";

/**
 * A canary needs a deployment that hosts a candidate: this spec's server has one, its language
 * model an OpenAI-compatible server that reads like the offline model.
 */
test.describe("a canary on the Releases page", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  let app: Run | undefined;
  let model: LlmFake | undefined;
  let origin = "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    model = await startLlmFake(offlineBacked);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    app = await startApp({
      PORT: String(port),
      DEMO_DATA: "1",
      EMBEDDED_PG_DIR: ".data/pg-e2e-canary",
      EMBEDDED_PG_FRESH: "1",
      LOG_LEVEL: "warn",
      CANDIDATE_LLM_BASE_URL: model.openaiUrl,
      CANDIDATE_LLM_MODEL: "offline-backed",
      CANARY_INTERVAL_MS: "2000",
    });
  });

  test.afterAll(async () => {
    await stopApp(app);
    await model?.close();
  });

  async function releasesAs(browser: Browser, username: string) {
    const context = await browser.newContext({ baseURL: origin });
    await signIn(context, username);
    const page = await context.newPage();
    await page.goto("/releases");
    return { context, page, canary: page.getByTestId("canary-controls") };
  }

  test("one supervisor proposes it, a second starts it, conversations split, a supervisor stops it, and the ops page shows why", async ({ browser }) => {
    const sam = await releasesAs(browser, "sam");
    await sam.canary.getByLabel("Share of new conversations (%)").fill("50");
    await sam.canary.getByLabel("Window (minutes)").fill("120");
    await sam.canary.getByRole("button", { name: "Propose a canary" }).click();
    await expect(sam.canary.getByTestId("canary-status")).toContainText("proposed, waiting for a second supervisor");
    await expect(sam.canary.getByRole("button", { name: "Start the canary" })).toHaveCount(0);
    await expect(sam.canary.getByText("Another supervisor of your bank starts it.")).toBeVisible();

    const sven = await releasesAs(browser, "sven");
    await sven.canary.getByRole("button", { name: "Start the canary" }).click();
    await expect(sven.canary.getByTestId("canary-status")).toContainText("for 50% of new conversations");
    await expect(sven.canary.getByTestId("canary-status")).toContainText("running");
    const { violations } = await new AxeBuilder({ page: sven.page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    const alice = await browser.newContext({ baseURL: origin });
    await signIn(alice, "alice");
    for (let i = 0; i < 6; i++) {
      const created = await alice.request.post("/api/threads", { data: {} });
      expect(created.status()).toBe(201);
      const { threadId } = (await created.json()) as { threadId: string };
      const turn = await alice.request.post(`/api/threads/${threadId}/messages`, { data: { text: "what are my card limits" } });
      expect(turn.status()).toBe(200);
      expect(((await turn.json()) as { reply: string }).reply).toContain("daily limit");
    }

    // The canary job compares the two revisions every 2 s here: the figures of both come up.
    const figures = sam.canary.getByTestId("canary-figures");
    await expect(async () => {
      await sam.page.reload();
      await expect(figures.getByRole("row", { name: /^Candidate rev-/ })).toBeVisible({ timeout: 2000 });
      const turns = await Promise.all(
        ["Current", "Candidate"].map(async (arm) =>
          Number(
            await figures
              .getByRole("row", { name: new RegExp(`^${arm} `) })
              .getByRole("cell")
              .first()
              .innerText(),
          ),
        ),
      );
      expect(turns[0]! + turns[1]!).toBe(6);
    }).toPass({ timeout: 30_000 });
    await sam.canary.getByLabel("Why you stop it").fill("the release board wants a second look");
    await sam.canary.getByRole("button", { name: "Stop the canary" }).click();
    await expect(sam.canary.getByTestId("canary-status")).toContainText("stopped");
    await expect(sam.canary.getByTestId("canary-status")).toContainText("by sam");
    await expect(sam.canary.getByTestId("canary-reason")).toHaveText("Why: the release board wants a second look");
    await sam.page.screenshot({ path: test.info().outputPath("canary.png"), fullPage: true });

    const ops = await sven.context.newPage();
    await ops.goto("/ops");
    await expect(ops.getByTestId("canary").getByTestId("canary-status")).toContainText("stopped");
    const ivan = await releasesAs(browser, "ivan");
    await expect(ivan.canary.getByTestId("canary-status")).toContainText("stopped");
    await expect(ivan.canary.getByRole("button")).toHaveCount(0);
    for (const c of [sam, sven, ivan]) await c.context.close();
    await alice.close();
  });
});
