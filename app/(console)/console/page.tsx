import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { canDecide, getCurrentUser, isStaff } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { ApprovalQueue } from "@/components/console/approval-queue";

export const metadata: Metadata = { title: "Refund approvals" };

export default async function ConsolePage() {
  const user = await getCurrentUser();
  if (!user) redirect(loginHref("/console"));
  if (!isStaff(user)) {
    return (
      <NotAllowed
        title="Not allowed"
        reason="The approval console is for the bank's operators, supervisors and auditors. Customers can follow their refunds in the chat."
        returnTo="/console"
      />
    );
  }
  return <ApprovalQueue canDecide={canDecide(user)} />;
}
