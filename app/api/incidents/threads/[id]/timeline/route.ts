import { listLedgerEntries } from "@/agent/clients/bank";
import { env } from "@/env";
import { ApiError } from "@/app/_lib/errors";
import { INVESTIGATORS, openIncident } from "@/app/_lib/incidents";
import { route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Everything that happened in a conversation, on one time axis, with its ledger entries. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const started = performance.now();
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const scope = await openIncident(db, user, id, req, { audit: "incident.viewed" });
  const [entries, ledger] = await Promise.all([
    agent.incidents.timeline(user.tenantId, scope.thread.threadId),
    listLedgerEntries(env().LEDGER_URL, user.tenantId, { customerId: scope.thread.customerId }).catch(() => {
      throw new ApiError("unavailable:ledger", "The ledger is not answering.");
    }),
  ]);
  const caseIds = new Set(entries.flatMap((e) => (e.kind === "ledger_call" ? [(e.request as { caseId?: string })?.caseId] : [])));
  const body = scope.mask({
    threadId: scope.thread.threadId,
    customer: { id: scope.thread.customerId, name: scope.thread.customerName },
    entries,
    ledgerEntries: ledger.filter((e) => caseIds.has(e.caseId)),
  });
  return Response.json(body, { headers: { "server-timing": `app;dur=${(performance.now() - started).toFixed(1)}` } });
});
