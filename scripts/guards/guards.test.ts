import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { GUARDS, markedLines, mutate, root } from "./guards";

describe("the money guards npm run test:guards removes", () => {
  const marked = markedLines();
  const used = GUARDS.flatMap((g) => g.mutations.map((m) => m.marker));

  it("each mark exactly one line of the code", () => {
    const wrong = used.filter((marker) => (marked.get(marker) ?? []).length !== 1).map((marker) => `${marker}: ${(marked.get(marker) ?? []).length} lines`);
    expect(wrong).toEqual([]);
  });

  it("leave no marker in the code that no guard removes", () => {
    expect([...marked.keys()].filter((marker) => !used.includes(marker))).toEqual([]);
  });

  it("each name a test that exists in its file (vitest -t matches the end of its title)", () => {
    const missing = GUARDS.filter((g) => !readFileSync(path.join(root, g.test.file), "utf8").includes(`${g.test.name}"`)).map((g) => g.test.name);
    expect(missing).toEqual([]);
  });

  it("each change the code they remove", () => {
    for (const guard of GUARDS) {
      for (const mutation of guard.mutations) {
        const place = marked.get(mutation.marker)![0]!;
        const text = readFileSync(path.join(root, place.file), "utf8");
        const mutated = mutate(text, mutation);
        const guarded = text.split("\n")[place.line] ?? "";
        expect(guarded.trim(), `the line after "// test:guards ${mutation.marker}" is code`).toMatch(/^[^/\s]/);
        expect(mutated, mutation.marker).not.toBe(text);
        expect(mutated.split("\n").length - text.split("\n").length, mutation.marker).toBe(mutation.to.split("\n").length - 1);
      }
    }
  });

  it("each leave code that still parses once removed", () => {
    for (const guard of GUARDS) {
      const texts = new Map<string, string>();
      for (const mutation of guard.mutations) {
        const file = marked.get(mutation.marker)![0]!.file;
        texts.set(file, mutate(texts.get(file) ?? readFileSync(path.join(root, file), "utf8"), mutation));
      }
      for (const [file, text] of texts) {
        const out = ts.transpileModule(text, {
          fileName: file,
          reportDiagnostics: true,
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
        });
        expect(out.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")) ?? [], `${guard.guard} in ${file}`).toEqual([]);
      }
    }
  });
});
