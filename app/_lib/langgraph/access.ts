import type { Db } from "@/db/client";
import { threadReachedOperator, type ThreadRow } from "@/db/queries/threads";
import { ApiError } from "../errors";
import { customerIdOf, requireSession, type OpenSession, type SessionUser } from "../session";
import { loadVisibleThread } from "../threads";
import { DECIDERS, type Role } from "@/vocabulary/roles";

/** Who reaches the Platform API: customers drive their own threads, operators and supervisors decide. Auditors use the audited incident viewer. */
const LANGGRAPH_ROLES: Role[] = ["customer", ...DECIDERS];

export const isStaff = (user: SessionUser) => user.role !== "customer";

/** The signed-in user in one of `roles`, and their session; a customer account linked to no customer is refused 403, so no customer route reads it as "no filter". */
export async function requireLangGraphSession(db: Db, req: Request, roles: Role[] = LANGGRAPH_ROLES): Promise<{ user: SessionUser; session: OpenSession }> {
  const signedIn = await requireSession(db, req, roles);
  if (!isStaff(signedIn.user)) customerIdOf(signedIn.user);
  return signedIn;
}

/** The signed-in user, refused as `requireLangGraphSession` refuses. */
export async function requireLangGraphUser(db: Db, req: Request, roles: Role[] = LANGGRAPH_ROLES): Promise<SessionUser> {
  return (await requireLangGraphSession(db, req, roles)).user;
}

/** The thread, if this user may see it here: their own (customers), one that reached an operator (staff, as in the console); 404 otherwise. */
export async function loadLangGraphThread(db: Db, user: SessionUser, rawId: string): Promise<ThreadRow> {
  const thread = await loadVisibleThread(db, user, rawId);
  if (isStaff(user) && !(await threadReachedOperator(db, user.tenantId, thread.id))) throw new ApiError("not_found:thread", "No such conversation.");
  return thread;
}
