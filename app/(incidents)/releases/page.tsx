import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { canInvestigate } from "@/components/incidents/access";
import { CanaryControls } from "@/components/releases/canary-controls";
import { ShadowReports } from "@/components/releases/shadow-reports";
import { SUPERVISORS } from "@/vocabulary/roles";
import { isId } from "@/vocabulary/ids";

export const metadata: Metadata = { title: "Releases" };

type ReleasesPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ReleasesPage({ searchParams }: ReleasesPageProps) {
  const { report } = await searchParams;
  const chosen = typeof report === "string" && isId(report) ? report : null;
  const user = await getCurrentUser();
  if (!user) redirect(loginHref(chosen ? `/releases?report=${chosen}` : "/releases"));
  if (!canInvestigate(user))
    return <NotAllowed title="Not allowed" reason="Release reports are for the bank's supervisors and auditors." returnTo="/releases" />;
  return (
    <div className="space-y-10">
      <ShadowReports chosen={chosen} />
      <CanaryControls viewer={{ username: user.username, canAct: SUPERVISORS.includes(user.role) }} />
    </div>
  );
}
