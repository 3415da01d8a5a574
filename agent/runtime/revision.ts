/**
 * A revision of the agent: everything that decides how it answers a customer, with an id. The
 * code's version, the reply templates, the help articles, the understanding model, the language
 * model's name and prompts, and the version of the business rules written in code each have a
 * digest; the revision's id is the digest of them all, so two processes that would answer alike
 * share an id and any change makes a new one. Conversations, turns, node events and cases record
 * the revision that ran them.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@/i18n/words";
import { BUSINESS_RULES_VERSION } from "../graph/policy";
import { PHRASING_RULES } from "../llm/phrase";
import { UNDERSTANDING_INSTRUCTIONS } from "../understanding/prompt";
import { DEFAULT_MODELS, llmProvider, type LlmProvider, type ModelEnv } from "../clients/model";
import { INTENT_MODEL_PATH } from "../understanding/classifier";

export type RevisionComponents = {
  /** The agent's code: the package version and the commit it was built from (`APP_COMMIT`, else the checkout's HEAD), when known. */
  code: string;
  /** Digest of the reply templates of every language. */
  replies: string;
  /** Digest of the help articles (data/knowledge), the base and each bank's. */
  knowledge: string;
  /** Digest of the offline understanding model's artifact. */
  understanding: string;
  /** The language model that understands and phrases (`provider:model`), or `offline`. */
  model: string;
  /** Digest of the language model's instructions (understanding and phrasing). */
  prompts: string;
  /** The version of the business rules written in code (auto-approval and approval rules). */
  businessRules: string;
};

export type AgentRevision = { id: string; components: RevisionComponents };

const COMPONENT_KEYS = [
  "code",
  "replies",
  "knowledge",
  "understanding",
  "model",
  "prompts",
  "businessRules",
] as const satisfies readonly (keyof RevisionComponents)[];

export const digest = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const short = (hex: string) => hex.slice(0, 16);

/** The revision of these components: its id is the digest of them in a fixed order. */
export function revisionOf(components: RevisionComponents): AgentRevision {
  const canonical = JSON.stringify(COMPONENT_KEYS.map((key) => [key, components[key]]));
  return { id: `rev-${digest(canonical).slice(0, 12)}`, components };
}

/** Every file under `dir`, sorted, with its bytes: a folder's digest does not depend on the order the disk lists it in. */
function folderDigest(dir: string): string {
  const hash = createHash("sha256");
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const file = path.join(at, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(`${path.relative(dir, file)}\0`).update(readFileSync(file));
    }
  };
  if (existsSync(dir)) walk(dir);
  return hash.digest("hex");
}

/** The commit a checkout is at, read from its `.git` without running git; undefined outside one. */
export function checkoutCommit(root: string): string | undefined {
  try {
    const head = readFileSync(path.join(root, ".git", "HEAD"), "utf8").trim();
    if (!head.startsWith("ref: ")) return head;
    const ref = head.slice(5);
    const loose = path.join(root, ".git", ref);
    if (existsSync(loose)) return readFileSync(loose, "utf8").trim();
    const packed = readFileSync(path.join(root, ".git", "packed-refs"), "utf8");
    return packed
      .split("\n")
      .find((line) => line.endsWith(` ${ref}`))
      ?.split(" ")[0];
  } catch {
    return undefined;
  }
}

export type RevisionEnv = ModelEnv & { APP_COMMIT?: string };

/** The `model` part of a revision: `provider:model`, or `offline`. */
export function modelName(env: ModelEnv): string {
  const provider = llmProvider(env);
  return provider ? `${provider}:${env.LLM_MODEL ?? DEFAULT_MODELS[provider]}` : "offline";
}

export type CandidateEnv = {
  CANDIDATE_LLM_PROVIDER?: LlmProvider | "offline";
  CANDIDATE_LLM_BASE_URL?: string;
  CANDIDATE_LLM_API_KEY?: string;
  CANDIDATE_LLM_MODEL?: string;
  LLM_TIMEOUT_MS?: number;
  LLM_MAX_RETRIES?: number;
};

/** The candidate's language model as the model settings read it (`{}` is the offline model); null when the settings name no candidate. */
export function candidateModelEnv(env: CandidateEnv): ModelEnv | null {
  if (!env.CANDIDATE_LLM_PROVIDER && !env.CANDIDATE_LLM_BASE_URL && !env.CANDIDATE_LLM_MODEL) return null;
  if (env.CANDIDATE_LLM_PROVIDER === "offline") return {};
  return {
    LLM_PROVIDER: env.CANDIDATE_LLM_PROVIDER ?? "openai",
    LLM_BASE_URL: env.CANDIDATE_LLM_BASE_URL,
    LLM_API_KEY: env.CANDIDATE_LLM_API_KEY,
    LLM_MODEL: env.CANDIDATE_LLM_MODEL,
    LLM_TIMEOUT_MS: env.LLM_TIMEOUT_MS,
    LLM_MAX_RETRIES: env.LLM_MAX_RETRIES,
  };
}

/** A revision like `of` but for its language model: what a candidate model makes of the running revision. */
export const withModel = (of: AgentRevision, model: ModelEnv): AgentRevision => revisionOf({ ...of.components, model: modelName(model) });

/** The app's package version; `unversioned` where a build left its package.json out. */
function packageVersion(root: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version?: string }).version ?? "unversioned";
  } catch {
    return "unversioned";
  }
}

/** The revision this process runs, from its files and settings (read from `root`, the app's working directory). */
export function currentRevision(env: RevisionEnv, root = process.cwd()): AgentRevision {
  const commit = env.APP_COMMIT ?? checkoutCommit(root);
  return revisionOf({
    code: commit ? `${packageVersion(root)}+${commit.slice(0, 12)}` : packageVersion(root),
    replies: short(digest(JSON.stringify(MESSAGES))),
    knowledge: short(folderDigest(path.join(root, "data", "knowledge"))),
    understanding: short(digest(readFileSync(path.join(root, INTENT_MODEL_PATH)))),
    model: modelName(env),
    prompts: short(digest(`${UNDERSTANDING_INSTRUCTIONS}\0${PHRASING_RULES}`)),
    businessRules: String(BUSINESS_RULES_VERSION),
  });
}

let cached: { key: string; revision: AgentRevision } | undefined;

/** `currentRevision`, computed once for a process and its settings (the model's artifact is read whole). */
export function processRevision(env: RevisionEnv): AgentRevision {
  const key = JSON.stringify([env.APP_COMMIT, llmProvider(env), env.LLM_MODEL]);
  if (cached?.key !== key) cached = { key, revision: currentRevision(env) };
  return cached.revision;
}
