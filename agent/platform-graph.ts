import { database } from "@/db/client";
import { buildGraph } from "./graph/graph";
import { depsFromEnv } from "./runtime/wiring";

/**
 * The graph as a LangGraph server (`langgraph dev`, langgraph.json) loads it: the real bank
 * clients at LIMITS_URL, HISTORY_URL, ANTIFRAUD_URL, LEDGER_URL and CARDS_URL (the simulator by
 * default) and the app's database (DATABASE_URL) for cases and approvals. The server
 * brings its own checkpointer; the app itself runs the graph through agent/index.ts.
 */
export const graph = buildGraph(depsFromEnv(database().db));
