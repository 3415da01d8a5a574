import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DUMMY_HASH, hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from "./password";

/** A hash as it was stored before parameters were recorded: `salt:hash`, hex, Node's scrypt defaults. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString("hex")}:${scryptSync(password, salt, 32).toString("hex")}`;
}

describe("password hashes", () => {
  it("store the scrypt parameters in the hash and verify the right password only", async () => {
    const stored = await hashPassword("sam-pass");
    expect(stored).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(SCRYPT_PARAMS).toEqual({ N: 16384, r: 8, p: 5 });
    expect(await verifyPassword("sam-pass", stored)).toBe(true);
    expect(await verifyPassword("sam-pas", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("salt every hash, so equal passwords hash differently", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("still verify legacy salt:hash hashes, and mark them for an upgrade", async () => {
    const stored = legacyHash("olga-pass");
    expect(await verifyPassword("olga-pass", stored)).toBe(true);
    expect(await verifyPassword("wrong", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it("mark hashes made with other parameters for an upgrade", async () => {
    const older = (await hashPassword("x")).replace("ln=14,r=8,p=5", "ln=14,r=8,p=1");
    expect(needsRehash(older)).toBe(true);
  });

  it("never match a malformed or tampered hash, and refuse parameters that would exhaust memory", async () => {
    for (const stored of ["", "nonsense", ":", "zz:zz", "$scrypt$ln=30,r=8,p=1$AAAA$AAAA", "$scrypt$ln=14,r=8,p=5$$"]) {
      expect(await verifyPassword("anything", stored), stored).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it("keep the dummy hash for unknown users in the current format, matching no password", async () => {
    expect(needsRehash(DUMMY_HASH)).toBe(false);
    expect(await verifyPassword("", DUMMY_HASH)).toBe(false);
    expect(await verifyPassword("password", DUMMY_HASH)).toBe(false);
  });

  it("hash without blocking the event loop", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all([hashPassword("a"), hashPassword("b")]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
