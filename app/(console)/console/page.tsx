import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { consoleViewer, getCurrentUser, isStaff } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { ApprovalQueue } from "@/components/console/approval-queue";
import { consoleUrl, parseQueueQuery } from "@/components/console/queue-query";

export const metadata: Metadata = { title: "Refund approvals" };

type ConsolePageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConsolePage({ searchParams }: ConsolePageProps) {
  const query = parseQueueQuery(await searchParams);
  const user = await getCurrentUser();
  if (!user) redirect(loginHref(consoleUrl(query)));
  if (!isStaff(user)) {
    return (
      <NotAllowed
        title="Not allowed"
        reason="The approval console is for the bank's operators, supervisors and auditors. Customers can follow their refunds in the chat."
        returnTo="/console"
      />
    );
  }
  return <ApprovalQueue viewer={await consoleViewer(user)} initialQuery={query} />;
}
