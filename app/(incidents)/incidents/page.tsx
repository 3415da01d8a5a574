import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser, isStaff } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { IncidentViewer } from "@/components/incidents/incident-viewer";

export const metadata: Metadata = { title: "Incidents" };

type IncidentsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function IncidentsPage({ searchParams }: IncidentsPageProps) {
  const { thread } = await searchParams;
  const threadId = typeof thread === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(thread) ? thread : null;
  const user = await getCurrentUser();
  if (!user) redirect(loginHref(threadId ? `/incidents?thread=${threadId}` : "/incidents"));
  if (!isStaff(user)) {
    return (
      <NotAllowed
        title="Not allowed"
        reason="The incident viewer is for the bank's auditors, operators and on-call engineers."
        returnTo="/incidents"
      />
    );
  }
  return <IncidentViewer key={threadId ?? "none"} initialThreadId={threadId} />;
}
