import { listLedgerEntries } from "@/agent/clients/bank";
import { env } from "@/env";
import { ApiError } from "@/app/_lib/errors";
import { incidentRequest } from "@/app/_lib/incidents";
import { route, services } from "@/app/_lib/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Everything that happened in a conversation, on one time axis, with its ledger entries. */
async function timeline(req: Request, id: string): Promise<Response> {
  const started = performance.now();
  const { db, agent } = services();
  const { user, scope } = await incidentRequest(db, req, id, "incident.viewed");
  const [entries, ledger] = await Promise.all([
    agent.incidents.timeline(user.tenantId, scope.thread.threadId),
    listLedgerEntries(env().LEDGER_URL, user.tenantId, { customerId: scope.thread.customerId }).catch(() => {
      throw new ApiError("unavailable:ledger", "The ledger is not answering.");
    }),
  ]);
  const caseIds = new Set(entries.flatMap((e) => (e.kind === "ledger_call" ? [(e.request as { caseId?: string })?.caseId] : [])));
  const res = await scope.release({
    threadId: scope.thread.threadId,
    customer: { id: scope.thread.customerId, name: scope.thread.customerName },
    entries,
    ledgerEntries: ledger.filter((e) => caseIds.has(e.caseId)),
  });
  res.headers.set("server-timing", `app;dur=${(performance.now() - started).toFixed(1)}`);
  return res;
}

/** The timeline, masked. Audited as `incident.viewed`. */
export const GET = route<{ id: string }>((req, { id }) => timeline(req, id));

/** The timeline; `{"reveal": true}` shows names and card numbers and is audited as `incident.revealed`. */
export const POST = route<{ id: string }>((req, { id }) => timeline(req, id));
