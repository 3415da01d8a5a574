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
  });

  it("do not apply in demo mode, where the embedded Postgres and the simulator stand in", () => {
    expect(startupProblems({})).toEqual([]);
    expect(startupProblems({ NODE_ENV: "production", DEMO_DATA: "1", ENABLE_TEST_CLOCK: "1", CHECKPOINTER: "memory" })).toEqual([]);
  });

  it("treat NODE_ENV=production with DEMO_DATA=0 or unset as production", () => {
    expect(settings({ NODE_ENV: "production" })).toEqual(["DATABASE_URL", "APP_ORIGIN", "LIMITS_URL,HISTORY_URL,ANTIFRAUD_URL,LEDGER_URL,CARDS_URL"]);
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
