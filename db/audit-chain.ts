import { createHash } from "node:crypto";
import { isLosslessNumber, LosslessNumber, parse } from "lossless-json";

/**
 * The audit trail's hash chain, computed in Node exactly as the database computes it on insert
 * (`audit_canonical_json` and `audit_event_hash` in the `audit-chain` migration, db/migrations/):
 *
 * - canonical JSON: no whitespace; object keys sorted by their UTF-8 bytes; strings escaped as
 *   JSON (`"`, `\`, `\b \f \n \r \t`, other control characters as `\u00xx`, everything else
 *   as is: what both JSON.stringify and Postgres write); numbers exactly as Postgres writes
 *   a jsonb number (plain decimal, no exponent), which is why jsonb is read as text and parsed
 *   without turning numbers into doubles;
 * - a row's hash: SHA-256, lower-case hex, of the UTF-8 canonical JSON of
 *   `[tenant_id, seq, at, actor, action, subject_type, subject_id, data, prev_hash]`, where `at`
 *   is UTC to the microsecond (`2026-01-31T09:05:00.123456Z`) and `seq` a number;
 * - `prev_hash` is the hash of the tenant's row before (by `seq`), GENESIS_HASH for its first.
 */
export const GENESIS_HASH = "0".repeat(64);

/** A row as the chain sees it: `at` already in the chain's time format, `data` as Postgres's jsonb text. */
export type ChainRow = {
  tenantId: string;
  seq: string | number;
  at: string;
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  dataText: string;
  prevHash: string;
};

const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/** The canonical text of a value parsed by lossless-json (numbers as LosslessNumber). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (isLosslessNumber(value)) return value.toString();
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => byUtf8(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  throw new TypeError(`no canonical JSON for a ${typeof value}`);
}

/** The canonical text a row's hash is taken over. */
export function canonicalRow(row: ChainRow): string {
  return canonicalJson([
    row.tenantId,
    new LosslessNumber(String(row.seq)),
    row.at,
    row.actor,
    row.action,
    row.subjectType,
    row.subjectId,
    parse(row.dataText),
    row.prevHash,
  ]);
}

export function rowHash(row: ChainRow): string {
  return createHash("sha256").update(canonicalRow(row), "utf8").digest("hex");
}

/**
 * Follows one tenant's chain row by row, in `seq` order: each row must be the next number,
 * name the previous row's hash, and carry the hash of its own content. Returns, per row, what
 * is wrong with it (null when it holds). The first row that does not hold is where the chain
 * breaks: the row was changed or put in, or a row before it was removed or changed.
 */
export function chainFollower(): (row: ChainRow & { hash: string }) => string | null {
  let expectedSeq = 1;
  let prev = GENESIS_HASH;
  return (row) => {
    if (Number(row.seq) !== expectedSeq) return `its seq is ${row.seq} where ${expectedSeq} was due: rows before it are missing or were renumbered`;
    if (row.prevHash !== prev) return "its prev_hash is not the hash of the row before it: a row before it was removed, changed or put in";
    if (rowHash(row) !== row.hash) return "its content does not match its hash: the row was changed or forged";
    prev = row.hash;
    expectedSeq++;
    return null;
  };
}
