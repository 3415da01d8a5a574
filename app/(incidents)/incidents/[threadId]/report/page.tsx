import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getCurrentUser } from "@/app/_lib/current-user";
import { ApiError } from "@/app/_lib/errors";
import { buildIncidentReport } from "@/app/_lib/incident-report";
import { openIncident } from "@/app/_lib/incidents";
import { openedFromAnotherSite } from "@/app/_lib/origin";
import { services } from "@/app/_lib/route";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { canInvestigate, NOT_ALLOWED_REASON } from "@/components/incidents/access";
import { OpenedElsewhere } from "@/components/incidents/opened-elsewhere";
import { ReportView, type IncidentReport } from "@/components/incidents/report/report-view";
import { Alert } from "@/components/ui/alert";
import { failureFields, log } from "@/observability/log";
import { isId } from "@/vocabulary/ids";
import { withTenant } from "@/db/tenant-context";

export const metadata: Metadata = { title: "Incident report" };
export const dynamic = "force-dynamic";

type ReportPageProps = { params: Promise<{ threadId: string }> };

/**
 * The printable report is always masked: opening a page is a GET, and a reveal must be a
 * deliberate, audited POST (the viewer's JSON download). A `?reveal=1` is ignored. Opening
 * it is recorded, so a link from another website asks first.
 */
export default async function ReportPage({ params }: ReportPageProps) {
  const { threadId } = await params;
  if (!isId(threadId)) notFound();
  const path = `/incidents/${threadId}/report`;
  const user = await getCurrentUser();
  if (!user) redirect(loginHref(path));
  if (!canInvestigate(user)) return <NotAllowed title="Not allowed" reason={NOT_ALLOWED_REASON} returnTo={path} />;
  if (openedFromAnotherSite(await headers())) return <OpenedElsewhere title="Incident report" what="the report" href={path} />;

  const { db, agent } = services();
  let report: IncidentReport;
  try {
    report = await withTenant(user.tenantId, async () => {
      const scope = await openIncident(db, user, threadId, { action: "incident.viewed", reveal: false, path });
      await scope.record({ as: "printable report" });
      return scope.mask(await buildIncidentReport(db, agent, user, scope));
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    log().error({ event: "incident_report.failed", threadId, ...failureFields(error) });
    const why =
      error instanceof ApiError && error.code === "unavailable:ledger"
        ? "The ledger is not answering, so its entries cannot be shown."
        : "The report could not be built right now.";
    return <Alert title="Could not build the report">{why} Try again in a moment.</Alert>;
  }
  return <ReportView report={report} revealed={false} />;
}
