import { incidentRequest } from "@/app/_lib/incidents";
import { threadLedgerEntries } from "@/app/_lib/ledger";
import { route, services } from "@/app/_lib/route";
import { listThreadsBeside } from "@/db/queries/threads";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Everything that happened in a conversation, on one time axis, with its ledger entries. */
async function timeline(req: Request, id: string): Promise<Response> {
  const started = performance.now();
  const { db, agent } = services();
  const { user, scope } = await incidentRequest(db, req, id, "incident.viewed");
  const [entries, ledgerEntries, beside] = await Promise.all([
    agent.incidents.timeline(user.tenantId, scope.thread.threadId),
    threadLedgerEntries(db, user.tenantId, scope.thread),
    listThreadsBeside(db, user.tenantId, scope.thread.threadId),
  ]);
  const res = await scope.release({
    threadId: scope.thread.threadId,
    customer: { id: scope.thread.customerId, name: scope.thread.customerName },
    parentThreadId: scope.thread.parentThreadId,
    besideThreadIds: beside.map((t) => t.id),
    entries,
    ledgerEntries,
  });
  res.headers.set("server-timing", `app;dur=${(performance.now() - started).toFixed(1)}`);
  return res;
}

/** The timeline, masked. Audited as `incident.viewed`. */
export const GET = route<{ id: string }>((req, { id }) => timeline(req, id));

/** The timeline; `{"reveal": true}` shows names and card numbers and is audited as `incident.revealed`. */
export const POST = route<{ id: string }>((req, { id }) => timeline(req, id));
