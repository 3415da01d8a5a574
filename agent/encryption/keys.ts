import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, randomFillSync, type KeyObject } from "node:crypto";

/**
 * The keys stored values are encrypted with: AES-256-GCM, each key named by a short id that is
 * stored with every value it sealed. Every key in the ring can open values; only the write key
 * seals new ones, so a key is rotated by adding the new one as the write key, re-encrypting
 * (`npm run keys:rotate`), and then removing the old one.
 */
export type KeyRing = { writeKeyId: string; keys: ReadonlyMap<string, Buffer> };

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Key ids go into stored type tags (`enc:<id>:json`), so they keep to letters, digits, `_` and `-`. */
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Parses `id:base64key,id:base64key`; throws with what is wrong with which entry. */
export function parseKeyList(text: string): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("no keys: give id:base64key entries, comma-separated");
  for (const entry of entries) {
    const colon = entry.indexOf(":");
    const id = colon < 0 ? entry : entry.slice(0, colon);
    if (colon < 0) throw new Error(`key "${id}" has no value: write it as id:base64key`);
    if (!KEY_ID.test(id)) throw new Error(`key id "${id}" must be 1 to 32 letters, digits, _ or -`);
    if (keys.has(id)) throw new Error(`key id "${id}" is given twice`);
    const encoded = entry.slice(colon + 1);
    const key = Buffer.from(encoded, "base64");
    if (key.toString("base64").replace(/=+$/, "") !== encoded.replace(/=+$/, "")) throw new Error(`key "${id}" is not base64`);
    if (key.length !== KEY_BYTES) throw new Error(`key "${id}" is ${key.length} bytes; AES-256 takes ${KEY_BYTES} (openssl rand -base64 32)`);
    keys.set(id, key);
  }
  return keys;
}

/** A ring from the settings' text; the write key may be left out when there is only one key. */
export function keyRingFrom(keysText: string, writeKeyId: string | undefined): KeyRing {
  const keys = parseKeyList(keysText);
  const writer = writeKeyId ?? (keys.size === 1 ? [...keys.keys()][0]! : undefined);
  if (writer === undefined)
    throw new Error(`several keys are given (${[...keys.keys()].join(", ")}): name the one that encrypts new values in ENCRYPTION_WRITE_KEY`);
  if (!keys.has(writer)) throw new Error(`the write key "${writer}" is not among the keys (${[...keys.keys()].join(", ")})`);
  return { writeKeyId: writer, keys };
}

/** A fresh random key in the settings' form, `id:base64key`. */
export function newKeyEntry(id: string): string {
  return `${id}:${randomBytes(KEY_BYTES).toString("base64")}`;
}

/** A value encrypted under a key this ring does not hold. */
export class UnknownKeyError extends Error {
  constructor(
    readonly keyId: string,
    ring: KeyRing,
    what: string,
  ) {
    super(
      `${what} is encrypted under key "${keyId}", which is not among the read keys (${[...ring.keys.keys()].join(", ")}): add key "${keyId}" to ENCRYPTION_KEYS to read it`,
    );
    this.name = "UnknownKeyError";
  }
}

/** Random bytes drawn from the system in batches: each IV is 12 of them, used once (as `randomUUID` pools its randomness). */
const ivPool = Buffer.alloc(IV_BYTES * 1024);
let ivAt = ivPool.length;

function nextIv(into: Buffer): void {
  if (ivAt + IV_BYTES > ivPool.length) {
    randomFillSync(ivPool);
    ivAt = 0;
  }
  ivPool.copy(into, 0, ivAt, ivAt + IV_BYTES);
  ivAt += IV_BYTES;
}

/** Each key imported into OpenSSL once, rather than at every value. */
const keyObjects = new WeakMap<Buffer, KeyObject>();

function keyObject(key: Buffer): KeyObject {
  let found = keyObjects.get(key);
  if (!found) {
    found = createSecretKey(key);
    keyObjects.set(key, found);
  }
  return found;
}

/**
 * Encrypts under the ring's write key: a random 12-byte IV, then the ciphertext, then the
 * 16-byte tag. `context` is authenticated with it (not stored): a value only opens with the
 * same context, so it cannot be moved to a place that reads it differently.
 */
export function seal(ring: KeyRing, plaintext: Uint8Array, context: string): { keyId: string; sealed: Buffer } {
  const keyId = ring.writeKeyId;
  const sealed = Buffer.allocUnsafe(IV_BYTES + plaintext.byteLength + TAG_BYTES);
  const iv = sealed.subarray(0, IV_BYTES);
  nextIv(iv);
  const cipher = createCipheriv("aes-256-gcm", keyObject(ring.keys.get(keyId)!), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  let at = IV_BYTES + cipher.update(plaintext).copy(sealed, IV_BYTES);
  at += cipher.final().copy(sealed, at);
  cipher.getAuthTag().copy(sealed, at);
  return { keyId, sealed };
}

/** Decrypts what `seal` wrote, checking its tag; throws, naming the key, on an unknown key or a value that does not authenticate. */
export function open(ring: KeyRing, keyId: string, sealed: Uint8Array, context: string, what: string): Buffer {
  const key = ring.keys.get(keyId);
  if (!key) throw new UnknownKeyError(keyId, ring, what);
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error(`${what} under key "${keyId}" is too short to be an encrypted value`);
  const decipher = createDecipheriv("aes-256-gcm", keyObject(key), bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new Error(
      `${what} under key "${keyId}" does not authenticate: the key "${keyId}" in ENCRYPTION_KEYS is not the one it was written with, or the stored value was altered`,
    );
  }
}
