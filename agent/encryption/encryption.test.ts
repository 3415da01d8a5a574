import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { afterAll, describe, expect, it } from "vitest";
import { seal } from "./keys";
import {
  developmentKeyRing,
  EncryptingSerializer,
  encryptedType,
  isEnvelope,
  keyRingFrom,
  openJson,
  openNodeEvent,
  PlainDataSerializer,
  sealJson,
  type KeyRing,
} from "./";

const key = (byte: number) => Buffer.alloc(32, byte).toString("base64");
const ringA = keyRingFrom(`a:${key(1)}`, undefined);
const ringB = keyRingFrom(`a:${key(1)},b:${key(2)}`, "b");
const onlyB = keyRingFrom(`b:${key(2)}`, undefined);
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

const STATE = {
  customerId: "cust-alice",
  input: "I was charged twice at Coffee Corner, card 4242",
  checks: { limits: { status: "ok", facts: { cards: [{ last4: "4242", spentTodayMinor: 1290 }] } } },
};

describe("the encrypting serializer", () => {
  const serde = new EncryptingSerializer(ringA);

  it("stores a value encrypted under the write key, its id in the type, and reads it back", async () => {
    const [type, bytes] = await serde.dumpsTyped(STATE);
    expect(type).toBe("enc:a:json");
    expect(text(bytes)).not.toContain("cust-alice");
    expect(text(bytes)).not.toContain("4242");
    expect(await serde.loadsTyped(type, bytes)).toEqual(STATE);
  });

  it("draws a fresh IV for every value: the same value twice is stored differently", async () => {
    const [, first] = await serde.dumpsTyped(STATE);
    const [, second] = await serde.dumpsTyped(STATE);
    expect(Buffer.from(first).subarray(0, 12).equals(Buffer.from(second).subarray(0, 12))).toBe(false);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
  });

  it("checks the tag: an altered byte, or a type changed to another, fails instead of reading garbage", async () => {
    const [type, bytes] = await serde.dumpsTyped(STATE);
    const altered = Buffer.from(bytes);
    altered[20] = altered[20]! ^ 1;
    await expect(serde.loadsTyped(type, altered)).rejects.toThrow('checkpoint value under key "a" does not authenticate');
    await expect(serde.loadsTyped("enc:a:bytes", bytes)).rejects.toThrow("does not authenticate");
  });

  it("reads under every key of the ring and writes under the write key only", async () => {
    const [typeA, bytesA] = await serde.dumpsTyped(STATE);
    const rotated = new EncryptingSerializer(ringB);
    expect(await rotated.loadsTyped(typeA, bytesA)).toEqual(STATE);
    expect((await rotated.dumpsTyped(STATE))[0]).toBe("enc:b:json");
  });

  it("fails on a value under a key it does not hold, naming the key", async () => {
    const [type, bytes] = await serde.dumpsTyped(STATE);
    await expect(new EncryptingSerializer(onlyB).loadsTyped(type, bytes)).rejects.toThrow(
      'checkpoint value is encrypted under key "a", which is not among the read keys (b): add key "a" to ENCRYPTION_KEYS to read it',
    );
  });

  it("reads values stored in clear before encryption was on", async () => {
    const [type, bytes] = await new JsonPlusSerializer().dumpsTyped(STATE);
    expect(type).toBe("json");
    expect(await serde.loadsTyped(type, bytes)).toEqual(STATE);
    expect(await serde.loadsTyped("bytes", new Uint8Array([1, 2]))).toEqual(new Uint8Array([1, 2]));
  });

  it("writes in clear when told to (the benchmark's comparison) and still reads encrypted values", async () => {
    const [sealedType, sealed] = await serde.dumpsTyped(STATE);
    const clear = new EncryptingSerializer(ringA, undefined, "clear");
    const [type, bytes] = await clear.dumpsTyped(STATE);
    expect(type).toBe("json");
    expect(text(bytes)).toContain("cust-alice");
    expect(await clear.loadsTyped(type, bytes)).toEqual(STATE);
    expect(await clear.loadsTyped(sealedType, sealed)).toEqual(STATE);
  });

  it("keeps LangGraph's own values: undefined, Set, Map, bytes", async () => {
    const value = { gone: undefined, set: new Set(["a"]), map: new Map([["k", 1]]), raw: new Uint8Array([7]) };
    const [type, bytes] = await serde.dumpsTyped(value);
    expect(await serde.loadsTyped(type, bytes)).toEqual(value);
    const [rawType, raw] = await serde.dumpsTyped(new Uint8Array([9, 9]));
    expect(rawType).toBe("enc:a:bytes");
    expect(await serde.loadsTyped(rawType, raw)).toEqual(new Uint8Array([9, 9]));
  });

  it('stores empty values (null, "", [], {}) in clear, and every value with something in it sealed', async () => {
    for (const empty of [null, "", [], {}]) {
      const [type, bytes] = await serde.dumpsTyped(empty);
      expect([type, text(bytes)]).toEqual(["json", JSON.stringify(empty)]);
      expect(await serde.loadsTyped(type, bytes)).toEqual(empty);
    }
    for (const small of [0, 1, false, "a", [0], [null], { a: null }, " ", [""]]) {
      const [type, bytes] = await serde.dumpsTyped(small);
      expect(type).toBe("enc:a:json");
      expect(await serde.loadsTyped(type, bytes)).toEqual(small);
    }
    expect((await serde.dumpsTyped(new Uint8Array(0)))[0]).toBe("enc:a:bytes");
  });

  it("stores a value as an earlier one of the same bytes was, and seals any other afresh", async () => {
    const earlier = await serde.dump(STATE);
    expect(await serde.dump(structuredClone(STATE), [earlier])).toBe(earlier);
    const other = await serde.dump({ ...STATE, input: "something else" }, [earlier]);
    expect(Buffer.from(other.stored[1]).equals(Buffer.from(earlier.stored[1]))).toBe(false);
    expect((await new EncryptingSerializer(ringB).dump(STATE, [earlier])).stored[0]).toBe("enc:b:json");
  });

  it("reads an empty value sealed before, and rotation stores it in clear", async () => {
    const type = encryptedType("a", "json");
    const sealed = seal(ringA, new TextEncoder().encode("null"), type).sealed;
    expect(await serde.loadsTyped(type, sealed)).toBeNull();
    const [clearType, clear] = new EncryptingSerializer(ringB).reseal(type, sealed);
    expect([clearType, text(clear)]).toEqual(["json", "null"]);
  });

  it("re-encrypts a stored value under the write key without reading it (rotation)", async () => {
    const [typeA, bytesA] = await serde.dumpsTyped(STATE);
    const rotated = new EncryptingSerializer(ringB);
    const [typeB, bytesB] = rotated.reseal(typeA, Buffer.from(bytesA));
    expect(typeB).toBe("enc:b:json");
    expect(await new EncryptingSerializer(onlyB).loadsTyped(typeB, bytesB)).toEqual(STATE);
    const [clearType, clear] = await new JsonPlusSerializer().dumpsTyped(STATE);
    const [fromClear, sealed] = rotated.reseal(clearType, Buffer.from(clear));
    expect(fromClear).toBe("enc:b:json");
    expect(await new EncryptingSerializer(onlyB).loadsTyped(fromClear, sealed)).toEqual(STATE);
  });
});

