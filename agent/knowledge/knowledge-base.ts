/**
 * The help articles the agent answers and cites from: data/knowledge/base.json, with each
 * tenant's own articles from data/knowledge/tenants/<tenantId>.json merged over it. Read
 * relative to the working directory, validated whole, and kept for the life of the process.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { isBanking77Category, type Banking77Category } from "./categories";
import { DEFAULT_LANGUAGE, type Language } from "@/i18n/languages";
import { KNOWLEDGE_SCHEMAS, type KnowledgeEntry, type TenantEntry } from "./schema";

/** A knowledge file that cannot be used, naming the file and every problem in it. */
export class KnowledgeFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join("; ")}`);
    this.name = "KnowledgeFileError";
  }
}

/** The articles of every tenant, read from one folder. */
export type KnowledgeLibrary = {
  /** The tenants with a file of their own in tenants/. */
  tenants: readonly string[];
  /** A tenant's 77 articles in id order: its own merged over the base; the base for a tenant without a file. */
  entries(tenantId: string): readonly KnowledgeEntry[];
  /** A tenant's article for a category. */
  entry(tenantId: string, category: Banking77Category): KnowledgeEntry;
};

const TENANT_FILE = /^([A-Za-z0-9][A-Za-z0-9._-]*)\.json$/;

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new KnowledgeFileError(file, [`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new KnowledgeFileError(file, [`is not valid JSON (${(error as Error).message})`]);
  }
}

/** Where in a file an issue is, naming the entry's category: "entry 12 (card_arrival) answer". */
function locate(data: unknown, issuePath: readonly PropertyKey[]): string {
  const [first, index, ...rest] = issuePath;
  if (first !== "entries" || typeof index !== "number") return issuePath.map(String).join(".") || "file";
  const category = (data as { entries: { category?: unknown }[] }).entries[index]?.category;
  const named = typeof category === "string" ? ` (${category})` : "";
  return `entry ${index + 1}${named}${rest.length > 0 ? ` ${rest.map(String).join(".")}` : ""}`;
}

function parseFile<S extends z.ZodType>(schema: S, file: string): z.output<S> {
  const data = readJson(file);
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new KnowledgeFileError(
    file,
    result.error.issues.map((issue) => `${locate(data, issue.path)}: ${issue.message}`),
  );
}

function merge(base: KnowledgeEntry, change: TenantEntry): KnowledgeEntry {
  return Object.freeze({
    ...base,
    ...(change.title !== undefined && { title: change.title }),
    ...(change.topic !== undefined && { topic: change.topic }),
    ...(change.action !== undefined && { action: change.action }),
    ...(change.answer !== undefined && { answer: change.answer }),
  });
}

/**
 * Reads and validates a knowledge folder (base.json and tenants/*.json) written in `language`;
 * throws a {@link KnowledgeFileError} on the first bad file.
 */
export function readKnowledge(dir: string, language: Language = DEFAULT_LANGUAGE): KnowledgeLibrary {
  const { baseFileSchema, tenantFileSchema } = KNOWLEDGE_SCHEMAS[language];
  const base = parseFile(baseFileSchema, path.join(dir, "base.json"))
    .entries.map((e) => Object.freeze({ ...e }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const baseByCategory = new Map(base.map((e) => [e.category, e]));
  const perTenant = new Map<string, readonly KnowledgeEntry[]>();
  const tenantDir = path.join(dir, "tenants");
  const files = existsSync(tenantDir)
    ? readdirSync(tenantDir)
        .filter((f) => f.endsWith(".json"))
        .sort()
    : [];
  for (const name of files) {
    const file = path.join(tenantDir, name);
    const tenantId = TENANT_FILE.exec(name)?.[1];
    if (!tenantId) throw new KnowledgeFileError(file, ["its name is not a tenant id followed by .json"]);
    const changes = new Map(parseFile(tenantFileSchema, file).entries.map((c) => [c.category, c]));
    perTenant.set(tenantId, Object.freeze(base.map((e) => (changes.has(e.category) ? merge(e, changes.get(e.category)!) : e))));
  }
  const frozenBase = Object.freeze(base);
  const byCategory = new Map([...perTenant].map(([tenantId, entries]) => [tenantId, new Map(entries.map((e) => [e.category, e]))]));
  return {
    tenants: Object.freeze([...perTenant.keys()]),
    entries: (tenantId) => perTenant.get(tenantId) ?? frozenBase,
    entry: (tenantId, category) => (byCategory.get(tenantId) ?? baseByCategory).get(category)!,
  };
}

/** Where each language's articles live: English in data/knowledge, every other language in a folder of its own (data/knowledge/pl). */
export function knowledgeDir(language: Language, root = path.join(process.cwd(), "data", "knowledge")): string {
  return language === DEFAULT_LANGUAGE ? root : path.join(root, language);
}

const shipped = new Map<Language, KnowledgeLibrary>();

function library(language: Language): KnowledgeLibrary {
  let lib = shipped.get(language);
  if (!lib) shipped.set(language, (lib = readKnowledge(knowledgeDir(language), language)));
  return lib;
}

/** A tenant's 77 help articles in id order (the base articles for a tenant without a file), in `language`; read once, then cached. */
export function knowledgeBase(tenantId: string, language: Language = DEFAULT_LANGUAGE): readonly KnowledgeEntry[] {
  return library(language).entries(tenantId);
}

/** A tenant's help article for a Banking77 category, in `language`; for any other string, undefined. */
export function entryFor(tenantId: string, category: Banking77Category, language?: Language): KnowledgeEntry;
export function entryFor(tenantId: string, category: string, language?: Language): KnowledgeEntry | undefined;
export function entryFor(tenantId: string, category: string, language: Language = DEFAULT_LANGUAGE): KnowledgeEntry | undefined {
  return isBanking77Category(category) ? library(language).entry(tenantId, category) : undefined;
}
