import { execSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { root } from "../build";

export type BenchContext = { date: string; cpus: number; cpuModel: string; load: string; commit: string };

/** Where and on what a benchmark ran: the time, the machine, its load, and the commit (with local changes, if any). */
export function benchContext(): BenchContext {
  let commit = "unknown";
  try {
    commit =
      execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim() +
      (execSync("git status --porcelain", { cwd: root, encoding: "utf8" }).trim() ? " (with local changes)" : "");
  } catch {
    /* not a git checkout */
  }
  return {
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "?",
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
    commit,
  };
}

/** The context as a report's second line. */
export function contextLine(context: BenchContext): string {
  return `${context.date}, ${context.cpus} CPU(s) (${context.cpuModel}), load average ${context.load}, commit ${context.commit}`;
}
