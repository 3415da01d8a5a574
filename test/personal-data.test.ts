import { describe, expect, it } from "vitest";
import { personalIn } from "./personal-data";

describe("personalIn", () => {
  it("finds card digits and names as words, beside punctuation or mask dots", () => {
    expect(personalIn('{"reply":"Card ending 4242: daily"}', ["4242"])).toEqual(["4242"]);
    expect(personalIn("card ••••4242", ["4242"])).toEqual(["4242"]);
    expect(personalIn('"name":"Alice Novak"', ["Alice", "Novak", "Kowalski"])).toEqual(["Alice", "Novak"]);
  });

  it("does not read a generated id or a longer word as personal data", () => {
    expect(personalIn('"checkpointId":"1f1ee105-6060-6ac0-8001-ddd117d4242d"', ["4242"])).toEqual([]);
    expect(personalIn('"threadId":"4242aaaa-4242-4242-8242-424242424242"', ["4242"])).toEqual([]);
    expect(personalIn("424242 Alicetown", ["4242", "Alice"])).toEqual([]);
  });
});
