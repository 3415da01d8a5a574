import { describe, expect, it } from "vitest";
import { accountDelayMs, heldUntil, type ThrottleLimits } from "./throttle";

const limits: ThrottleLimits = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 30, maxDelayMs: 15 * 60_000 };
const AT = Date.parse("2026-12-03T12:00:00Z");
const noRelease = async () => null;
const counts = (account: number, pair: number, address = pair, lastAccountFailureAt: Date | null = new Date(AT)) => ({
  account,
  pair,
  address,
  lastAccountFailureAt,
});

describe("the sign-in throttle's decision", () => {
  it("delays an account's guesses 1 s after its limit, doubling with each failure, up to the cap", () => {
    expect([4, 5, 6, 7, 10, 14, 15, 60].map((f) => accountDelayMs(f, limits))).toEqual([0, 1000, 2000, 4000, 32_000, 512_000, 900_000, 900_000]);
  });

  it("holds back an address that used its tries at the account until the account's latest failure plus the delay", async () => {
    expect(await heldUntil(counts(7, 5), AT + 1000, limits, noRelease)).toEqual({ bucket: "account", failures: 7, retryAt: AT + 4000 });
    expect(await heldUntil(counts(7, 5), AT + 4000, limits, noRelease)).toBeNull();
  });

  it("lets an address with tries left at the account through, however many failures the account has from elsewhere", async () => {
    expect(await heldUntil(counts(500, 4), AT, limits, noRelease)).toBeNull();
    expect(await heldUntil(counts(500, 0), AT, limits, noRelease)).toBeNull();
  });

  it("refuses an address past its own limit until its releasing failure leaves the window, whatever the account", async () => {
    const releasing = new Date(AT - 60_000);
    expect(await heldUntil(counts(0, 0, 30), AT, limits, async () => releasing)).toEqual({
      bucket: "address",
      failures: 30,
      retryAt: releasing.getTime() + limits.windowMs,
    });
    expect(await heldUntil(counts(0, 0, 29), AT, limits, async () => releasing)).toBeNull();
  });
});
