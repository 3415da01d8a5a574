import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIGURATION_DOC, configurationReference, settingsOf } from "../scripts/docs/configuration";

const root = path.resolve(import.meta.dirname, "..");
const docs = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const text = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The anchors a Markdown file offers: its headings as GitHub slugs them, and explicit `<a id>`s. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text(file).split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading)
      anchors.add(
        heading[1]!
          .trim()
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s_-]/gu, "")
          .replace(/\s/g, "-"),
      );
    for (const id of line.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(id[1]!);
  }
  return anchors;
}

/** Markdown with its fenced blocks removed: what a reader follows as links and paths. */
const prose = (file: string) => text(file).replace(/```[\s\S]*?```/g, "");

describe("the docs", () => {
  it("keep the configuration reference as the settings schemas generate it", () => {
    expect(readFileSync(CONFIGURATION_DOC, "utf8"), "docs/configuration.md differs from the settings: run npm run docs:configuration").toBe(
      configurationReference(),
    );
  });

  it("describe every setting the app and the simulator read", () => {
    const undescribed = [...settingsOf("env.ts"), ...settingsOf("simulator/settings.ts")].filter((s) => s.description === "").map((s) => s.name);
    expect(undescribed, "give each a /** comment */ above it in its schema").toEqual([]);
  });

  it("keep the README a doorway of at most 250 lines", () => {
    expect(text("README.md").split("\n").length).toBeLessThanOrEqual(250);
  });

  it("link only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of docs) {
      for (const [, target] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [relative, anchor] = target!.split("#");
        const linked = relative ? path.posix.normalize(path.posix.join(path.posix.dirname(file), relative)) : file;
        if (!existsSync(path.join(root, linked))) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && linked.endsWith(".md") && !anchorsOf(linked).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("name only files of the repository that exist", () => {
    const missing: string[] = [];
    for (const file of docs) {
      for (const [, named] of prose(file).matchAll(
        /`((?:agent|app|components|db|deploy|e2e|observability|scripts|simulator|test|vocabulary|data)\/[^`\s*<>{}]+)`/g,
      )) {
        const clean = named!.replace(/[:,]$/, "");
        if (![clean, `${clean}.ts`, `${clean}.tsx`].some((f) => existsSync(path.join(root, f)))) missing.push(`${file}: ${clean}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("name only functions their files define (`file.ts` `name`)", () => {
    const missing: string[] = [];
    for (const file of docs) {
      for (const [, named, name] of prose(file).matchAll(/`([\w./[\]-]+\.tsx?)` `([A-Za-z_]\w*)`/g)) {
        const source = existsSync(path.join(root, named!)) ? text(named!) : "";
        const defines = new RegExp(`(function\\*?\\s+${name}\\b|(const|let|class)\\s+${name}\\b|^\\s*(async\\s+)?${name}\\s*[(:]|^\\s*${name}:\\s)`, "m");
        if (!defines.test(source)) missing.push(`${file}: ${named} ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
