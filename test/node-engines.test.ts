import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

type Locked = { engines?: { node?: string }; optional?: boolean; os?: string[]; cpu?: string[] };

const root = path.resolve(import.meta.dirname, "..");
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), "utf8")) as T;
const { engines } = readJson<{ engines: { node: string } }>("package.json");
const locked = readJson<{ packages: Record<string, Locked> }>("package-lock.json").packages;

/** Optional packages built for another system (a Windows or Android binary) are never installed here. */
const installedOn = (pkg: Locked, platform: string, arch: string) =>
  !pkg.optional || ((!pkg.os || pkg.os.includes(platform)) && (!pkg.cpu || pkg.cpu.includes(arch)));

describe("the Node versions the project states", () => {
  const oldest = semver.minVersion(engines.node)!.version;

  it("are the ones every installed dependency supports, from the oldest one allowed", () => {
    const refusing = Object.entries(locked)
      .filter(([name, pkg]) => name !== "" && pkg.engines?.node && installedOn(pkg, "linux", "x64"))
      .filter(([, pkg]) => !semver.satisfies(oldest, pkg.engines!.node!))
      .map(([name, pkg]) => `${name.replace(/^.*node_modules\//, "")} wants node ${pkg.engines!.node}`);
    expect(refusing, `package.json allows node ${engines.node}`).toEqual([]);
  });

  it("include the Node that runs the tests", () => {
    expect(semver.satisfies(process.version, engines.node)).toBe(true);
  });
});
