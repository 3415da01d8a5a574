import { afterAll, describe, expect, it } from "vitest";
import { agentHarness } from "../../test/agent-support";
import { conversationFiles, HELDOUT_DIR, loadConversations } from "./dataset";
import { HELDOUT_FLOORS, PASS_FLOOR } from "./floor";
import { passRate, summarise } from "./judge";
import { formatReport } from "./report";
import { runConversations } from "./run";

const h = agentHarness();
afterAll(() => h.pool.end());

const floors = Object.entries(HELDOUT_FLOORS);

describe("the conversation test sets", () => {
  it(`the project's set passes at least ${PASS_FLOOR * 100}% of its customer turns`, { timeout: 15 * 60_000 }, async () => {
    const verdicts = await runConversations(h, loadConversations());
    const summary = summarise(verdicts);
    expect(passRate(summary.overall), formatReport(summary, verdicts, { failures: 40 })).toBeGreaterThanOrEqual(PASS_FLOOR);
  });

  it(
    `the held-out set passes at least ${floors.map(([language, floor]) => `${floor * 100}% in ${language}`).join(", ")}`,
    { timeout: 15 * 60_000 },
    async () => {
      const verdicts = await runConversations(h, loadConversations(conversationFiles(HELDOUT_DIR)));
      const summary = summarise(verdicts);
      const report = formatReport(summary, verdicts, { failures: 0 });
      for (const [language, floor] of floors) {
        expect(passRate(summary.byLanguage.get(language) ?? { passed: 0, total: 0 }), `${language}\n${report}`).toBeGreaterThanOrEqual(floor);
      }
    },
  );
});
