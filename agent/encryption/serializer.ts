import { JsonPlusSerializer, type SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { EMPTY_JSON_VALUES } from "@/db/queries/key-rotation";
import { open, seal, type KeyRing } from "./keys";

const PREFIX = "enc:";

/** The stored type tag of an encrypted value: `enc:<keyId>:<the inner serializer's type>`. */
export function encryptedType(keyId: string, innerType: string): string {
  return `${PREFIX}${keyId}:${innerType}`;
}

/** The key id and inner type of an encrypted value's tag, or null for a value stored in clear. */
export function parseEncryptedType(type: string): { keyId: string; innerType: string } | null {
  if (!type.startsWith(PREFIX)) return null;
  const rest = type.slice(PREFIX.length);
  const colon = rest.indexOf(":");
  if (colon <= 0) throw new Error(`checkpoint value has a malformed encrypted type "${type}"`);
  return { keyId: rest.slice(0, colon), innerType: rest.slice(colon + 1) };
}

const EMPTY = new Set<string>(EMPTY_JSON_VALUES);

/**
 * Whether a serialized value is an empty one: JSON `null`, `""`, `[]` or `{}`. These are
 * stored in clear. AES-GCM hides a value's bytes but not its length, and each channel of the
 * state holds one kind of value, so a sealed empty value would still say what it is by its
 * length alone (2 or 4 bytes and the 28 of the seal); sealing it would hide nothing. About
 * half the values a turn writes are such resets (a new turn clears the last one's case,
 * verdict, answer and so on), each a seal of its own.
 */
export function isEmptyValue(type: string, bytes: Uint8Array): boolean {
  return type === "json" && bytes.byteLength <= 4 && EMPTY.has(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"));
}

/**
 * LangGraph's serializer revives an `lc: 1` constructor object by handing it to LangChain's
 * `load()`, which constructs any class in @langchain/core's import map with the stored
 * arguments. The agent's state is plain data (LangGraph's own values, Send and interrupts,
 * are stored as plain objects or its closed `lc: 2` set), so such an object in a stored value
 * was not written by this app: reading refuses it instead of constructing it.
 */
function refuseLangChainObjects(text: string): void {
  // JSON.parse would turn "\u006cc" into "lc", so an escape sends the value through the full check too.
  if (!text.includes('"lc"') && !text.includes("\\u")) return;
  const visit = (value: unknown, path: string): void => {
    if (value === null || typeof value !== "object") return;
    if (Array.isArray(value)) return value.forEach((item, i) => visit(item, `${path}[${i}]`));
    const record = value as Record<string, unknown>;
    if (record.lc === 1) {
      const id = Array.isArray(record.id) ? record.id.map(String).join(".") : "?";
      throw new Error(
        `refusing to revive a stored LangChain object (${String(record.type)} ${id}) at ${path || "the top"}: checkpoints of this app hold plain data only`,
      );
    }
    for (const [key, item] of Object.entries(record)) visit(item, path ? `${path}.${key}` : key);
  };
  visit(JSON.parse(text), "");
}

/**
 * LangGraph's serializer that reads only what the app's state holds: plain JSON values,
 * bytes, and LangGraph's closed set of `lc: 2` records (undefined, Set, Map, Error, ...),
 * never a LangChain object built by `load()`.
 */
export class PlainDataSerializer implements SerializerProtocol {
  private readonly inner = new JsonPlusSerializer();

  dumpsTyped(data: unknown): Promise<[string, Uint8Array]> {
    return this.inner.dumpsTyped(data);
  }

  async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
    if (type === "json") refuseLangChainObjects(typeof data === "string" ? data : new TextDecoder().decode(data));
    return this.inner.loadsTyped(type, data);
  }
}

/** A value as the serializer stores it (type and bytes), and its bytes before sealing. */
export type Dumped = { stored: [string, Uint8Array]; bytes: Uint8Array };

/**
 * Encrypts every value LangGraph's serializer writes (channel values, task writes) with
 * AES-256-GCM under the ring's write key, the key id in the stored type
 * (`enc:<keyId>:json`); empty values (`isEmptyValue`) are written as they are. Reads values
 * under any key of the ring, and values stored in clear before encryption was on. The type
 * tag is authenticated with the value. `writes: "clear"` (ENCRYPTION_AT_REST=off, never in
 * production) writes new values as `plain` does.
 */
export class EncryptingSerializer implements SerializerProtocol {
  constructor(
    private readonly ring: KeyRing,
    /** What the values are before encryption and after decryption. */
    readonly plain: SerializerProtocol = new PlainDataSerializer(),
    private readonly writes: "encrypted" | "clear" = "encrypted",
  ) {}

  async dumpsTyped(data: unknown): Promise<[string, Uint8Array]> {
    return (await this.dump(data)).stored;
  }

  /**
   * A value as stored, with its bytes before sealing. `earlier` are values this serializer
   * stored moments ago for the same place (the task writes a checkpoint's values come from):
   * one holding the same bytes is stored as it was, not sealed a second time. The two rows
   * then share a ciphertext, which says only what LangGraph's own rules say (a channel's value
   * after a step is what the step wrote to it).
   */
  async dump(data: unknown, earlier: readonly Dumped[] = []): Promise<Dumped> {
    const [innerType, bytes] = await this.plain.dumpsTyped(data);
    if (this.writes === "clear" || isEmptyValue(innerType, bytes)) return { stored: [innerType, bytes], bytes };
    const type = encryptedType(this.ring.writeKeyId, innerType);
    const same = earlier.find((e) => e.stored[0] === type && Buffer.compare(e.bytes, bytes) === 0);
    return same ?? { stored: [type, seal(this.ring, bytes, type).sealed], bytes };
  }

  async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
    const encrypted = parseEncryptedType(type);
    if (!encrypted) return this.plain.loadsTyped(type, data);
    if (typeof data === "string") throw new Error(`checkpoint value under key "${encrypted.keyId}" arrived as text, not bytes`);
    const plaintext = open(this.ring, encrypted.keyId, data, type, "checkpoint value");
    return this.plain.loadsTyped(encrypted.innerType, new Uint8Array(plaintext.buffer, plaintext.byteOffset, plaintext.byteLength));
  }

  /** A stored value as this serializer writes it now, without reviving it (key rotation): re-encrypted under the write key, or in clear if empty. */
  reseal(type: string, data: Uint8Array): [string, Buffer] {
    const encrypted = parseEncryptedType(type);
    const innerType = encrypted?.innerType ?? type;
    const plaintext = encrypted ? open(this.ring, encrypted.keyId, data, type, "checkpoint value") : data;
    if (isEmptyValue(innerType, plaintext)) return [innerType, Buffer.from(plaintext)];
    const next = encryptedType(this.ring.writeKeyId, innerType);
    return [next, seal(this.ring, plaintext, next).sealed];
  }
}
