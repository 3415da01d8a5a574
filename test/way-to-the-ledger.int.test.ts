import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CompiledStateGraph } from "@langchain/langgraph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { services } from "@/app/_lib/route";
import { createSession } from "@/app/_lib/session";
import { agentHarness } from "@/test/agent-support";
import { callRoute } from "@/test/routes";

const root = path.resolve(import.meta.dirname, "..");
const h = agentHarness();
const OWN = { origin: "http://localhost", "sec-fetch-site": "same-origin" };
const MOST_FILES = 12;

/** A numbered list of `` `file` `function` `` lines, in order: the way to the ledger as a document gives it. */
function listedWay(file: string, heading: RegExp): { file: string; name: string }[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const from = text.search(heading);
  expect(from, `${file} has the section`).toBeGreaterThanOrEqual(0);
  const way: { file: string; name: string }[] = [];
  for (const line of text.slice(from).split("\n").slice(1)) {
    if (/^#{1,6} /.test(line)) break;
    const step = /^(\d+)\. `([^`]+)` `(\w+)`/.exec(line);
    if (step) {
      expect(Number(step[1]), `${file}: the steps are numbered in order`).toBe(way.length + 1);
      way.push({ file: step[2]!, name: step[3]! });
    }
  }
  return way;
}

const README_WAY = listedWay("README.md", /^## How it fits together$/m);
const DOCS_WAY = listedWay("docs/architecture.md", /^## Architecture: one message, from the route to the ledger row$/m);

/** The app's own source files in a stack trace, outermost caller first, each once. */
function filesOf(stack: string): string[] {
  const files: string[] = [];
  for (const [, location] of stack.matchAll(/\(?((?:\/|[A-Za-z]:\\)[^():]+):\d+:\d+\)?$/gm)) {
    const file = path.relative(root, location!).split(path.sep).join("/");
    if (file.startsWith("..") || file.startsWith("node_modules/") || file.startsWith("test/")) continue;
    files.push(file);
  }
  return [...new Set(files.reverse())];
}

/** The part of a stack from the first frame in `outermost` inward (a stack lists the innermost frame first). */
function from(files: string[], outermost: string): string[] {
  const at = files.indexOf(outermost);
  expect(at, `the stack passes ${outermost}: ${files.join(" > ")}`).toBeGreaterThanOrEqual(0);
  return files.slice(at);
}

describe("the way from the route handler to the ledger call", () => {
  let traced: string[] = [];

  beforeAll(async () => {
    await h.freshStart();
    const stacks = { enter: "", graph: "", ledger: "" };
    const capture = () => {
      const previous = Error.stackTraceLimit;
      Error.stackTraceLimit = 200;
      const stack = new Error("traced").stack ?? "";
      Error.stackTraceLimit = previous;
      return stack;
    };
    // The agent's synchronous start, up to its first database statement: the frames from the
    // route down into the turn, before an await hides the callers.
    // The agent and the database handle the route itself uses.
    const { agent, db: routeDb } = services();
    const send = agent.sendMessage;
    const db = routeDb as unknown as Record<string, (...args: unknown[]) => unknown>;
    const methods = ["select", "insert", "update", "delete", "execute", "transaction"] as const;
    const originals = Object.fromEntries(methods.map((m) => [m, db[m]!]));
    let entering = false;
    for (const m of methods)
      db[m] = function (this: unknown, ...args: unknown[]) {
        if (entering && !stacks.enter) stacks.enter = capture();
        return originals[m]!.apply(this, args);
      };
    agent.sendMessage = (...args: Parameters<typeof send>) => {
      entering = true;
      try {
        return send(...args);
      } finally {
        entering = false;
      }
    };
    // The graph run's start: the frames from the turn down into LangGraph.
    let owner: { stream: (...args: unknown[]) => unknown } = CompiledStateGraph.prototype as never;
    while (!Object.prototype.hasOwnProperty.call(owner, "stream")) owner = Object.getPrototypeOf(owner) as never;
    const stream = owner.stream;
    owner.stream = function (this: unknown, ...args: unknown[]) {
      if (!stacks.graph) stacks.graph = capture();
      return stream.apply(this, args);
    };
    // The ledger call: the frames from the node LangGraph runs down to the request.
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/refunds") && (init?.method ?? "GET") === "POST" && !stacks.ledger) stacks.ledger = capture();
      return fetchBefore(input, init);
    }) as typeof fetch;
    try {
      const thread = await h.newThread("cust-alice");
      const cookie = `bank_session=${(await createSession(h.db, "user-alice")).token}`;
      const res = await callRoute({
        method: "POST",
        route: "/api/threads/:id/messages",
        params: { id: thread },
        cookie,
        body: JSON.stringify({ text: "I was charged twice at Coffee Corner", clientMessageId: crypto.randomUUID() }),
        headers: OWN,
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { reply: string }).reply).toMatch(/refunded/i);
    } finally {
      globalThis.fetch = fetchBefore;
      owner.stream = stream;
      agent.sendMessage = send;
      for (const m of methods) db[m] = originals[m]!;
    }
    const [enter, graph, ledger] = [filesOf(stacks.enter), filesOf(stacks.graph), filesOf(stacks.ledger)];
    const turns = "agent/runtime/turns.ts";
    // Each stack ends in a side visit (the first query, LangGraph, the request): kept up to where the next stack takes over.
    const down = from(enter, "app/api/threads/[id]/messages/route.ts");
    traced = [...new Set([...down.slice(0, down.indexOf(turns) + 1), ...from(graph, turns), ...from(ledger, "agent/graph/nodes/observed.ts")])];
  });

  afterAll(async () => {
    await h.pool.end();
  });

  it("crosses the files the architecture document lists, no other, in their order", () => {
    const listed = DOCS_WAY.map((step) => step.file);
    expect(
      traced.filter((file) => !listed.includes(file)),
      `on the way: ${traced.join(" > ")}`,
    ).toEqual([]);
    expect(traced, "every listed file, in the listed order").toEqual(listed);
    expect(traced.at(-1)).toBe("agent/clients/http.ts");
  });

  it("lists at most twelve files, the same in the README as in the architecture document", () => {
    expect(DOCS_WAY.length).toBeGreaterThan(0);
    expect(DOCS_WAY.length).toBeLessThanOrEqual(MOST_FILES);
    expect(README_WAY).toEqual(DOCS_WAY);
  });

  it("names only files and functions that exist", () => {
    const missing = DOCS_WAY.filter(({ file, name }) => {
      const source = existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), "utf8") : "";
      return !new RegExp(`(function\\*?\\s+${name}\\b|(const|let|class)\\s+${name}\\b)`).test(source);
    });
    expect(missing).toEqual([]);
  });
});
