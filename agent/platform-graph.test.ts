import { readFileSync } from "node:fs";
import path from "node:path";
import { CompiledStateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { GRAPH_ID } from "@/app/_lib/langgraph/assistant";
import { NODES } from "./graph/graph";

const ROOT = path.resolve(import.meta.dirname, "..");
const config = JSON.parse(readFileSync(path.join(ROOT, "langgraph.json"), "utf8")) as { graphs: Record<string, string> };

describe("langgraph.json", () => {
  it("names the graph under the id the Platform API serves", () => {
    expect(Object.keys(config.graphs)).toEqual([GRAPH_ID]);
  });

  it("points at a module exporting the compiled bank graph with every node", async () => {
    // The pool connects on first query only; loading the module must not need a database.
    process.env.DATABASE_URL ??= "postgres://nobody@127.0.0.1:9/unused";
    const [file, name] = config.graphs[GRAPH_ID]!.split(":");
    const mod = (await import(path.join(ROOT, file!))) as Record<string, unknown>;
    const graph = mod[name!];
    expect(graph).toBeInstanceOf(CompiledStateGraph);
    const nodes = Object.keys((graph as CompiledStateGraph<never, never>).nodes);
    expect(nodes).toEqual(expect.arrayContaining([...NODES]));
    expect(nodes.filter((n) => !n.startsWith("__")).sort()).toEqual([...NODES].sort());
  });
});
