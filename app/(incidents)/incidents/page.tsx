import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/app/_lib/current-user";
import { openedFromAnotherSite } from "@/app/_lib/origin";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { canInvestigate, NOT_ALLOWED_REASON } from "@/components/incidents/access";
import { IncidentSearch } from "@/components/incidents/incident-search";
import { OpenedElsewhere } from "@/components/incidents/opened-elsewhere";
import { findPageUrl, parseSearchQuery } from "@/components/incidents/search-query";
import { isId } from "@/vocabulary/ids";

export const metadata: Metadata = { title: "Incidents" };

type IncidentsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function IncidentsPage({ searchParams }: IncidentsPageProps) {
  const params = await searchParams;
  if (typeof params.thread === "string" && isId(params.thread)) redirect(`/incidents/${params.thread}`);
  const query = parseSearchQuery(params);
  const user = await getCurrentUser();
  if (!user) redirect(loginHref(findPageUrl(query)));
  if (!canInvestigate(user)) return <NotAllowed title="Not allowed" reason={NOT_ALLOWED_REASON} returnTo="/incidents" />;
  // The page searches as it opens, and every search is recorded.
  if (openedFromAnotherSite(await headers())) return <OpenedElsewhere title="Incidents" what="this search" href={findPageUrl(query)} />;
  return <IncidentSearch initialQuery={query} />;
}
