import { now } from "@/app/_lib/clock";
import { requireMetricsReader } from "@/app/_lib/metrics-access";
import { route } from "@/app/_lib/route";
import { database, type Db } from "@/db/client";
import { pendingApprovalsByTenant, queuedMessagesByTenant } from "@/db/queries/operations";
import { listTenantIds } from "@/db/queries/tenant-ids";
import { currentTenant, withTenant } from "@/db/tenant-context";
import { Registry } from "prom-client";
import { databaseGauges, metrics } from "@/observability/metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The gauges read from the database, for the reader's bank (a staff member) or every bank (the deployment's token). */
async function readDatabaseGauges(db: Db) {
  const own = currentTenant();
  const tenants = own ? [own] : await listTenantIds(db);
  const each = await Promise.all(
    tenants.map((tenantId) => withTenant(tenantId, () => Promise.all([pendingApprovalsByTenant(db), queuedMessagesByTenant(db)]))),
  );
  const gauges = databaseGauges();
  const at = now().getTime();
  for (const p of each.flatMap(([pending]) => pending)) {
    gauges.pendingApprovals.set({ tenant: p.tenantId }, p.pending);
    if (p.oldestCreatedAt) gauges.oldestPendingAge.set({ tenant: p.tenantId }, Math.max(0, (at - p.oldestCreatedAt.getTime()) / 1000));
  }
  for (const q of each.flatMap(([, queued]) => queued)) gauges.queuedMessages.set({ tenant: q.tenantId }, q.queued);
  return gauges.registry;
}

/** The Prometheus text exposition of this instance's metrics (METRICS_TOKEN bearer, or a supervisor's, auditor's or ops user's session). */
export const GET = route(async (req) => {
  const { db } = database();
  await requireMetricsReader(db, req);
  const scraped = Registry.merge([metrics().registry, await readDatabaseGauges(db)]);
  return new Response(await scraped.metrics(), { headers: { "content-type": scraped.contentType, "cache-control": "no-store" } });
});
