import { describe, expect, it } from "vitest";
import { CARD_MASK, createMasker, maskDeep, maskName } from "./masking";

const TENANT = { names: ["Alice Novak", "Bob Kowalski", "Zoë Ångström-Lee"], cardDigits: ["4242", "1881"] };
const masker = createMasker(TENANT);
const M = CARD_MASK;

describe("masking for staff", () => {
  it("keeps the initials of a name", () => {
    expect(maskName("Alice Novak")).toBe("A**** N****");
    expect(maskName("Bo")).toBe("B*");
    expect(maskName("Zoë Ångström-Lee")).toBe("Z** Å***********");
  });

  it.each([
    // names, whole and in parts, of any customer of the tenant
    ["Hello Alice Novak, how can I help?", "Hello A**** N****, how can I help?"],
    ["ALICE NOVAK called", "A**** N**** called"],
    ["alice  novak", "a****  n****"],
    ["Novak-Smith", "N****-Smith"],
    ["Alice asked about Bob Kowalski's card", "A**** asked about B** K*******'s card"],
    ["Mrs Novak", "Mrs N****"],
    ["Zoë Ångström-Lee paid", "Z** Å*******-L** paid"],
    ["Ångström-Lee", "Å*******-L**"],
    ["Bobby and Alicea are other people", "Bobby and Alicea are other people"],
    ["cust-alice", "cust-alice"],
    // card digits after words that name a card
    ["Card ending 4242: daily limit 1,500.00 EUR", `Card ending ${M}: daily limit 1,500.00 EUR`],
    ["my card ending in 9876 was used", `my card ending in ${M} was used`],
    ["card ends with 5555", `card ends with ${M}`],
    ["your card 1234 is blocked", `your card ${M} is blocked`],
    ["card number: 4000 1234", `card number: ${M}`],
    ["the last four digits are 3333", `the last four digits are ${M}`],
    ["last 4: 7777", `last 4: ${M}`],
    ["**** 4242", `**** ${M}`],
    ["XXXX-XXXX-XXXX-9999", `XXXX-XXXX-XXXX-${M}`],
    // full card numbers and groups of four, with spaces or dashes
    ["4111111111111111", M],
    ["pan 4111 1111 1111 1111 used abroad", `pan ${M} used abroad`],
    ["4111-1111-1111-1111", M],
    ["378282246310005 is amex", `${M} is amex`],
    ["5105 1051", M],
    ["6011-0009-9013", M],
    // the tenant's known last digits anywhere they stand alone
    ["it was 4242, not mine", `it was ${M}, not mine`],
    ["(1881)", `(${M})`],
    // what is not a card number stays
    ["I was charged 1,249.00 EUR", "I was charged 1,249.00 EUR"],
    ["Electro Mart payment of 1249.00", "Electro Mart payment of 1249.00"],
    ["refund 1249 now", "refund 1249 now"],
    ["on 2026-11-30 at 10:00", "on 2026-11-30 at 10:00"],
    ["id 1f0c8a2e-4242-6abc-9def-0123456789ab", "id 1f0c8a2e-4242-6abc-9def-0123456789ab"],
    ["4.90 EUR on 28 Nov", "4.90 EUR on 28 Nov"],
    ["step 12 of 20", "step 12 of 20"],
    // card fields inside JSON text, as in a state diff
    ['  "last4": "4242",\n', `  "last4": "${M}",\n`],
    ['{"pan": 4111111111111111}', `{"pan": "${M}"}`],
  ])("masks %j as %j", (input, expected) => {
    expect(masker.text(input)).toBe(expected);
  });

  it("masks card fields and name fields by key and free text at any depth, leaving ids, dates and numbers alone", () => {
    const state = {
      threadId: "t-4242-1881",
      customerId: "cust-alice",
      createdAt: "2026-11-30T10:00:00.000Z",
      checks: { limits: { status: "ok", facts: { cards: [{ cardId: "card-alice", last4: "4242", dailyLimitMinor: 150_000 }] } } },
      recent: [{ role: "agent", text: "Hello Alice Novak, your card 4242" }],
      customerName: "Someone Unknown",
      amountMinor: 124_900,
      tags: ["Bob", "4242 4242 4242 4242"],
    };
    const masked = masker.mask(state);
    expect(masked).toEqual({
      threadId: "t-4242-1881",
      customerId: "cust-alice",
      createdAt: "2026-11-30T10:00:00.000Z",
      checks: { limits: { status: "ok", facts: { cards: [{ cardId: "card-alice", last4: M, dailyLimitMinor: 150_000 }] } } },
      recent: [{ role: "agent", text: `Hello A**** N****, your card ${M}` }],
      customerName: "S****** U******",
      amountMinor: 124_900,
      tags: ["B**", M],
    });
    expect(state.checks.limits.facts.cards[0]!.last4).toBe("4242");
  });

  it("masks objects that serialise themselves, as the JSON they are sent as", () => {
    class Message {
      constructor(readonly content: string) {}
      toJSON() {
        return { lc: 1, kwargs: { content: this.content } };
      }
    }
    const at = new Date("2026-11-30T10:00:00Z");
    expect(masker.mask({ at, messages: [new Message("Thanks, Alice! Card 4242 refunded.")] })).toEqual({
      at: "2026-11-30T10:00:00.000Z",
      messages: [{ lc: 1, kwargs: { content: `Thanks, A****! Card ${M} refunded.` } }],
    });
  });

  it("masks the names it is given with maskDeep", () => {
    expect(maskDeep({ reply: "Done, Alice Novak." }, ["Alice Novak"])).toEqual({ reply: "Done, A**** N****." });
    expect(maskDeep(undefined, [])).toBeUndefined();
  });

  it("masks nothing but card patterns when the tenant has no customers", () => {
    expect(createMasker({ names: [], cardDigits: [] }).text("Alice, card 4242")).toBe(`Alice, card ${M}`);
  });
});
