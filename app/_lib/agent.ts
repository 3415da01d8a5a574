import { MemorySaver } from "@langchain/langgraph";
import { createAgent, type Agent } from "@/agent";
import { env } from "@/env";
import { database } from "@/db/client";
import { now } from "./clock";

const globalForAgent = globalThis as unknown as { __bankAgent?: Agent };

/** One agent per process, on the app's single pool (its checkpoints there too, unless CHECKPOINTER=memory). */
export function getAgent(): Agent {
  if (!globalForAgent.__bankAgent) {
    const { db, pool } = database();
    globalForAgent.__bankAgent = createAgent({ db, pool, deps: { clock: now }, checkpointer: env().CHECKPOINTER === "memory" ? new MemorySaver() : undefined });
  }
  return globalForAgent.__bankAgent;
}
