import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startupProblems, startupRefusal } from "@/env";
import { PRODUCTION_ENV } from "@/test/production-env";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Compose = { services: Record<string, { environment?: Record<string, string> }> };
const loadCompose = (): Compose => parse(read("docker-compose.yml"), { merge: true });

/** Settings whose names say they hold a secret. */
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|_KEYS?$/;
/** A password in a URL's user info: `scheme://user:password@host`. */
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"'`]+:([^\s@"'`]+)@/gi;

/** Every secret a compose file's environments publish: passwords in URLs, values of secret-named settings, each key of ENCRYPTION_KEYS. */
function composeSecrets(compose: Compose): string[] {
  return Object.values(compose.services).flatMap((service) =>
    Object.entries(service.environment ?? {}).flatMap(([name, value]) => {
      const inUrl = [...String(value).matchAll(URL_PASSWORD)].map((m) => decodeURIComponent(m[1]!));
      if (name === "ENCRYPTION_KEYS")
        return [
          ...inUrl,
          ...String(value)
            .split(",")
            .map((entry) => entry.slice(entry.indexOf(":") + 1).trim()),
        ];
      return SECRET_NAME.test(name) ? [...inUrl, String(value)] : inUrl;
    }),
  );
}

/** deploy/'s own files (not the vendored Compose schema, not these checks), the Dockerfile and the embedded Postgres: passwords in URLs and fixed passwords. */
function fileSecrets(): string[] {
  const files = [
    "Dockerfile",
    "db/embedded.ts",
    ...readdirSync(path.join(root, "deploy"), { recursive: true, encoding: "utf8" })
      .filter((f) => !f.startsWith("compose-spec") && !/\.ts$/.test(f))
      .map((f) => `deploy/${f}`),
  ];
  return files.flatMap((file) => {
    const text = read(file);
    const inUrls = [...text.matchAll(URL_PASSWORD)].map((m) => m[1]!).filter((p) => !p.startsWith("${") && p !== "…");
    const constants = [...text.matchAll(/\b[A-Z_]*PASSWORD\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]!);
    return [...inUrls, ...constants];
  });
}

const isKey = (value: string) => Buffer.from(value, "base64").length === 32 && Buffer.from(value, "base64").toString("base64") === value;

/** Each place production takes a secret, holding `secret`. */
function placements(secret: string): [setting: string, value: string][] {
  const url = `postgres://bank_app:${encodeURIComponent(secret)}@db.bank.internal:5432/bank`;
  return [
    ["DATABASE_URL", url],
    ["DATABASE_OWNER_URL", url.replace("bank_app", "owner")],
    ["METRICS_TOKEN", secret],
    ...(isKey(secret) ? [["ENCRYPTION_KEYS", `copied:${secret}`] as [string, string]] : []),
  ];
}

/** Where production would start with a published secret: `setting <- secret` for each. */
function unrefused(secrets: string[]): string[] {
  return [...new Set(secrets)].flatMap((secret) =>
    placements(secret).flatMap(([setting, value]) => {
      const refused = startupProblems({ ...PRODUCTION_ENV, [setting]: value }).map((p) => p.setting);
      return refused.length === 1 && refused[0] === setting ? [] : [`${setting} <- ${secret} (refused: ${refused.join(", ") || "nothing"})`];
    }),
  );
}

describe("secrets the repository publishes", () => {
  it("are found in docker-compose.yml, deploy/, the Dockerfile and the embedded Postgres", () => {
    const found = [...composeSecrets(loadCompose()), ...fileSecrets()];
    const composeKey = loadCompose().services["app-1"]!.environment!.ENCRYPTION_KEYS!.split(":")[1]!;
    expect(found).toEqual(expect.arrayContaining([composeKey, "bank_app", "bank", "postgres"]));
  });

  it("are each refused by production wherever a secret goes, in one line naming the setting", () => {
    const found = [...composeSecrets(loadCompose()), ...fileSecrets()];
    expect(unrefused(found)).toEqual([]);
    for (const secret of found) {
      for (const [setting, value] of placements(secret)) {
        const line = startupRefusal(startupProblems({ ...PRODUCTION_ENV, [setting]: value }));
        expect(line.split("\n")).toHaveLength(1);
        expect(line).toMatch(new RegExp(`^Refusing to start: ${setting}\\b`));
        if (secret.length >= 8) expect(line).not.toContain(secret);
      }
    }
  });

  it("would fail these checks when the compose file publishes one more that production does not refuse", () => {
    const compose = loadCompose();
    compose.services["app-1"]!.environment!.METRICS_TOKEN = "a-token-newly-published-here";
    compose.services.migrate!.environment!.DATABASE_OWNER_URL = "postgres://bank:a-new-owner-password@postgres:5432/bank";
    expect(unrefused(composeSecrets(compose))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^METRICS_TOKEN <- a-token-newly-published-here/),
        expect.stringMatching(/^DATABASE_OWNER_URL <- a-new-owner-password/),
      ]),
    );
  });

  it("leave the compose file's own demo deployment free to start, and refuse it as a production one", () => {
    const app = loadCompose().services["app-1"]!.environment!;
    expect(startupProblems({ ...app, NODE_ENV: "production", APP_ORIGIN: "https://support.bank.example" })).toEqual([]);
    const { DEMO_DATA: _demo, ...production } = app;
    const settings = startupProblems({ ...production, NODE_ENV: "production", APP_ORIGIN: "https://support.bank.example" }).map((p) => p.setting);
    expect(settings).toEqual(["DATABASE_URL", "ENCRYPTION_KEYS"]);
  });
});
