import { describe, expect, it } from "vitest";
import { PRODUCTION_ENV } from "@/test/production-env";
import { startupProblems, startupRefusal } from "./env";

const PRODUCTION = PRODUCTION_ENV;
/** docker-compose.yml's demo encryption key. */
const PUBLISHED_KEY = "2U3muoHj+jEpS33S58NGWEFLH7fQ/gBo7X033PI6nyQ=";
/** The compose file's simulator, as its app instances reach it. */
const SIMULATOR = Object.fromEntries(
  ["LIMITS", "HISTORY", "ANTIFRAUD", "LEDGER", "CARDS"].map((s) => [`${s}_URL`, `http://simulator:4010/${s.toLowerCase()}`]),
);
const settings = (env: Record<string, string | undefined>) => startupProblems(env).map((p) => p.setting);

describe("startup problems", () => {
  it("are none for a complete production environment", () => {
    expect(startupProblems(PRODUCTION)).toEqual([]);
  });

  it("name each production setting that is missing or wrong", () => {
    expect(settings({ ...PRODUCTION, DATABASE_URL: undefined })).toEqual(["DATABASE_URL"]);
    expect(settings({ ...PRODUCTION, APP_ORIGIN: undefined })).toEqual(["APP_ORIGIN"]);
    expect(settings({ ...PRODUCTION, APP_ORIGIN: "http://support.bank.example" })).toEqual(["APP_ORIGIN"]);
    expect(settings({ ...PRODUCTION, HISTORY_URL: undefined, LEDGER_URL: undefined })).toEqual(["HISTORY_URL,LEDGER_URL"]);
    expect(settings({ ...PRODUCTION, CARDS_URL: undefined })).toEqual(["CARDS_URL"]);
    expect(settings({ ...PRODUCTION, ENABLE_TEST_CLOCK: "1" })).toEqual(["ENABLE_TEST_CLOCK"]);
    expect(settings({ ...PRODUCTION, CHECKPOINTER: "memory" })).toEqual(["CHECKPOINTER"]);
    expect(settings({ ...PRODUCTION, CHECKPOINTER: "postgres" })).toEqual([]);
    expect(settings({ ...PRODUCTION, ENCRYPTION_AT_REST: "off" })).toEqual(["ENCRYPTION_AT_REST"]);
    expect(settings({ ...PRODUCTION, ENCRYPTION_AT_REST: "on" })).toEqual([]);
    expect(settings({ ...PRODUCTION, ENCRYPTION_KEYS: undefined })).toEqual(["ENCRYPTION_KEYS"]);
  });

  it("refuse production without an encryption key, in one line naming the setting", () => {
    const line = startupRefusal(startupProblems({ ...PRODUCTION, ENCRYPTION_KEYS: undefined }));
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toMatch(/^Refusing to start: ENCRYPTION_KEYS is required in production: set it to id:base64key .+\.$/);
  });

  it("refuse encryption keys that are not 32-byte base64 keys, or a write key that is not among them, saying which", () => {
    const key = (byte: number, length = 32) => Buffer.alloc(length, byte).toString("base64");
    const problems = (env: Record<string, string>) => startupProblems({ ...PRODUCTION, ...env }).map((p) => p.message);
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1, 16)}` })).toEqual([
      'ENCRYPTION_KEYS is invalid (key "a" is 16 bytes; AES-256 takes 32 (openssl rand -base64 32)): correct it or unset it',
    ]);
    expect(problems({ ENCRYPTION_KEYS: "a:not base64!" })).toEqual(['ENCRYPTION_KEYS is invalid (key "a" is not base64): correct it or unset it']);
    expect(problems({ ENCRYPTION_KEYS: key(1) })).toEqual([expect.stringMatching(/has no value: write it as id:base64key/)]);
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1)},a:${key(2)}`, ENCRYPTION_WRITE_KEY: "a" })).toEqual([expect.stringContaining('key id "a" is given twice')]);
    expect(problems({ ENCRYPTION_KEYS: `enc:x:${key(1)}` })).toEqual([expect.stringContaining("is not base64")]);
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1)},b:${key(2)}` })).toEqual([
      expect.stringContaining("name the one that encrypts new values in ENCRYPTION_WRITE_KEY"),
    ]);
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1)},b:${key(2)}`, ENCRYPTION_WRITE_KEY: "c" })).toEqual([
      expect.stringContaining('the write key "c" is not among the keys (a, b)'),
    ]);
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1)},b:${key(2)}`, ENCRYPTION_WRITE_KEY: "b" })).toEqual([]);
    expect(startupProblems({ ENCRYPTION_WRITE_KEY: "b" }).map((p) => p.setting)).toEqual(["ENCRYPTION_WRITE_KEY"]);
    for (const message of problems({ ENCRYPTION_KEYS: `a:${key(1, 16)}` })) expect(message).not.toContain(key(1, 16));
  });

  it("refuse a language model priced by only one of its input and output tokens, naming the price missing", () => {
    expect(settings({ LLM_PRICE_INPUT_PER_MTOK: "0.15" })).toEqual(["LLM_PRICE_OUTPUT_PER_MTOK"]);
    expect(settings({ LLM_PRICE_OUTPUT_PER_MTOK: "0.6" })).toEqual(["LLM_PRICE_INPUT_PER_MTOK"]);
    expect(settings({ LLM_PRICE_INPUT_PER_MTOK: "0.15", LLM_PRICE_OUTPUT_PER_MTOK: "0.6" })).toEqual([]);
    expect(settings({ LLM_PRICE_INPUT_PER_MTOK: "-1", LLM_PRICE_OUTPUT_PER_MTOK: "0.6" })).toEqual(["LLM_PRICE_INPUT_PER_MTOK"]);
    expect(settings({ APP_COMMIT: "not-a-commit" })).toEqual(["APP_COMMIT"]);
  });

  it("require TRUSTED_PROXY_HOPS in production, 0 included, so no proxy's address is taken for every client's", () => {
    expect(settings({ ...PRODUCTION, TRUSTED_PROXY_HOPS: undefined })).toEqual(["TRUSTED_PROXY_HOPS"]);
    expect(settings({ ...PRODUCTION, TRUSTED_PROXY_HOPS: "0" })).toEqual([]);
    expect(settings({ TRUSTED_PROXY_HOPS: undefined })).toEqual([]);
  });

  it("refuse in production a key the repository publishes, under any id and beside a key of the bank's own, naming the id and never the key", () => {
    const own = `own:${Buffer.alloc(32, 3).toString("base64")}`;
    const problems = startupProblems({ ...PRODUCTION, ENCRYPTION_KEYS: `${own},copied:${PUBLISHED_KEY}`, ENCRYPTION_WRITE_KEY: "own" });
    expect(problems).toEqual([
      {
        setting: "ENCRYPTION_KEYS",
        message: expect.stringMatching(
          /^ENCRYPTION_KEYS holds a key the repository publishes \("copied", docker-compose.yml's demo key\): make the bank's own/,
        ),
      },
    ]);
    expect(problems[0]!.message).not.toContain(PUBLISHED_KEY);
    expect(settings({ ...PRODUCTION, ENCRYPTION_KEYS: `demo:${PUBLISHED_KEY}`, DEMO_DATA: "1", ...SIMULATOR })).toEqual([]);
  });

  it("refuse in production a database password the repository publishes or one shorter than 16 characters, for the app role and the owner", () => {
    const url = (userinfo: string) => `postgres://${userinfo}@db.bank.internal:5432/bank`;
    const messages = (env: Record<string, string>) => startupProblems({ ...PRODUCTION, ...env }).map((p) => p.message);
    expect(messages({ DATABASE_URL: url("bank_app:bank_app") })).toEqual([
      expect.stringMatching(/^DATABASE_URL signs in with a password the repository publishes/),
    ]);
    expect(messages({ DATABASE_OWNER_URL: url("bank:bank") })).toEqual([
      expect.stringMatching(/^DATABASE_OWNER_URL signs in with a password the repository publishes/),
    ]);
    expect(messages({ DATABASE_OWNER_URL: url("owner:postgres") })).toEqual([expect.stringContaining("publishes")]);
    expect(messages({ DATABASE_URL: url("bank_app:%62ank_app") })).toEqual([expect.stringContaining("publishes")]);
    expect(messages({ DATABASE_URL: url("bank_app:Summer2026!") })).toEqual([
      "DATABASE_URL's password is 11 characters; production takes at least 16: give it one of the bank's own from its secret store (openssl rand -base64 24)",
    ]);
    expect(messages({ DATABASE_URL: url("bank_app:sixteen-chars-ok") })).toEqual([]);
    // A role that signs in without a password in the URL (a client certificate, PGPASSFILE) is not held to it.
    expect(messages({ DATABASE_URL: url("bank_app") })).toEqual([]);
  });

  it("refuse a metrics token shorter than 16 characters in any mode, and a published one in production", () => {
    expect(startupProblems({ METRICS_TOKEN: "short-token" }).map((p) => p.message)).toEqual([
      "METRICS_TOKEN is invalid (at least 16 characters): correct it or unset it",
    ]);
    expect(settings({ ...PRODUCTION, METRICS_TOKEN: PUBLISHED_KEY })).toEqual(["METRICS_TOKEN"]);
    expect(settings({ ...PRODUCTION, LLM_PROVIDER: "openai", LLM_API_KEY: "bank_app" })).toEqual(["LLM_API_KEY"]);
  });

  it("refuse demo mode pointed at the bank's own systems, explicit or implied, and accept the simulator's hosts", () => {
    const line = startupRefusal(startupProblems({ DEMO_DATA: "1", LEDGER_URL: "https://ledger.bank.internal/ledger" }));
    expect(line).toMatch(
      /^Refusing to start: DEMO_DATA=1 with LEDGER_URL at the bank's own systems is refused: demo users sign in with published passwords; point it at the simulator .+\.$/,
    );
    expect(settings({ ...PRODUCTION, DEMO_DATA: "1" })).toEqual(["DEMO_DATA"]);
    expect(startupProblems({ HISTORY_URL: "http://10.0.0.7:4010/history", CARDS_URL: "https://cards.bank.internal/cards" })[0]!.message).toMatch(
      /^demo mode \(NODE_ENV=development without DEMO_DATA=0\) with HISTORY_URL and CARDS_URL at the bank's own systems/,
    );
    expect(settings({ DEMO_DATA: "1", ...SIMULATOR })).toEqual([]);
    expect(
      settings({
        DEMO_DATA: "1",
        LIMITS_URL: "http://localhost:4010/limits",
        HISTORY_URL: "http://[::1]:4010/history",
        LEDGER_URL: "http://127.0.0.2:9/ledger",
      }),
    ).toEqual([]);
  });

  it("do not apply in demo mode, where the embedded Postgres and the simulator stand in", () => {
    expect(startupProblems({})).toEqual([]);
    expect(startupProblems({ NODE_ENV: "production", DEMO_DATA: "1", ENABLE_TEST_CLOCK: "1", CHECKPOINTER: "memory", ENCRYPTION_AT_REST: "off" })).toEqual([]);
  });

  it("treat NODE_ENV=production with DEMO_DATA=0 or unset as production", () => {
    expect(settings({ NODE_ENV: "production" })).toEqual([
      "DATABASE_URL",
      "APP_ORIGIN",
      "LIMITS_URL,HISTORY_URL,ANTIFRAUD_URL,LEDGER_URL,CARDS_URL",
      "ENCRYPTION_KEYS",
      "TRUSTED_PROXY_HOPS",
    ]);
    expect(settings({ NODE_ENV: "development", DEMO_DATA: "0" })).toContain("DATABASE_URL");
  });

  it("refuse a provider's own API without a key, in either mode", () => {
    expect(settings({ LLM_PROVIDER: "anthropic" })).toEqual(["LLM_API_KEY"]);
    expect(settings({ ...PRODUCTION, LLM_PROVIDER: "openai" })).toEqual(["LLM_API_KEY"]);
    expect(settings({ LLM_PROVIDER: "anthropic", LLM_API_KEY: "k" })).toEqual([]);
    expect(settings({ LLM_PROVIDER: "openai", LLM_BASE_URL: "http://127.0.0.1:11434/v1" })).toEqual([]);
    expect(settings({ LLM_PROVIDER: "gemini" })).toEqual(["LLM_PROVIDER"]);
  });

  it("refuse a trace collector's endpoint that is not a URL", () => {
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: "jaeger:4318" })).toEqual(["OTEL_EXPORTER_OTLP_ENDPOINT"]);
    expect(settings({ ...PRODUCTION, OTEL_EXPORTER_OTLP_ENDPOINT: "http://jaeger:4318", OTEL_SERVICE_NAME: "support-eu" })).toEqual([]);
  });

  it("read as one line", () => {
    const line = startupRefusal(startupProblems({ NODE_ENV: "production" }));
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toMatch(/^Refusing to start: DATABASE_URL is required in production: .+; APP_ORIGIN is required .+\.$/);
  });
});
