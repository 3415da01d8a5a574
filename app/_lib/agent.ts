import { createAgent, type Agent } from "@/agent";
import { database } from "@/db/client";
import { now } from "./clock";

const globalForAgent = globalThis as unknown as { __bankAgent?: Agent };

/** One agent per process, on the app's single pool. */
export function getAgent(): Agent {
  if (!globalForAgent.__bankAgent) {
    const { db, pool } = database();
    globalForAgent.__bankAgent = createAgent({ db, pool, deps: { clock: now } });
  }
  return globalForAgent.__bankAgent;
}
