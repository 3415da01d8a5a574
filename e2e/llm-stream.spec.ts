import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { freePort } from "../db/embedded";
import { isPhrasing, type FakeAnswer } from "../test/llm-fakes/script";
import { startLlmFake, type LlmFake } from "../test/llm-fakes/server";
import { signIn } from "./pages/login-page";
import { isWidgetTurn, WidgetPage } from "./pages/widget-page";

/**
 * A second demo deployment of the same build whose language model is a local OpenAI-compatible
 * fake (LLM_BASE_URL), so the rest of the browser suite keeps the offline model. The fake words
 * greetings slowly, a word at a time, so the widget can be watched while the answer is written.
 */
const root = path.resolve(import.meta.dirname, "..");

const GREETING = '{"intent":"greeting","confidence":0.95}';
const WORDED =
  "Hello and welcome to Northwind! I am glad you stopped by. I can help you with card payments you want refunded, with your card limits, or with where a refund stands. What can I do for you?";
const FILTERED = "Hello there, let me see what I am allowed to say about this particular question today";
/** The start of composeReply's greeting: the bank's own words, which replace a wording the model could not finish. */
const CODE_GREETING = /^Hello! I can help with /;

let fake: LlmFake;
let app: { child: ChildProcess; output: () => string; exited: Promise<number | null> };
let origin: string;
let phrasing: FakeAnswer = { kind: "text", text: WORDED };

async function customer(browser: Browser): Promise<{ context: BrowserContext; widget: WidgetPage }> {
  const context = await browser.newContext({ baseURL: origin });
  await signIn(context, "alice");
  const widget = new WidgetPage(await context.newPage());
  await widget.goto();
  return { context, widget };
}

/** The text of the agent's last bubble (the reply being written, or the stored one), without its screen-reader label. */
async function lastAgentText(widget: WidgetPage): Promise<string> {
  const bubbles = widget.agentMessages;
  if ((await bubbles.count()) === 0) return "";
  return ((await bubbles.last().textContent()) ?? "").replace(/^Agent: /, "");
}

/** Watches the agent's last bubble until it reads as `done` says; returns every text it showed on the way, in order. */
async function watchUntil(widget: WidgetPage, done: (text: string) => boolean): Promise<string[]> {
  const seen: string[] = [];
  await expect
    .poll(
      async () => {
        const text = await lastAgentText(widget);
        if (text && seen.at(-1) !== text) seen.push(text);
        return done(text);
      },
      { timeout: 30_000, intervals: [40] },
    )
    .toBe(true);
  return seen;
}

