import AxeBuilder from "@axe-core/playwright";
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";
import { say, startThread } from "./seed";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");

/** `npm run release:shadow` against the app's own database (the server's settings), as a release manager runs it in the candidate's checkout. */
async function shadowReplay() {
  const { stdout } = await run(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/release-shadow.ts", "--since", "1h", "--bank", "demo-bank"], {
    cwd: root,
    env: { ...process.env, EMBEDDED_PG_DIR: ".data/pg-e2e", LOG_LEVEL: "silent" },
    timeout: 60_000,
  });
  return stdout;
}

test("a shadow replay's report, on the Releases page for supervisors and auditors only", async ({ signedInAs }) => {
  const [alice, sam, ivan, olga] = await Promise.all([signedInAs("alice"), signedInAs("sam"), signedInAs("ivan"), signedInAs("olga")]);
  const threadId = await startThread(alice.request);
  await say(alice.request, threadId, "what are my card limits");
  const printed = await shadowReplay();
  expect(printed).toMatch(/^demo-bank: \d+ turn\(s\) from /);

  const page = await sam.newPage();
  await page.goto("/releases");
  await expect(page.getByRole("heading", { name: "Releases", level: 1 })).toBeVisible();
  const report = page.getByTestId("shadow-report");
  await expect(report.getByRole("heading", { name: /^Candidate rev-[0-9a-f]{12}$/ })).toBeVisible();
  const limits = report.getByTestId("by-intent").getByRole("row", { name: /^limits / });
  await expect(limits).toBeVisible();
  await expect(report.getByTestId("by-intent").getByRole("row", { name: /^Overall / })).toBeVisible();
  await expect(report.getByRole("heading", { name: /^Turns that changed \(\d+\)$/ })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("releases.png"), fullPage: true });

  const auditorPage = await ivan.newPage();
  await auditorPage.goto("/releases");
  await expect(auditorPage.getByTestId("shadow-reports").getByRole("row")).not.toHaveCount(0);
  const operatorPage = await olga.newPage();
  await operatorPage.goto("/releases");
  await expect(operatorPage.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  expect((await olga.request.get("/api/releases/shadow")).status()).toBe(403);
  expect((await sam.request.get("/api/releases/shadow/no-such-report")).status()).toBe(404);
});
