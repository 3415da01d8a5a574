import { describe, expect, it } from "vitest";
import { startupFailure } from "./startup-failure";

const systemError = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(`${code} something`), { code, ...extra });

describe("a start-up failure", () => {
  it("names a taken port and what to do", () => {
    expect(startupFailure("port", systemError("EADDRINUSE"), { port: 3000 })).toBe(
      "port 3000 is taken (EADDRINUSE): stop what listens there, or set PORT to a free port.",
    );
  });

  it("names an unreachable database without its password", () => {
    const line = startupFailure("database", systemError("ECONNREFUSED"), { databaseUrl: "postgres://app:secret@db.internal:5433/bank" });
    expect(line).toBe("the database at db.internal:5433/bank cannot be reached (ECONNREFUSED): start it, or fix DATABASE_URL.");
    expect(line).not.toContain("secret");
  });

  it("finds the system's error inside the driver's", () => {
    const wrapped = new Error("Failed query: CREATE SCHEMA", { cause: systemError("ECONNREFUSED") });
    expect(startupFailure("database", wrapped, { databaseUrl: "postgres://a:b@127.0.0.1:1/bank" })).toBe(
      "the database at 127.0.0.1:1/bank cannot be reached (ECONNREFUSED): start it, or fix DATABASE_URL.",
    );
  });

  it("tells wrong credentials and a missing database apart", () => {
    expect(startupFailure("database", systemError("28P01"), { databaseUrl: "postgres://a:b@h/bank" })).toContain("refused the credentials");
    expect(startupFailure("database", systemError("3D000"), { databaseUrl: "postgres://a:b@h/bank" })).toContain("does not exist");
  });

  it("names a data folder it cannot write and the settings that help", () => {
    const line = startupFailure("embedded", systemError("EACCES", { path: "/srv/ro/pg" }), { dataDir: "/srv/ro/pg" });
    expect(line).toBe(
      "the embedded Postgres cannot write its data folder /srv/ro/pg (EACCES): set EMBEDDED_PG_DIR to a writable folder, or fix its permissions; or set DATABASE_URL to use a Postgres server.",
    );
  });

  it("is always one line", () => {
    for (const stage of ["port", "database", "embedded", "other"] as const) {
      expect(startupFailure(stage, new Error("first\nsecond\nthird"))).not.toContain("\n");
    }
  });
});
