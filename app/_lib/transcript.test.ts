import { describe, expect, it } from "vitest";
import { withLanguages } from "./transcript";

describe("a conversation as staff read it", () => {
  it("names the language of each customer message, and of no reply", () => {
    const messages = [
      { id: 1, role: "customer", text: "Zapłaciłam dwa razy w Kawiarni Mocca" },
      { id: 2, role: "agent", text: "Dobra wiadomość: zwrot został wykonany." },
      { id: 3, role: "customer", text: "thanks, that was quick" },
      { id: 4, role: "customer", text: "249" },
    ];
    expect(withLanguages(messages).map((m) => m.language)).toEqual(["pl", null, "en", null]);
  });
});
