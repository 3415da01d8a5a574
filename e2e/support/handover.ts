import { expect } from "@playwright/test";
import { createAgentStore } from "../../agent/runtime/store";
import type { HandoverRequest } from "../../agent/graph/deps";
import { openDatabase } from "../../db/client";
import { runningEmbeddedUrl } from "../../db/embedded";

/**
 * Hands a conversation to a person the way the agent does, through its store on the app's
 * own database: the same row, audit event and live notice the console reacts to.
 */
export async function handOver(input: Omit<HandoverRequest, "tenantId">): Promise<{ handoverId: string; created: boolean }> {
  const url = runningEmbeddedUrl(".data/pg-e2e");
  expect(url, "the app's embedded database is running").not.toBeNull();
  const { db, pool } = openDatabase(url!, 1);
  try {
    return await createAgentStore(db).requestHandover({ tenantId: "demo-bank", ...input });
  } finally {
    await pool.end();
  }
}