/** What the bank stored for the widget's conversation. */
async function stored(context: BrowserContext, widget: WidgetPage) {
  const threadId = await widget.page.evaluate(() => window.localStorage.getItem("northwind-support:thread:alice"));
  const res = await context.request.get(`/api/threads/${threadId}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { status: string; messages: { role: string; text: string }[] };
  return {
    status: body.status,
    customer: body.messages.filter((m) => m.role === "customer").map((m) => m.text),
    agent: body.messages.filter((m) => m.role === "agent").map((m) => m.text),
  };
}

test.describe("free-text answers worded by a language model", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    fake = await startLlmFake((request) => (isPhrasing(request) ? phrasing : { kind: "text", text: GREETING }));
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/start.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        EMBEDDED_PG_DIR: ".data/pg-e2e-llm",
        EMBEDDED_PG_FRESH: "1",
        LLM_BASE_URL: fake.openaiUrl,
        LLM_MODEL: "fake-model",
        LLM_TIMEOUT_MS: "30000",
      } as Record<string, string | undefined> as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    app = { child, output: () => output, exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))) };
    await expect
      .poll(
        () => {
          if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
          return output.includes("[start] ready");
        },
        { timeout: 200_000, intervals: [500] },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    if (app?.child.exitCode === null) {
      app.child.kill("SIGTERM");
      await app.exited;
    }
    await fake?.close();
  });

  test("the answer arrives token by token, then the stored reply stands", async ({ browser }) => {
    phrasing = { kind: "text", text: WORDED, delayMs: 80 };
    const { context, widget } = await customer(browser);
    await widget.send("hello there");
    const preview = (await watchUntil(widget, (text) => text === WORDED)).slice(0, -1);
    expect(preview.length, preview.join("\n")).toBeGreaterThanOrEqual(5);
    for (const partial of preview) expect(WORDED.startsWith(partial.trimEnd()), partial).toBe(true);
    await expect(widget.input).toBeEnabled();
    await expect(widget.agentMessages).toHaveCount(1);
    expect(await stored(context, widget)).toEqual({ status: "idle", customer: ["hello there"], agent: [WORDED] });
    await context.close();
  });

  test("a wording the model could not finish is withdrawn from the preview and the bank's own words stand", async ({ browser }) => {
    phrasing = { kind: "content_filter", text: FILTERED, delayMs: 80 };
    const { context, widget } = await customer(browser);
    await widget.send("hello there");
    const preview = await watchUntil(widget, (text) => CODE_GREETING.test(text));
    expect(
      preview.some((text) => FILTERED.startsWith(text.trimEnd()) && text.split(" ").length >= 3),
      preview.join("\n"),
    ).toBe(true);
    await expect(widget.input).toBeEnabled();
    await expect(widget.transcript).not.toContainText("allowed to say");
    const answer = await lastAgentText(widget);
    expect(answer).toMatch(/What can I do for you\?$/);
    expect(await stored(context, widget)).toEqual({ status: "idle", customer: ["hello there"], agent: [answer] });
    await context.close();
  });

  test("a second tab writes while the first tab's answer is being written: its message waits its turn, and both tabs read both answers in order", async ({
    browser,
  }) => {
    phrasing = { kind: "text", text: WORDED, delayMs: 250 };
    const { context, widget: first } = await customer(browser);
    await first.send("hello there");
    await expect.poll(async () => (await lastAgentText(first)).split(" ").length, { timeout: 15_000, intervals: [50] }).toBeGreaterThanOrEqual(3);

    // The same customer in a second tab of the same browser: the widget resumes the same conversation.
    const second = new WidgetPage(await context.newPage());
    await second.goto();
    const queued = second.page.waitForResponse(isWidgetTurn);
    await second.send("what are my card limits");
    expect((await queued).status()).toBe(200);
    await expect(second.page.getByRole("button", { name: "Sending…" })).toBeVisible();
    expect(await lastAgentText(first)).not.toBe(WORDED);

    for (const tab of [first, second]) {
      await expect(tab.agentMessages).toHaveCount(2, { timeout: 30_000 });
      await expect(tab.agentMessages.first()).toContainText(WORDED);
      await expect(tab.agentMessages.last()).toContainText(/limit/i);
      await expect(tab.customerMessages).toHaveText([/hello there/, /what are my card limits/]);
    }
    await expect(second.input).toBeEnabled();
    const kept = await stored(context, first);
    expect(kept.customer).toEqual(["hello there", "what are my card limits"]);
    expect(kept.agent[0]).toBe(WORDED);
    expect(kept.agent).toHaveLength(2);
    expect(kept.status).toBe("idle");
    await context.close();
  });

  test("a reload while the answer is still being written finds the whole answer in the transcript", async ({ browser }) => {
    phrasing = { kind: "text", text: WORDED, delayMs: 250 };
    const streamsBefore = fake.streams.length;
    const { context, widget } = await customer(browser);
    await widget.send("hello there");
    await expect.poll(async () => (await lastAgentText(widget)).split(" ").length, { timeout: 15_000, intervals: [50] }).toBeGreaterThanOrEqual(3);
    expect(await lastAgentText(widget)).not.toBe(WORDED);
    await widget.page.reload();
    await expect(widget.agentMessages).toHaveCount(1, { timeout: 30_000 });
    await expect(widget.agentMessages).toContainText(WORDED);
    await expect(widget.customerMessages).toHaveCount(1);
    expect(fake.streams.slice(streamsBefore)).toEqual([{ protocol: "openai", completed: true }]);
    expect(await stored(context, widget)).toEqual({ status: "idle", customer: ["hello there"], agent: [WORDED] });
    await context.close();
  });
});
