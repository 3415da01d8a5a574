import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./client";

describe("isDatabaseUnavailable", () => {
  it("recognises the pool giving up on a connection, also when drizzle wraps it", () => {
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: new Error("Connection terminated due to connection timeout") }))).toBe(true);
  });

  it("leaves other failures alone", () => {
    expect(isDatabaseUnavailable(new Error("duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailable("timeout exceeded when trying to connect")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
