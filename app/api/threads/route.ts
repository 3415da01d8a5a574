import { createThread, listThreads, listThreadsByCustomer } from "@/db/queries/threads";
import { spendConversation } from "@/app/_lib/budgets";
import { route, services } from "@/app/_lib/route";
import { customerIdOf, requireUser } from "@/app/_lib/session";
import { STAFF } from "@/vocabulary/roles";

export const runtime = "nodejs";

/** A new conversation for the signed-in customer, within their conversations per day, on the bank's revision (or a running canary's candidate, for its share). */
export const POST = route(async (req) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, ["customer"]);
  await spendConversation(db, user.tenantId, customerIdOf(user));
  const thread = await createThread(db, user.tenantId, customerIdOf(user), await agent.newThreadRevision(user.tenantId));
  return Response.json({ threadId: thread.id, status: thread.status }, { status: 201 });
});

/** A customer's own conversations; staff see every conversation of the tenant (the ops role sees none: 403). */
export const GET = route(async (req) => {
  const { db } = services();
  const user = await requireUser(db, req, ["customer", ...STAFF]);
  const rows = user.role === "customer" ? await listThreadsByCustomer(db, user.tenantId, customerIdOf(user)) : await listThreads(db, user.tenantId);
  return Response.json({
    threads: rows.map((t) => ({ threadId: t.id, customerId: t.customerId, status: t.status, updatedAt: t.updatedAt })),
  });
});
