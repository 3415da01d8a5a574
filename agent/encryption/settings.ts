import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env, isDemoMode, type Env } from "@/env";
import { keyRingFrom, newKeyEntry, type KeyRing } from "./keys";

/** Where demo mode keeps its development key: beside the embedded Postgres's data directory (`.data/encryption-dev.key`). */
export function developmentKeyFile(config: Pick<Env, "EMBEDDED_PG_DIR"> = env()): string {
  return path.join(path.dirname(path.resolve(config.EMBEDDED_PG_DIR)), "encryption-dev.key");
}

/**
 * The development key, made once: 32 random bytes as `dev:base64key`, readable by its owner
 * only (0600). Created under a temporary name and linked into place, so processes starting
 * together (the app, the tests, a script) all end up with the same key.
 */
export function developmentKeyRing(file: string): KeyRing {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const staging = `${file}.${process.pid}`;
    writeFileSync(staging, `${newKeyEntry("dev")}\n`, { mode: 0o600 });
    try {
      linkSync(staging, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(staging, { force: true });
    }
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  try {
    return keyRingFrom(readFileSync(file, "utf8").trim(), undefined);
  } catch (error) {
    throw new Error(
      `the development key file ${file} is unreadable (${(error as Error).message}): delete it to make a new one (conversations encrypted with it can then no longer be read)`,
    );
  }
}

/**
 * The app's keys: ENCRYPTION_KEYS and ENCRYPTION_WRITE_KEY when set; otherwise, in demo mode
 * only, the development key. Production refuses to start without them (see `startupProblems`).
 */
export function keyRingFromEnv(config: Env = env()): KeyRing {
  if (config.ENCRYPTION_KEYS) return keyRingFrom(config.ENCRYPTION_KEYS, config.ENCRYPTION_WRITE_KEY);
  if (!isDemoMode(config)) throw new Error("ENCRYPTION_KEYS is required in production: conversations are encrypted at rest");
  return developmentKeyRing(developmentKeyFile(config));
}

/** Whether new values are encrypted: always, unless ENCRYPTION_AT_REST=off (the benchmark's comparison, never in production). */
export function encryptsAtRest(config: Env = env()): boolean {
  return config.ENCRYPTION_AT_REST === "on";
}

let cached: KeyRing | undefined;

/** The keys this process reads and writes with, resolved once. */
export function appKeyRing(): KeyRing {
  cached ??= keyRingFromEnv();
  return cached;
}
