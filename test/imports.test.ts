import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

type Import = { from: string; typeOnly: boolean };

/** Every module a source file reaches: imports, re-exports and `import()`, each with whether only types cross. */
function importsOf(fileName: string, text: string): Import[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      found.push({ from: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ from: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ from: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project path an import names (`@/x` or relative), or the package name. */
function target(file: string, from: string): string {
  if (from.startsWith("@/")) return from.slice(2);
  if (from.startsWith("."))
    return path
      .relative(root, path.resolve(path.dirname(path.join(root, file)), from))
      .split(path.sep)
      .join("/");
  return from;
}

const sources = (folder: string) =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(folder, f).split(path.sep).join("/"));

const under = (p: string, folder: string) => p === folder || p.startsWith(`${folder}/`);

/** What a component may not import: the server's helpers and the refund policy. */
function componentProblems(file: string, text: string): string[] {
  return importsOf(file, text).flatMap(({ from, typeOnly }) => {
    const to = target(file, from);
    if (under(to, "app/_lib") || to === "agent/graph/policy") return [`${file} imports ${from}`];
    if (!typeOnly && ["app", "agent", "db"].some((f) => under(to, f))) return [`${file} imports server code from ${from}; only its types may cross`];
    return [];
  });
}

/** The vocabulary stands alone: it imports nothing but itself. */
function vocabularyProblems(file: string, text: string): string[] {
  return importsOf(file, text)
    .filter(({ from }) => !under(target(file, from), "vocabulary"))
    .map(({ from }) => `${file} imports ${from}`);
}

describe("who imports what", () => {
  it("finds the imports it is there to refuse", () => {
    const component = [
      `import { formatMinor } from "@/agent/graph/policy";`,
      `import type { Role } from "../../app/_lib/session";`,
      `import { approvalView } from "@/app/api/approvals/schema";`,
      `export { idParam } from "@/app/_lib/route";`,
      `const lazy = () => import("@/db/client");`,
      `import type { ApprovalView } from "@/app/api/approvals/schema";`,
      `import { type Checks } from "@/agent/graph/state";`,
      `import { formatMinor as money } from "@/vocabulary/money";`,
    ].join("\n");
    expect(componentProblems("components/console/example.tsx", component)).toEqual([
      "components/console/example.tsx imports @/agent/graph/policy",
      "components/console/example.tsx imports ../../app/_lib/session",
      "components/console/example.tsx imports server code from @/app/api/approvals/schema; only its types may cross",
      "components/console/example.tsx imports @/app/_lib/route",
      "components/console/example.tsx imports server code from @/db/client; only its types may cross",
    ]);
    expect(
      vocabularyProblems("vocabulary/money.ts", `import { z } from "zod";\nimport { ROLES } from "./roles";\nimport type { Db } from "../db/client";`),
    ).toEqual(["vocabulary/money.ts imports zod", "vocabulary/money.ts imports ../db/client"]);
  });

  it("no component imports the server's helpers or the refund policy, and server code reaches components only as types", () => {
    const files = sources("components");
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => componentProblems(f, readFileSync(path.join(root, f), "utf8")))).toEqual([]);
  });

  it("the vocabulary imports nothing outside itself", () => {
    const files = sources("vocabulary");
    expect(files).toEqual(
      expect.arrayContaining(["vocabulary/money.ts", "vocabulary/statuses.ts", "vocabulary/risks.ts", "vocabulary/roles.ts", "vocabulary/ids.ts"]),
    );
    expect(files.flatMap((f) => vocabularyProblems(f, readFileSync(path.join(root, f), "utf8")))).toEqual([]);
  });
});
