import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { isJsonMediaType, readBodyText } from "./request-body";

describe("the JSON media type", () => {
  it("is application/json, with at most a utf-8 charset, in any case and spacing", () => {
    for (const type of [
      "application/json",
      "Application/JSON",
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      'application/json; charset="utf-8"',
    ]) {
      expect(isJsonMediaType(type), type).toBe(true);
    }
  });

  it("is not a type that merely mentions it, nor one with other parameters", () => {
    for (const type of [
      "text/plain; application/json",
      "text/plain;application/json",
      "application/json-patch+json",
      "application/jsonx",
      "application/json; charset=latin1",
      "application/json; boundary=x",
      "multipart/form-data; application/json",
      "",
      null,
    ]) {
      expect(isJsonMediaType(type), String(type)).toBe(false);
    }
  });
});

function chunked(chunks: number, size: number, onPull: () => void): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      onPull();
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

async function failure(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "no error";
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
}

describe("reading a body", () => {
  it("stops a chunked body with no content-length as soon as it passes the limit, without reading the rest", async () => {
    let pulls = 0;
    const req = new Request("http://localhost/api/x", { method: "POST", body: chunked(10_000, 1024, () => pulls++), duplex: "half" } as RequestInit);
    expect(await failure(readBodyText(req, 16 * 1024))).toBe("413 payload_too_large:body");
    expect(pulls).toBeLessThan(40);
  });

  it("refuses a declared content-length over the limit before reading anything", async () => {
    let pulls = 0;
    const req = new Request("http://localhost/api/x", {
      method: "POST",
      headers: { "content-length": "999999" },
      body: chunked(1, 10, () => pulls++),
      duplex: "half",
    } as RequestInit);
    expect(await failure(readBodyText(req, 16 * 1024))).toBe("413 payload_too_large:body");
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it("returns a body within the limit whole, and an absent body as empty text", async () => {
    expect(await readBodyText(new Request("http://localhost", { method: "POST", body: '{"text":"hé"}' }), 100)).toBe('{"text":"hé"}');
    expect(await readBodyText(new Request("http://localhost", { method: "POST" }), 100)).toBe("");
  });

  it("refuses bytes that are not UTF-8 with a 400", async () => {
    const req = new Request("http://localhost", { method: "POST", body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) });
    expect(await failure(readBodyText(req, 100))).toBe("400 bad_request:encoding");
  });
});