describe("reading a crafted value", () => {
  /** What LangChain's load() would construct (a prompt template that runs on use) and read (a secret from the environment). */
  const constructor = {
    lc: 1,
    type: "constructor",
    id: ["langchain_core", "prompts", "prompt", "PromptTemplate"],
    kwargs: { template: "{x}", inputVariables: ["x"] },
  };
  const secret = { lc: 1, type: "secret", id: ["LLM_API_KEY"] };
  const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

  it("is what LangGraph's own serializer turns into a LangChain object", async () => {
    const built = (await new JsonPlusSerializer().loadsTyped("json", bytes({ input: constructor }))) as { input: object };
    expect(built.input.constructor.name).toBe("PromptTemplate");
  });

  it("never constructs a class or reads a secret, in clear or encrypted", async () => {
    const serde = new EncryptingSerializer(ringA);
    for (const crafted of [{ input: constructor }, { recent: [{ nested: secret }] }, constructor]) {
      await expect(serde.loadsTyped("json", bytes(crafted))).rejects.toThrow(/refusing to revive a stored LangChain object/);
      const [type, sealed] = await new EncryptingSerializer(ringA, {
        dumpsTyped: async (v: unknown) => ["json", bytes(v)],
        loadsTyped: async () => null,
      }).dumpsTyped(crafted);
      await expect(serde.loadsTyped(type, sealed)).rejects.toThrow(/refusing to revive a stored LangChain object/);
    }
  });

  it("is refused when its keys are written as JSON escapes", async () => {
    const escaped = new TextEncoder().encode(JSON.stringify({ input: constructor }).replaceAll('"lc"', '"\\u006cc"'));
    expect(JSON.parse(new TextDecoder().decode(escaped)).input.lc).toBe(1);
    await expect(new PlainDataSerializer().loadsTyped("json", escaped)).rejects.toThrow(
      "refusing to revive a stored LangChain object (constructor langchain_core.prompts.prompt.PromptTemplate) at input",
    );
  });

  it("is read as before when it only mentions lc as data", async () => {
    const value = { input: 'tell me about {"lc":1}', lc: 2, notes: { lc: "one" } };
    expect(await new PlainDataSerializer().loadsTyped("json", bytes(value))).toEqual(value);
  });
});

