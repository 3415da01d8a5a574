import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../..");

export type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** A command from node_modules/.bin in the repository, with only `env` (and PATH, HOME) as its environment, its output kept. */
export function run(command: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(path.join(root, "node_modules", ".bin", command), args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } as Record<string, string | undefined> as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** `npm start` (scripts/start.ts) with `env`, once it says it is ready; fails with its output if it exits first or takes past `timeoutMs`. */
export async function startApp(env: Record<string, string>, timeoutMs = 200_000): Promise<Run> {
  const app = run("tsx", ["scripts/start.ts"], env);
  await expect
    .poll(
      async () => {
        if (app.child.exitCode !== null) throw new Error(`npm start exited:\n${app.output()}`);
        return app.output().includes("[start] ready");
      },
      { message: "npm start to say it is ready", timeout: timeoutMs, intervals: [500] },
    )
    .toBe(true);
  return app;
}

/** Stops a started app with SIGTERM and waits for it to exit. */
export async function stopApp(app: Run | undefined): Promise<void> {
  if (app?.child.exitCode === null) {
    app.child.kill("SIGTERM");
    await app.exited;
  }
}
