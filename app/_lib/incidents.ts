import { z } from "zod";
import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import { getThreadCustomer } from "@/db/queries/incidents";
import { ApiError } from "./errors";
import { checkAuditedRead } from "./origin";
import { staffMasker } from "./personal-data";
import { parseOptionalBody, parseWith } from "./request-body";
import { idParam } from "@/app/api/schema";
import { requireUser, type SessionUser } from "./session";
import { INVESTIGATORS } from "@/vocabulary/roles";

/** What a look at a conversation is recorded as; a reveal adds `incident.revealed`. */
export type IncidentAction = "incident.viewed" | "incident.exported" | "incident.replayed";

export const revealBody = z.object({ reveal: z.boolean().default(false) }).strict();

/**
 * Whether a read asks to reveal names and card numbers. A reveal writes an audit row, so
 * it is a POST with `{"reveal": true}`; a GET is always masked, and a GET that asks for a
 * reveal in its query is refused rather than answered masked, so nobody takes it for one.
 */
export async function revealRequested(req: Request): Promise<boolean> {
  if (req.method === "GET" || req.method === "HEAD") {
    if (new URL(req.url).searchParams.has("reveal")) {
      throw new ApiError("bad_request:reveal", 'Revealing names and card numbers is audited: POST to this address with {"reveal": true}.');
    }
    return false;
  }
  return (await parseOptionalBody(req, revealBody, { reveal: false })).reveal;
}

export type IncidentScope = {
  thread: NonNullable<Awaited<ReturnType<typeof getThreadCustomer>>>;
  reveal: boolean;
  /** Writes this look's audit rows (once): the action, and `incident.revealed` for a reveal. */
  record(detail?: Record<string, unknown>): Promise<void>;
  /** The body as this look may show it: masked unless revealed. */
  mask<T>(body: T): T;
  /** Records the look, then answers the masked (or revealed) body. */
  release<T>(body: T, detail?: Record<string, unknown>): Promise<Response>;
};

/**
 * The one door to a conversation's personal data for staff. Investigators only; every
 * look is audited under the viewer's name before anything leaves, and names and card
 * numbers of every customer of the tenant are masked unless this look is a reveal.
 */
export async function openIncident(
  db: Db,
  user: SessionUser,
  rawId: string,
  opts: { action: IncidentAction; reveal: boolean; path: string },
): Promise<IncidentScope> {
  if (!INVESTIGATORS.includes(user.role)) throw new ApiError("forbidden:role");
  const threadId = parseWith(idParam, rawId, "thread_id");
  const [thread, masker] = await Promise.all([getThreadCustomer(db, user.tenantId, threadId), opts.reveal ? null : staffMasker(db, user.tenantId)]);
  if (!thread) throw new ApiError("not_found:thread", "No such conversation.");
  let recorded = false;
  const record = async (detail: Record<string, unknown> = {}) => {
    if (recorded) return;
    recorded = true;
    const actions = [opts.action, ...(opts.reveal ? ["incident.revealed"] : [])];
    for (const action of actions) {
      await recordAuditEvent(db, {
        tenantId: user.tenantId,
        actor: user.username,
        action,
        subjectType: "thread",
        subjectId: threadId,
        data: { path: opts.path, ...detail },
      });
    }
  };
  const mask = <T>(body: T): T => (masker ? masker.mask(body) : body);
  return {
    thread,
    reveal: opts.reveal,
    record,
    mask,
    async release(body, detail) {
      await record(detail);
      return Response.json(mask(body));
    },
  };
}

/**
 * An incident API request: the investigator, whether they asked for a reveal, and the
 * conversation behind the door. The viewer's routes and their older aliases all start here.
 */
export async function incidentRequest(db: Db, req: Request, rawId: string, action: IncidentAction): Promise<{ user: SessionUser; scope: IncidentScope }> {
  checkAuditedRead(req);
  const user = await requireUser(db, req, INVESTIGATORS);
  const reveal = await revealRequested(req);
  const scope = await openIncident(db, user, rawId, { action, reveal, path: new URL(req.url).pathname });
  return { user, scope };
}

/**
 * Records a search of the bank's conversations as a look: who searched (the actor), when
 * (the row's time), with which filters, how many conversations matched and which this page
 * showed. A list of masked names still tells who talked to the bank, so it is audited like
 * a look at one conversation, before the answer leaves.
 */
export async function recordSearch(db: Db, user: SessionUser, search: { path: string; filters: Record<string, unknown>; total: number; threadIds: string[] }) {
  await recordAuditEvent(db, {
    tenantId: user.tenantId,
    actor: user.username,
    action: "incident.searched",
    subjectType: "tenant",
    subjectId: user.tenantId,
    data: search,
  });
}
