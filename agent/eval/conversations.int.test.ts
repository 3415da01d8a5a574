import { afterAll, describe, expect, it } from "vitest";
import { agentHarness } from "../../test/agent-support";
import { loadConversations } from "./dataset";
import { PASS_FLOOR } from "./floor";
import { passRate, summarise } from "./judge";
import { formatReport } from "./report";
import { runConversations } from "./run";

const h = agentHarness();
afterAll(() => h.pool.end());

describe("the conversation test set", () => {
  it(`passes at least ${PASS_FLOOR * 100}% of its customer turns`, { timeout: 15 * 60_000 }, async () => {
    const verdicts = await runConversations(h, loadConversations());
    const summary = summarise(verdicts);
    expect(passRate(summary.overall), formatReport(summary, verdicts, { failures: 40 })).toBeGreaterThanOrEqual(PASS_FLOOR);
  });
});
