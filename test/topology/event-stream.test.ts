import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "./topology";

/** Takes every request and never answers it, as an instance holding a stream back would. */
const silent = createServer(() => undefined);
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/approvals/events`;
});

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

describe("the topology test's event streams", () => {
  it("opening a stream whose server never answers fails by its deadline, naming the stream", async () => {
    const started = Date.now();
    await expect(openEventStream(url, "", {}, 300)).rejects.toThrow(`${url}: no answer within 300 ms`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
