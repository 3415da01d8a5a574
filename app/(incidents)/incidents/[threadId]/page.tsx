import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { bankPolicy, getCurrentUser } from "@/app/_lib/current-user";
import { openedFromAnotherSite } from "@/app/_lib/origin";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { canInvestigate, NOT_ALLOWED_REASON } from "@/components/incidents/access";
import { IncidentViewer } from "@/components/incidents/incident-viewer";
import { OpenedElsewhere } from "@/components/incidents/opened-elsewhere";
import { isId } from "@/vocabulary/ids";

export const metadata: Metadata = { title: "Incident viewer" };

type ViewerPageProps = { params: Promise<{ threadId: string }> };

export default async function ViewerPage({ params }: ViewerPageProps) {
  const { threadId } = await params;
  if (!isId(threadId)) notFound();
  const path = `/incidents/${threadId}`;
  const user = await getCurrentUser();
  if (!user) redirect(loginHref(path));
  if (!canInvestigate(user)) return <NotAllowed title="Not allowed" reason={NOT_ALLOWED_REASON} returnTo={path} />;
  // The viewer loads the conversation as it opens, and every load is recorded.
  if (openedFromAnotherSite(await headers())) return <OpenedElsewhere title="Incident viewer" what="the conversation" href={path} />;
  const bank = await bankPolicy(user);
  const { autoApproveMaxMinor, clearRisks, maxRecentRefunds } = bank.refund;
  return <IncidentViewer key={threadId} threadId={threadId} policy={{ autoApproveMaxMinor, clearRisks, maxRecentRefunds, currency: bank.currency }} />;
}
