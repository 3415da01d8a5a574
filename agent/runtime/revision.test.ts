import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkoutCommit, currentRevision, revisionOf, type RevisionComponents } from "./revision";

const COMPONENTS: RevisionComponents = {
  code: "0.1.0+abc",
  replies: "r1",
  knowledge: "k1",
  understanding: "u1",
  model: "offline",
  prompts: "p1",
  businessRules: "1",
};

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** An app folder with what a revision is read from: the package, the help articles, the model's artifact. */
function appRoot(files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "revision-"));
  roots.push(root);
  const all = { "package.json": '{"version":"2.3.4"}', "data/knowledge/base.json": "{}", "data/models/intent-v1.bin": "model", ...files };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("a revision of the agent", () => {
  it("has the same id for the same components, whatever their order", () => {
    const reordered = Object.fromEntries(Object.entries(COMPONENTS).reverse()) as RevisionComponents;
    expect(revisionOf(reordered).id).toBe(revisionOf(COMPONENTS).id);
    expect(revisionOf(COMPONENTS).id).toMatch(/^rev-[0-9a-f]{12}$/);
  });

  it.each(Object.keys(COMPONENTS) as (keyof RevisionComponents)[])("has another id when its %s changes", (key) => {
    expect(revisionOf({ ...COMPONENTS, [key]: `${COMPONENTS[key]}-changed` }).id).not.toBe(revisionOf(COMPONENTS).id);
  });

  it("is read from the app's files and settings: the package and commit, the help articles, the model's artifact, the language model", () => {
    const root = appRoot();
    const offline = currentRevision({}, root);
    expect(offline.components).toMatchObject({ code: "2.3.4", model: "offline", businessRules: "1" });
    expect(currentRevision({}, root).id).toBe(offline.id);
    expect(currentRevision({ APP_COMMIT: "0123456789abcdef" }, root).components.code).toBe("2.3.4+0123456789ab");
    expect(currentRevision({ LLM_BASE_URL: "http://localhost:11434/v1", LLM_MODEL: "qwen" }, root).components.model).toBe("openai:qwen");
    expect(currentRevision({ LLM_PROVIDER: "anthropic" }, root).components.model).toBe("anthropic:claude-haiku-4-5");
  });

  it("changes with a help article or the model's artifact, and not with a file's place on disk", () => {
    const base = currentRevision({}, appRoot());
    const article = currentRevision({}, appRoot({ "data/knowledge/tenants/demo-bank.json": '{"entries":[]}' }));
    const model = currentRevision({}, appRoot({ "data/models/intent-v1.bin": "retrained" }));
    expect(article.components.knowledge).not.toBe(base.components.knowledge);
    expect(article.id).not.toBe(base.id);
    expect(model.components.understanding).not.toBe(base.components.understanding);
    expect(currentRevision({}, appRoot()).id).toBe(base.id);
  });

  it("says `unversioned` for the code of a build without its package.json, and still has an id", () => {
    const root = appRoot();
    rmSync(path.join(root, "package.json"));
    expect(currentRevision({}, root).components.code).toBe("unversioned");
    expect(currentRevision({ APP_COMMIT: "0123456789abcdef" }, root).components.code).toBe("unversioned+0123456789ab");
  });

  it("names the commit of a checkout: a branch's loose or packed ref, or a detached HEAD", () => {
    const commit = "89abcdef0123456789abcdef0123456789abcdef";
    expect(checkoutCommit(appRoot({ ".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": `${commit}\n` }))).toBe(commit);
    expect(checkoutCommit(appRoot({ ".git/HEAD": "ref: refs/heads/main\n", ".git/packed-refs": `# pack-refs\n${commit} refs/heads/main\n` }))).toBe(commit);
    expect(checkoutCommit(appRoot({ ".git/HEAD": `${commit}\n` }))).toBe(commit);
    expect(checkoutCommit(appRoot())).toBeUndefined();
  });
});
