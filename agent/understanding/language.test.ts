import { describe, expect, it } from "vitest";
import { languageOfMessage } from "./language";

describe("the language of a customer's message", () => {
  it("reads Polish with diacritics, without them, and in a few words", () => {
    expect(languageOfMessage("Zapłaciłam dwa razy w Kawiarni Mocca")).toBe("pl");
    expect(languageOfMessage("zaplacilam dwa razy za kawe, prosze o zwrot")).toBe("pl");
    expect(languageOfMessage("jakie mam limity na karcie?")).toBe("pl");
    expect(languageOfMessage("tak")).toBe("pl");
  });

  it("reads English", () => {
    expect(languageOfMessage("I was charged twice at Coffee Corner")).toBe("en");
    expect(languageOfMessage("what are my limits?")).toBe("en");
    expect(languageOfMessage("yes")).toBe("en");
  });

  it("says nothing about a message that carries no words of either language", () => {
    expect(languageOfMessage("249")).toBeUndefined();
    expect(languageOfMessage("Empik?")).toBeUndefined();
    expect(languageOfMessage("ok")).toBeUndefined();
    // British thanks and Polish "this": the conversation's language stands.
    expect(languageOfMessage("ta")).toBeUndefined();
    expect(languageOfMessage("ta z wczoraj")).toBe("pl");
  });
});
