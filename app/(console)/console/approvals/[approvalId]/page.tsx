import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { consoleViewer, getCurrentUser, isStaff } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { CaseView } from "@/components/console/case-view";
import { isId } from "@/vocabulary/ids";

export const metadata: Metadata = { title: "Refund case" };

type CasePageProps = { params: Promise<{ approvalId: string }> };

export default async function CasePage({ params }: CasePageProps) {
  const { approvalId } = await params;
  if (!isId(approvalId)) notFound();
  const path = `/console/approvals/${approvalId}`;
  const user = await getCurrentUser();
  if (!user) redirect(loginHref(path));
  if (!isStaff(user)) {
    return (
      <NotAllowed
        title="Not allowed"
        reason="Refund cases are for the bank's operators, supervisors and auditors. Customers can follow their refunds in the chat."
        returnTo={path}
      />
    );
  }
  return <CaseView key={approvalId} approvalId={approvalId} viewer={await consoleViewer(user)} />;
}
