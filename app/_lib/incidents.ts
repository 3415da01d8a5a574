import { maskDeep } from "@/agent/incidents/masking";
import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import { getThreadCustomer } from "@/db/queries/incidents";
import { ApiError } from "./errors";
import { idParam, parseWith } from "./route";
import type { Role, SessionUser } from "./session";

/** The incident viewer is for auditors and supervisors. */
export const INVESTIGATORS: Role[] = ["auditor", "supervisor"];

export type IncidentScope = {
  thread: NonNullable<Awaited<ReturnType<typeof getThreadCustomer>>>;
  reveal: boolean;
  /** Masks customer names and card numbers unless this view revealed them. */
  mask<T>(value: T): T;
};

/**
 * Opens a thread for an investigator. Every look is audited: `incident.viewed` for a
 * timeline, `incident.revealed` when names and card numbers are shown.
 */
export async function openIncident(
  db: Db,
  user: SessionUser,
  rawId: string,
  req: Request,
  opts: { audit?: "incident.viewed" | "incident.exported" | "incident.replayed" } = {},
): Promise<IncidentScope> {
  const threadId = parseWith(idParam, rawId, "thread_id");
  const thread = await getThreadCustomer(db, user.tenantId, threadId);
  if (!thread) throw new ApiError("not_found:thread", "No such conversation.");
  const reveal = new URL(req.url).searchParams.get("reveal") === "1";
  const actions = [...(opts.audit ? [opts.audit] : []), ...(reveal ? ["incident.revealed"] : [])];
  for (const action of actions) {
    await recordAuditEvent(db, { tenantId: user.tenantId, actor: user.username, action, subjectType: "thread", subjectId: threadId, data: { path: new URL(req.url).pathname } });
  }
  return { thread, reveal, mask: (value) => (reveal ? value : maskDeep(value, [thread.customerName])) };
}
