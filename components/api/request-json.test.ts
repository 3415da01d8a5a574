import { describe, expect, it } from "vitest";
import { ApiRequestError, errorMessage, readApiError } from "./request-json";

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("the words shown for a failed request", () => {
  it("tell a customer over their budget how long to wait, from the wait the server gave", async () => {
    const error = await readApiError(
      answer(429, { code: "rate_limited:turn", message: "Too many requests.", budget: "turns_per_minute", retryAfterSeconds: 17 }, { "retry-after": "17" }),
    );
    expect(errorMessage(error)).toBe("You're sending messages faster than we can answer. Please wait 17 seconds.");
  });

  it("are the server's message for any other refusal, and for a 429 that names no budget", async () => {
    expect(errorMessage(await readApiError(answer(409, { code: "conflict:thread", message: "The agent is still answering your previous message." })))).toBe(
      "The agent is still answering your previous message.",
    );
    expect(errorMessage(new ApiRequestError(429, "too_many_requests:login", "Too many failed sign-ins. Try again in 15 minutes."))).toBe(
      "Too many failed sign-ins. Try again in 15 minutes.",
    );
  });
});
