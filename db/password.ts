import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt with N=2^14, r=8, p=5: one of OWASP's equivalent settings (as strong as N=2^17, p=1).
 * Memory per hash is 128·N·r = 16 MiB instead of 128 MiB, so the four libuv threads that
 * hash concurrently during a login flood peak at 64 MiB rather than half a gigabyte, and it
 * stays under Node's default scrypt `maxmem` of 32 MiB.
 */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Hashes written before parameters were stored: `salt:hash` in hex, Node's scrypt defaults. */
const LEGACY_PARAMS = { N: 2 ** 14, r: 8, p: 1 } as const;

type Params = { N: number; r: number; p: number };
type Parsed = { params: Params; salt: Buffer; hash: Buffer; legacy: boolean };

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))));
}

const derive = (password: string, salt: Buffer, keylen: number, { N, r, p }: Params) =>
  scryptAsync(password, salt, keylen, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });

/** `$scrypt$ln=14,r=8,p=5$<salt>$<hash>` (base64, PHC string format): the parameters travel with the hash. */
function format({ N, r, p }: Params, salt: Buffer, hash: Buffer): string {
  return `$scrypt$ln=${Math.log2(N)},r=${r},p=${p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;
const LEGACY = /^([0-9a-f]{16,128}):([0-9a-f]{32,128})$/;

function parse(stored: string): Parsed | null {
  const phc = PHC.exec(stored);
  if (phc) {
    const [ln, r, p] = [Number(phc[1]), Number(phc[2]), Number(phc[3])];
    // Bounds keep a tampered row from asking for gigabytes of memory.
    if (ln < 10 || ln > 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
    return { params: { N: 2 ** ln, r, p }, salt: Buffer.from(phc[4]!, "base64"), hash: Buffer.from(phc[5]!, "base64"), legacy: false };
  }
  const legacy = LEGACY.exec(stored);
  if (legacy) return { params: LEGACY_PARAMS, salt: Buffer.from(legacy[1]!, "hex"), hash: Buffer.from(legacy[2]!, "hex"), legacy: true };
  return null;
}

/** A new hash with the current parameters; the work runs on the libuv pool, not the event loop. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return format(SCRYPT_PARAMS, salt, await derive(password, salt, KEY_BYTES, SCRYPT_PARAMS));
}

/**
 * Random bytes in the current hash format, so no known password matches. Sign-in checks
 * unknown user names against it: they cost the same hash work as known ones.
 */
export const DUMMY_HASH = "$scrypt$ln=14,r=8,p=5$8a9Nx1I3fYzZ7sQmZ0vCJg==$vXq8m2cZQ2u8mU0uJ9m4u6qZ6tK5q6nN0xHq0dK3v9A=";

/** Whether `password` matches `stored` (current or legacy format); a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  // A malformed hash still costs the full work, so it looks like any other wrong password.
  const target = parsed ?? parse(DUMMY_HASH)!;
  const actual = await derive(password, target.salt, target.hash.length, target.params);
  return timingSafeEqual(actual, target.hash) && parsed !== null;
}

/** Whether a hash should be replaced on the next successful sign-in: legacy format or older parameters. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed || parsed.legacy) return true;
  const { N, r, p } = parsed.params;
  return N !== SCRYPT_PARAMS.N || r !== SCRYPT_PARAMS.r || p !== SCRYPT_PARAMS.p || parsed.hash.length !== KEY_BYTES;
}