describe("encrypted jsonb bodies", () => {
  const response = { cards: [{ cardId: "card-alice", last4: "4242" }], customerId: "cust-alice" };

  it("are envelopes naming their key, read back under any key of the ring", () => {
    const sealed = sealJson(ringA, response);
    expect(isEnvelope(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain("4242");
    expect(sealed).toMatchObject({ enc: "aes-256-gcm", kid: "a" });
    expect(openJson(ringB, sealed)).toEqual(response);
    expect(openNodeEvent(ringA, { id: 1, request: sealJson(ringA, { operation: "list" }), response: sealed })).toEqual({
      id: 1,
      request: { operation: "list" },
      response,
    });
  });

  it("read clear rows as they are, and leave nothing as nothing", () => {
    expect(openJson(ringA, response)).toEqual(response);
    expect(sealJson(ringA, null)).toBeNull();
    expect(sealJson(ringA, undefined)).toBeUndefined();
  });

  it("fail under an unknown key naming it, and on an altered body", () => {
    const sealed = sealJson(ringA, response) as { data: string };
    expect(() => openJson(onlyB, sealed, "node event response")).toThrow(
      'node event response is encrypted under key "a", which is not among the read keys (b)',
    );
    const data = Buffer.from(sealed.data, "base64");
    data[14] = data[14]! ^ 1;
    expect(() => openJson(ringA, { ...sealed, data: data.toString("base64") })).toThrow('under key "a" does not authenticate');
  });
});

describe("the development key", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dev-key-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is made once, readable by its owner only, and the same on every later read", () => {
    const file = path.join(dir, "encryption-dev.key");
    const first: KeyRing = developmentKeyRing(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.writeKeyId).toBe("dev");
    expect(first.keys.get("dev")).toHaveLength(32);
    const again = developmentKeyRing(file);
    expect(again.keys.get("dev")!.equals(first.keys.get("dev")!)).toBe(true);
    expect(readFileSync(file, "utf8")).toMatch(/^dev:[A-Za-z0-9+/]{43}=\n$/);
  });
});
