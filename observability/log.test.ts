import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, failureFields, scrub } from "./log";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

describe("the log", () => {
  it("writes one JSON object per event, with the level by name", () => {
    const { lines, logger } = capture();
    logger.info({ event: "turn", threadId: "t-1", latencyMs: 12 });
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: "info", event: "turn", threadId: "t-1", latencyMs: 12, service: "bank-support-agent" });
    expect(typeof line.time).toBe("string");
  });

  it("redacts personal fields that a call passes by mistake, at the top level and one level down", () => {
    const { lines, logger } = capture();
    logger.info({ event: "x", text: "my card 4111 1111 1111 1111", customer: { name: "Alice Novak", iban: "DE89370400440532013000" } });
    expect(lines[0]).not.toContain("4111");
    expect(lines[0]).not.toContain("Alice");
    expect(lines[0]).not.toContain("DE89");
    expect(JSON.parse(lines[0]!)).toMatchObject({ text: "[redacted]", customer: { name: "[redacted]", iban: "[redacted]" } });
  });

  it("scrubs card numbers, IBANs, email addresses and quoted values from failure messages", () => {
    expect(scrub("card 4111 1111 1111 1111 refused")).toBe("card [number] refused");
    expect(scrub("to DE89 3704 0044 0532 0130 00")).toBe("to [iban]");
    expect(scrub("no user alice@example.com")).toBe("no user [email]");
    expect(scrub('invalid input "Alice Novak" at name')).toBe("invalid input [value] at name");
    expect(scrub("limits answered 503")).toBe("limits answered 503");
  });

  it("keeps a failure's class and the stack's frames, never its message line twice", () => {
    const error = new TypeError("bad value 4111111111111111");
    const fields = failureFields(error);
    expect(fields.errorClass).toBe("TypeError");
    expect(fields.errorMessage).toBe("bad value [number]");
    expect(fields.stack).toMatch(/^\s+at /);
    expect(fields.stack).not.toContain("4111");
  });
});
