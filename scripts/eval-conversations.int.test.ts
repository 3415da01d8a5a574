import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runScript } from "../test/run-script";

const dir = mkdtempSync(path.join(tmpdir(), "eval-conversations-"));
const file = path.join(dir, "small.json");
writeFileSync(
  file,
  JSON.stringify({
    theme: "two turns, one expected wrongly",
    conversations: [
      {
        id: "limits",
        customer: "bob",
        turns: [
          { text: "how much can I spend per day with my card?", expect: { intent: "limits", outcome: "limits_answered" } },
          { text: "hello", expect: { intent: "refund", outcome: "refunded" } },
        ],
      },
    ],
  }),
);

describe("npm run eval:conversations", () => {
  it("runs the files given and prints the summary and every verdict as JSON", { timeout: 120_000 }, async () => {
    const run = await runScript("scripts/eval-conversations.ts", ["--file", file, "--json"], {
      env: { DATABASE_URL: process.env.DATABASE_URL, DATABASE_OWNER_URL: process.env.DATABASE_OWNER_URL },
    });
    expect(run.code, run.stderr).toBe(0);
    const [out, ...others] = JSON.parse(run.stdout);
    expect(others).toEqual([]);
    expect(out.set).toBe("the given files");
    expect(out.summary).toEqual({
      overall: { passed: 1, total: 2 },
      byIntent: { limits: { passed: 1, total: 1 }, refund: { passed: 0, total: 1 } },
      byCategory: {},
      byGroup: {},
      byLanguage: {},
    });
    expect(out.turns[1]).toMatchObject({ conversation: "small/limits", turn: 2, text: "hello", got: { intent: "greeting", outcome: "greeted" } });
    expect(run.stderr).toMatch(/1 conversations; 2 customer turns/);
  });

  it("refuses a file that is not there or not in the format, before starting anything", async () => {
    const missing = await runScript("scripts/eval-conversations.ts", ["--file", path.join(dir, "nope.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nope\.json: no such file/);
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ theme: "t", conversations: [{ id: "x", customer: "carol", turns: [] }] }));
    const refused = await runScript("scripts/eval-conversations.ts", ["--file", bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/bad\.json: conversations\.0\.customer/);
  });
});
