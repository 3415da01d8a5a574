import { describe, expect, it } from "vitest";
import { envelope, readEnvelope } from "./protocol";

describe("the embed's messages", () => {
  it("carry their source and version, and read back as what was sent", () => {
    const sent = envelope({ type: "resize", height: 480 });
    expect(sent).toEqual({ source: "northwind-chat", v: 1, type: "resize", height: 480 });
    expect(readEnvelope(sent)).toEqual({ type: "resize" });
  });

  it("are told apart from anything else a window may post", () => {
    const others: unknown[] = [
      null,
      "northwind-chat",
      { type: "open" },
      { source: "northwind-chat", type: "open" },
      { source: "northwind-chat", v: 2, type: "open" },
      { source: "other-widget", v: 1, type: "open" },
      { source: "northwind-chat", v: 1, type: 7 },
    ];
    for (const data of others) expect(readEnvelope(data), JSON.stringify(data)).toBeNull();
  });
});
