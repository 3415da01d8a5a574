import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs one of the repository's scripts as its own process, the way a person would, with `env`
 * replacing the environment (plus PATH and HOME) and `stdin` piped in.
 */
export function runScript(script: string, args: string[], opts: { env?: Record<string, string | undefined>; stdin?: string } = {}): Promise<ScriptRun> {
  const env: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, ...opts.env };
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), [script, ...args], {
      cwd: root,
      env: env as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.stdin ?? "");
  });
}
