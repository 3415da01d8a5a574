import { now } from "@/app/_lib/clock";
import { requireMetricsReader } from "@/app/_lib/metrics-access";
import { route } from "@/app/_lib/route";
import { database, type Db } from "@/db/client";
import { pendingApprovalsByTenant, queuedMessagesByTenant } from "@/db/queries/operations";
import { listTenantIds } from "@/db/queries/tenant-ids";
import { currentTenant, withTenant } from "@/db/tenant-context";
import { metrics } from "@/observability/metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Sets the gauges read from the database: pending approvals, the oldest one's age, queued messages. */
async function readDatabaseGauges(db: Db) {
  const m = metrics();
  // A staff reader sees their own bank's figures; the deployment's token, every bank's, read as each in turn.
  const own = currentTenant();
  const tenants = own ? [own] : await listTenantIds(db);
  const each = await Promise.all(tenants.map((tenantId) => withTenant(tenantId, () => Promise.all([pendingApprovalsByTenant(db), queuedMessagesByTenant(db)]))));
  const pending = each.flatMap(([p]) => p);
  const queued = each.flatMap(([, q]) => q);
  m.pendingApprovals.reset();
  m.oldestPendingAge.reset();
  m.queuedMessages.reset();
  const at = now().getTime();
  for (const p of pending) {
    m.pendingApprovals.set({ tenant: p.tenantId }, p.pending);
    if (p.oldestCreatedAt) m.oldestPendingAge.set({ tenant: p.tenantId }, Math.max(0, (at - p.oldestCreatedAt.getTime()) / 1000));
  }
  for (const q of queued) m.queuedMessages.set({ tenant: q.tenantId }, q.queued);
}

/** The Prometheus text exposition of this instance's metrics (METRICS_TOKEN bearer, or a supervisor's, auditor's or ops user's session). */
export const GET = route(async (req) => {
  const { db } = database();
  await requireMetricsReader(db, req);
  await readDatabaseGauges(db);
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType, "cache-control": "no-store" } });
});
