import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { canonicalJson, canonicalRow, chainFollower, GENESIS_HASH, rowHash, type ChainRow } from "./audit-chain";

const canonical = (text: string) => canonicalJson(parse(text));

describe("the audit chain's canonical JSON", () => {
  it("sorts object keys by their UTF-8 bytes, not by JavaScript's UTF-16 order, at every depth", () => {
    // U+FF5A sorts after U+1F600 in UTF-16 (0xFF5A > 0xD83D) but before it in UTF-8 (0xEF < 0xF0).
    expect(canonical(`{"😀": 1, "ｚ": 2, "b": {"y": 1, "x": 2}, "B": 3, "aa": 4, "a": 5}`)).toBe(`{"B":3,"a":5,"aa":4,"b":{"x":2,"y":1},"ｚ":2,"😀":1}`);
  });

  it("writes no whitespace, keeps array order, and escapes strings as JSON", () => {
    expect(canonical(`[ 3, [ ], { }, null, true, "a \\"q\\" \\\\ \\n \\u0001 é \\u2028" ]`)).toBe(`[3,[],{},null,true,"a \\"q\\" \\\\ \\n \\u0001 é \u2028"]`);
  });

  it("keeps numbers exactly as written, beyond what a double holds", () => {
    expect(canonical(`{"a": 1.50, "b": 123456789012345678901234567890.5, "c": -0.000001}`)).toBe(
      `{"a":1.50,"b":123456789012345678901234567890.5,"c":-0.000001}`,
    );
  });

  it("keeps a __proto__ key as data", () => {
    expect(canonical(`{"__proto__": {"x": 1}}`)).toBe(`{"__proto__":{"x":1}}`);
  });
});

const row = (over: Partial<ChainRow> = {}): ChainRow => ({
  tenantId: "demo-bank",
  seq: 1,
  at: "2026-01-31T09:05:00.123456Z",
  actor: "olga",
  action: "approval.approved",
  subjectType: "approval",
  subjectId: "appr-1",
  dataText: `{"version": 2, "reason": "ok"}`,
  prevHash: GENESIS_HASH,
  ...over,
});

describe("a row's hash", () => {
  it("is SHA-256 of the canonical array of the row's fields", () => {
    expect(canonicalRow(row())).toBe(
      `["demo-bank",1,"2026-01-31T09:05:00.123456Z","olga","approval.approved","approval","appr-1",{"reason":"ok","version":2},"${GENESIS_HASH}"]`,
    );
    expect(rowHash(row())).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes with every field", () => {
    const base = rowHash(row());
    const changes: Partial<ChainRow>[] = [
      { tenantId: "other-bank" },
      { seq: 2 },
      { at: "2026-01-31T09:05:00.123457Z" },
      { actor: "sam" },
      { action: "approval.rejected" },
      { subjectType: "case" },
      { subjectId: "appr-2" },
      { dataText: `{"version": 2, "reason": "ok "}` },
      { prevHash: "1".repeat(64) },
    ];
    for (const change of changes) expect(rowHash(row(change)), JSON.stringify(change)).not.toBe(base);
  });
});

describe("following a chain", () => {
  const chain = () => {
    const first = { ...row(), id: "1" };
    const firstHash = rowHash(first);
    const second = { ...row({ seq: 2, prevHash: firstHash, subjectId: "appr-2" }), id: "2" };
    return [
      { ...first, hash: firstHash },
      { ...second, hash: rowHash(second) },
    ];
  };
  const problems = (rows: (ChainRow & { hash: string })[]) => {
    const follow = chainFollower();
    return rows.map((r) => follow(r));
  };

  it("finds nothing wrong with an intact chain", () => {
    expect(problems(chain())).toEqual([null, null]);
  });

  it("names a changed row, a gap, and a broken link", () => {
    const [a, b] = chain();
    expect(problems([{ ...a!, actor: "sam" }, b!])[0]).toMatch(/content does not match its hash/);
    expect(problems([b!])[0]).toMatch(/seq is 2 where 1 was due/);
    expect(problems([a!, { ...b!, prevHash: GENESIS_HASH }])[1]).toMatch(/prev_hash is not the hash of the row before it/);
  });
});
