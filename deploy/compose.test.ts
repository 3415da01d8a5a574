import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import draft07 from "ajv/dist/refs/json-schema-draft-07.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The Compose specification's own schema (vendored, see compose-spec/README.md). */
function composeValidator() {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strictTypes: false });
  // The schema names draft-07 by its https address; Ajv knows the same meta-schema by its http one.
  ajv.addMetaSchema({ ...draft07, $id: "https://json-schema.org/draft-07/schema" });
  return ajv.compile(JSON.parse(read("deploy/compose-spec/compose-spec.json")));
}
const validate = composeValidator();

type Service = {
  build?: { context: string; target?: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
};
type ComposeFile = { services: Record<string, Service> };

/** docker-compose.yml as Compose reads it (YAML merge keys resolved). */
const loadCompose = (): ComposeFile => parse(read("docker-compose.yml"), { merge: true });

function errorsOf(doc: unknown): string[] {
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const appServices = (compose: ComposeFile) => Object.keys(compose.services).filter((name) => compose.services[name]!.build?.target === "app");

describe("docker-compose.yml", () => {
  it("is valid against the Compose specification's schema", () => {
    expect(errorsOf(loadCompose())).toEqual([]);
  });

  it.each([
    ["a dependency condition Compose does not know", (c: ComposeFile) => (c.services["app-1"]!.depends_on!.migrate!.condition = "service_finished")],
    ["a service key that does not exist", (c: ComposeFile) => Object.assign(c.services.proxy!, { restart_policy: "always" })],
    ["a health check test that is a number", (c: ComposeFile) => (c.services.postgres!.healthcheck!.test = 5 as unknown as string[])],
    ["a service named with a space", (c: ComposeFile) => (c.services["app 3"] = c.services["app-2"]!)],
    [
      "environment given as a list of lists",
      (c: ComposeFile) => (c.services.simulator!.environment = [["SIMULATOR_PORT", "4010"]] as unknown as Record<string, string>),
    ],
    ["an unknown top-level section", (c: ComposeFile) => Object.assign(c, { service: {} })],
  ])("is rejected by the same validation when it has %s", (_, mutate) => {
    const compose = loadCompose();
    expect(errorsOf(compose)).toEqual([]);
    mutate(compose);
    expect(errorsOf(compose).length).toBeGreaterThan(0);
  });

  it("runs two app instances, each after the one-shot migration has completed and never migrating itself", () => {
    const compose = loadCompose();
    const apps = appServices(compose);
    expect(apps).toEqual(["app-1", "app-2"]);
    for (const name of apps) {
      const service = compose.services[name]!;
      expect(service.depends_on?.migrate).toEqual({ condition: "service_completed_successfully" });
      expect(service.command).toBeUndefined();
    }
    expect(compose.services.migrate!.command).toEqual(["node_modules/.bin/tsx", "scripts/migrate.ts"]);
    expect(compose.services.migrate!.depends_on?.postgres).toEqual({ condition: "service_healthy" });
  });

  it("points every app instance at the same database as the application role, and the simulator, in demo mode behind one trusted proxy", () => {
    const compose = loadCompose();
    const migrate = compose.services.migrate!.environment!;
    const database = migrate.DATABASE_URL;
    // The migration runs as the owner and admits the role the apps sign in as.
    expect(new URL(database!).username).toBe("bank_app");
    expect(new URL(migrate.DATABASE_OWNER_URL!).username).not.toBe("bank_app");
    expect(new URL(migrate.DATABASE_OWNER_URL!).pathname).toBe(new URL(database!).pathname);
    for (const name of appServices(compose)) {
      const env = compose.services[name]!.environment!;
      expect(env.DATABASE_URL).toBe(database);
      expect(env.DEMO_DATA).toBe(compose.services.migrate!.environment!.DEMO_DATA);
      expect(env.TRUSTED_PROXY_HOPS).toBe("1");
      for (const system of ["LIMITS", "HISTORY", "ANTIFRAUD", "LEDGER", "CARDS"])
        expect(env[`${system}_URL`]).toBe(`http://simulator:4010/${system.toLowerCase()}`);
    }
    // The simulator plays the bank's own systems on their own tables, as the owner.
    expect(compose.services.simulator!.environment!.DATABASE_URL).toBe(migrate.DATABASE_OWNER_URL);
  });

  it("builds every service from a stage the Dockerfile has", () => {
    const compose = loadCompose();
    const stages = [...read("Dockerfile").matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1]);
    const targets = Object.values(compose.services).flatMap((s) => (s.build ? [s.build.target] : []));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(stages).toContain(target);
  });

  it("sends the proxy's requests to every app instance, with Server-Sent Events unbuffered", () => {
    const compose = loadCompose();
    expect(compose.services.proxy!.volumes).toContain("./deploy/nginx.conf:/etc/nginx/nginx.conf:ro");
    const nginx = read("deploy/nginx.conf");
    const upstreams = [...nginx.matchAll(/^\s*server\s+([\w-]+):3000\b/gm)].map((m) => m[1]);
    expect(upstreams).toEqual(appServices(compose));
    expect(nginx).toMatch(/^\s*proxy_buffering off;/m);
    expect(nginx).toMatch(/^\s*proxy_set_header Host \$http_host;/m);
  });
});

describe("the Dockerfile's app image", () => {
  const finalStage = () =>
    read("Dockerfile")
      .split(/^FROM /m)
      .at(-1)!;

  it("serves the standalone build as user node with a health check on /api/health", () => {
    const stage = finalStage();
    expect(stage).toMatch(/^\S+ AS app\b/);
    expect(stage).toMatch(/^USER node$/m);
    expect(stage).toMatch(/^HEALTHCHECK [^]*\/api\/health/m);
    expect(stage).toMatch(/^COPY --from=build \/app\/\.next\/standalone \.\/$/m);
    expect(stage).toMatch(/^CMD \["node", "server\.js"\]$/m);
    expect(stage).toMatch(/NODE_ENV=production/);
  });

  it("asks for the standalone output next.config.ts builds only on request", () => {
    expect(read("Dockerfile")).toMatch(/^ENV .*\bBUILD_STANDALONE=1\b/m);
    expect(read("next.config.ts")).toContain('process.env.BUILD_STANDALONE === "1" ? "standalone" : undefined');
  });
});
