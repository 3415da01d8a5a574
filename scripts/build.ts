/** The production build `npm start` and the chaos campaign run from, rebuilt only when sources change. */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

/** A fingerprint of everything `next build` compiles, kept in `.next/source-stamp`. */
function sourceStamp(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${full}:${statSync(full).mtimeMs}:${statSync(full).size}\n`);
    }
  };
  for (const dir of ["app", "agent", "components", "data", "db", "deploy", "observability", "simulator", "vocabulary"])
    if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of [
    "env.ts",
    "proxy.ts",
    "instrumentation.ts",
    "next.config.ts",
    "package.json",
    "package-lock.json",
    "postcss.config.mjs",
    "tsconfig.json",
  ]) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(`${file}:${statSync(full).mtimeMs}\n`);
  }
  return hash.digest("hex");
}

/** The container image's server: `node server.js` in this folder (the build's standalone output). */
export const STANDALONE_DIR = path.join(root, ".next", "standalone");

/**
 * Runs `next build` when there is no build or the sources changed since the last one. The
 * build also writes the standalone server the container image runs, with its static files
 * beside it as the Dockerfile places them, so tests can start exactly that server.
 */
export function buildIfStale(log: (line: string) => void): void {
  const stampFile = path.join(root, ".next", "source-stamp");
  const stamp = sourceStamp();
  const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
  if (built) return log("build is up to date");
  log("building the app (next build)");
  // The build's progress goes to standard error: the commands that build first (the benchmarks,
  // the chaos campaign) print their report alone on standard output.
  const result = spawnSync(bin("next"), ["build"], {
    cwd: root,
    stdio: ["inherit", 2, "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", BUILD_STANDALONE: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
  cpSync(path.join(root, ".next", "static"), path.join(STANDALONE_DIR, ".next", "static"), { recursive: true });
  writeFileSync(stampFile, stamp);
}

/** Runs each shutdown step even if an earlier one fails, and reports the failures. */
export async function stopAll(steps: [string, () => Promise<unknown>][]): Promise<void> {
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      console.error(`stopping ${name} failed: ${(error as Error).message}`);
    }
  }
}

/** `tsx scripts/build.ts`: builds when stale, so a later start (the browser tests' server) only starts. */
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  buildIfStale((line) => console.log(`[build] ${line}`));
}
