import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { OpsDashboard } from "@/components/ops/ops-dashboard";
import { OPERATIONS_ROLES } from "@/vocabulary/roles";

export const metadata: Metadata = { title: "Operations" };

export default async function OpsPage() {
  const user = await getCurrentUser();
  if (!user) redirect(loginHref("/ops"));
  if (!OPERATIONS_ROLES.includes(user.role)) {
    return <NotAllowed title="Not allowed" reason="The ops page is for the bank's supervisors, auditors and ops staff." returnTo="/ops" />;
  }
  return <OpsDashboard />;
}
