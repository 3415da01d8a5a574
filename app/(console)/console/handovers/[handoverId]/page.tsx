import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { consoleViewer, getCurrentUser, isStaff } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { HandoverCase } from "@/components/console/handover-case";
import { isId } from "@/vocabulary/ids";

export const metadata: Metadata = { title: "Conversation handed over" };

type HandoverPageProps = { params: Promise<{ handoverId: string }> };

export default async function HandoverPage({ params }: HandoverPageProps) {
  const { handoverId } = await params;
  if (!isId(handoverId)) notFound();
  const path = `/console/handovers/${handoverId}`;
  const user = await getCurrentUser();
  if (!user) redirect(loginHref(path));
  if (!isStaff(user)) {
    return (
      <NotAllowed
        title="Not allowed"
        reason="Handed-over conversations are for the bank's operators, supervisors and auditors. Customers read the answers in their chat."
        returnTo={path}
      />
    );
  }
  return <HandoverCase key={handoverId} handoverId={handoverId} viewer={await consoleViewer(user)} />;
}
