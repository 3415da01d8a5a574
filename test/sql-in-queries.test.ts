import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Production source files under `dir` (tests and their helpers excluded). */
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** The files among `files` whose text matches `pattern`. */
function matching(files: string[], pattern: RegExp): string[] {
  return files.filter((f) => pattern.test(readFileSync(path.join(ROOT, f), "utf8")));
}

const APP_SIDE = [...sources("agent"), ...sources("app"), ...sources("components")];

describe("the way to the database", () => {
  it("finds the files it checks", () => {
    expect(APP_SIDE.length).toBeGreaterThan(100);
    expect(APP_SIDE).toContain("agent/runtime/recovery.ts");
  });

  it("runs through db/queries: the agent, the routes and the components import no drizzle and write no SQL", () => {
    expect(matching(APP_SIDE, /from "drizzle-orm/)).toEqual([]);
    expect(matching(APP_SIDE, /\bsql`/)).toEqual([]);
    expect(matching(APP_SIDE, /\.(query|execute)(<[^>]*>)?\(/)).toEqual([]);
    expect(matching(APP_SIDE, /[`"'](select|insert into|update|delete from|with \w+ as \()\s[^`"']*\b(from|set|values|select)\b/i)).toEqual([]);
  });

  it("never reaches the bank systems' own tables: the ledger and the cards system are called over HTTP", () => {
    const appQueries = [...APP_SIDE, ...sources("db/queries")];
    expect(matching(appQueries, /\bbank_sim\b|\b(ledger_entries|card_states|card_actions)\b/)).toEqual([]);
    expect(matching(appQueries, /import[^;]*\b(ledgerEntries|cardStates|cardActions|bankSim)\b[^;]*from "[^"]*db\/schema/)).toEqual([]);
  });
});
