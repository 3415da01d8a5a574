import { createServer } from "node:net";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { freePort } from "@/db/embedded";
import { PRODUCTION_ENV } from "@/test/production-env";
import { runScript } from "@/test/run-script";

const COMPLETE = PRODUCTION_ENV;

/** npm start with this environment; it must refuse before starting anything. */
async function refusedStart(env: Record<string, string | undefined>) {
  const run = await runScript("scripts/start.ts", [], { env });
  expect(run.code, run.stdout + run.stderr).not.toBe(0);
  expect(run.code).not.toBeNull();
  expect(run.stdout).toBe("");
  const lines = run.stderr.trim().split("\n");
  expect(lines, "one line, no stack trace").toHaveLength(1);
  expect(lines[0]).toMatch(/^\[start\] Refusing to start: /);
  return lines[0]!;
}

describe("npm start in production (NODE_ENV=production without DEMO_DATA=1)", () => {
  it("refuses with one line naming every missing setting and what to set it to, and a non-zero exit", async () => {
    const line = await refusedStart({ NODE_ENV: "production" });
    expect(line).toContain("DATABASE_URL is required in production: set it to the bank's Postgres");
    expect(line).toContain("APP_ORIGIN is required in production: set it to the app's public https origin");
    expect(line).toContain("LIMITS_URL, HISTORY_URL, ANTIFRAUD_URL, LEDGER_URL and CARDS_URL are required in production");
  });

  it("refuses a single missing bank system rather than fall back to the simulator's address", async () => {
    const line = await refusedStart({ ...COMPLETE, LEDGER_URL: undefined });
    expect(line).toBe(
      "[start] Refusing to start: LEDGER_URL is required in production: set it to the bank's own system; the simulator stands in only in demo mode (DEMO_DATA=1).",
    );
  });

  it("refuses an APP_ORIGIN that is not https", async () => {
    const line = await refusedStart({ ...COMPLETE, APP_ORIGIN: "http://support.bank.example" });
    expect(line).toContain("APP_ORIGIN must be https in production (it is http://support.bank.example)");
  });

  it("refuses to start without an encryption key rather than store conversations in clear", async () => {
    const line = await refusedStart({ ...COMPLETE, ENCRYPTION_KEYS: undefined });
    expect(line).toMatch(
      /^\[start\] Refusing to start: ENCRYPTION_KEYS is required in production: set it to id:base64key \(32 random bytes, openssl rand -base64 32\) .+\.$/,
    );
  });

  it("refuses the encryption key docker-compose.yml publishes, in one line naming ENCRYPTION_KEYS and not the key", async () => {
    const compose = parse(readFileSync(path.join(import.meta.dirname, "..", "docker-compose.yml"), "utf8"), { merge: true });
    const published: string = compose.services["app-1"].environment.ENCRYPTION_KEYS;
    const line = await refusedStart({ ...COMPLETE, ENCRYPTION_KEYS: published });
    expect(line).toMatch(
      /^\[start\] Refusing to start: ENCRYPTION_KEYS holds a key the repository publishes \("demo", docker-compose.yml's demo key\): make the bank's own .+\.$/,
    );
    expect(line).not.toContain(published.split(":")[1]);
  });

  it("refuses the application role's published password", async () => {
    const line = await refusedStart({ ...COMPLETE, DATABASE_URL: "postgres://bank_app:bank_app@db.bank.internal:5432/bank" });
    expect(line).toMatch(/^\[start\] Refusing to start: DATABASE_URL signs in with a password the repository publishes/);
  });

  it("refuses ENABLE_TEST_CLOCK=1", async () => {
    const line = await refusedStart({ ...COMPLETE, ENABLE_TEST_CLOCK: "1" });
    expect(line).toContain("ENABLE_TEST_CLOCK=1 is refused in production");
  });

  it("refuses a setting that does not parse, in any mode, naming it", async () => {
    const line = await refusedStart({ DATABASE_URL: "not a url" });
    expect(line).toMatch(/^\[start\] Refusing to start: DATABASE_URL is invalid \(.+\): correct it or unset it\.$/);
  });
});

/** npm start in demo mode that cannot start: its last stderr line says why and what to do, with a non-zero exit and no stack trace. */
async function failedStart(env: Record<string, string | undefined>) {
  const run = await runScript("scripts/start.ts", [], { env });
  expect(run.code, run.stdout + run.stderr).not.toBe(0);
  expect(run.code).not.toBeNull();
  expect(run.stderr, "no stack trace").not.toMatch(/\n\s+at /);
  const lines = run.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe("npm start that cannot start", () => {
  it("says the port is taken and to set PORT", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      expect(await failedStart({ PORT: String(port) })).toBe(
        `[start] port ${port} is taken (EADDRINUSE): stop what listens there, or set PORT to a free port.`,
      );
    } finally {
      taken.close();
    }
  });

  it("says the database cannot be reached, without its password", async () => {
    const line = await failedStart({ DATABASE_URL: "postgres://app:secret@127.0.0.1:1/bank", PORT: String(await freePort()) });
    expect(line).toBe("[start] the database at 127.0.0.1:1/bank cannot be reached (ECONNREFUSED): start it, or fix DATABASE_URL.");
  });

  it("says the embedded data folder cannot be written and which settings help", async () => {
    const file = path.join(tmpdir(), `not-a-folder-${process.pid}`);
    writeFileSync(file, "");
    const line = await failedStart({ DATABASE_URL: undefined, EMBEDDED_PG_DIR: path.join(file, "pg"), PORT: String(await freePort()) });
    expect(line).toMatch(/^\[start\] the embedded Postgres cannot write its data folder .+ \(ENOTDIR\): set EMBEDDED_PG_DIR to a writable folder/);
  });
});
