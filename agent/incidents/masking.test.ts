import { describe, expect, it } from "vitest";
import { maskDeep, maskName } from "./masking";

describe("masking for the incident viewer", () => {
  it("keeps the initials of a name", () => {
    expect(maskName("Alice Novak")).toBe("A**** N****");
    expect(maskName("Bo")).toBe("B*");
  });

  it("hides card numbers and names at any depth, leaving other data alone", () => {
    const state = {
      checks: { limits: { status: "ok", facts: { cards: [{ last4: "4242", dailyLimitMinor: 150_000 }] } } },
      recent: [{ role: "agent", text: "Hello Alice Novak, your card 4242" }],
      amountMinor: 124_900,
    };
    const masked = maskDeep(state, ["Alice Novak"]);
    expect(masked.checks.limits.facts.cards[0]).toEqual({ last4: "••••", dailyLimitMinor: 150_000 });
    expect(masked.recent[0]!.text).toBe("Hello A**** N****, your card 4242");
    expect(masked.amountMinor).toBe(124_900);
    expect(state.checks.limits.facts.cards[0]!.last4).toBe("4242");
    const at = new Date("2026-11-30T10:00:00Z");
    expect(maskDeep({ at }, ["Alice Novak"]).at).toBe(at);
    expect(maskDeep({ value: '  "last4": "4242",\n' }, [])).toEqual({ value: '  "last4": "••••",\n' });
  });
});
