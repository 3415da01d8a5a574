import type { Db } from "@/db/client";
import { getThreadById, type ThreadRow } from "@/db/queries/threads";
import { ApiError } from "./errors";
import { parseWith } from "./request-body";
import { idParam } from "@/app/api/schema";
import { customerIdOf, type SessionUser } from "./session";

/** The thread, if this user may see it: its customer, or bank staff. Others get 404; a customer account linked to no customer, 403. */
export async function loadVisibleThread(db: Db, user: SessionUser, rawId: string): Promise<ThreadRow> {
  const customerId = user.role === "customer" ? customerIdOf(user) : null;
  const id = parseWith(idParam, rawId, "thread_id");
  const thread = await getThreadById(db, user.tenantId, id);
  const visible = thread && (customerId === null || thread.customerId === customerId);
  if (!visible) throw new ApiError("not_found:thread", "No such conversation.");
  return thread;
}
