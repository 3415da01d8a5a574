import { describe, expect, it } from "vitest";
import { PRODUCTION_ENV } from "@/test/production-env";
import { startupProblems, startupRefusal } from "./env";

const PRODUCTION = PRODUCTION_ENV;
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
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1, 16)}` })).toEqual(['ENCRYPTION_KEYS is invalid (key "a" is 16 bytes; AES-256 takes 32 (openssl rand -base64 32)): correct it or unset it']);
    expect(problems({ ENCRYPTION_KEYS: "a:not base64!" })).toEqual(['ENCRYPTION_KEYS is invalid (key "a" is not base64): correct it or unset it']);
    expect(problems({ ENCRYPTION_KEYS: key(1) })).toEqual([expect.stringMatching(/has no value: write it as id:base64key/)]);
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1)},a:${key(2)}`, ENCRYPTION_WRITE_KEY: "a" })).toEqual([expect.stringContaining('key id "a" is given twice')]);
    expect(problems({ ENCRYPTION_KEYS: `enc:x:${key(1)}` })).toEqual([expect.stringContaining("is not base64")]);
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1)},b:${key(2)}` })).toEqual([expect.stringContaining("name the one that encrypts new values in ENCRYPTION_WRITE_KEY")]);
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1)},b:${key(2)}`, ENCRYPTION_WRITE_KEY: "c" })).toEqual([expect.stringContaining('the write key "c" is not among the keys (a, b)')]);
    expect(problems({ ENCRYPTION_KEYS: `a:${key(1)},b:${key(2)}`, ENCRYPTION_WRITE_KEY: "b" })).toEqual([]);
    expect(startupProblems({ ENCRYPTION_WRITE_KEY: "b" }).map((p) => p.setting)).toEqual(["ENCRYPTION_WRITE_KEY"]);
    for (const message of problems({ ENCRYPTION_KEYS: `a:${key(1, 16)}` })) expect(message).not.toContain(key(1, 16));
  });

  it("do not apply in demo mode, where the embedded Postgres and the simulator stand in", () => {
    expect(startupProblems({})).toEqual([]);
    expect(startupProblems({ NODE_ENV: "production", DEMO_DATA: "1", ENABLE_TEST_CLOCK: "1", CHECKPOINTER: "memory", ENCRYPTION_AT_REST: "off" })).toEqual([]);
  });

  it("treat NODE_ENV=production with DEMO_DATA=0 or unset as production", () => {
    expect(settings({ NODE_ENV: "production" })).toEqual(["DATABASE_URL", "APP_ORIGIN", "LIMITS_URL,HISTORY_URL,ANTIFRAUD_URL,LEDGER_URL,CARDS_URL", "ENCRYPTION_KEYS"]);
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
