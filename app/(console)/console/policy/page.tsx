import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { NotAllowed } from "@/components/auth/not-allowed";
import { PolicyEditor } from "@/components/console/policy-editor";
import { SignInUnlock } from "@/components/console/sign-in-unlock";
import { SUPERVISORS } from "@/vocabulary/roles";

export const metadata: Metadata = { title: "Refund policy" };

export default async function PolicyPage() {
  const user = await getCurrentUser();
  if (!user) redirect(loginHref("/console/policy"));
  if (!SUPERVISORS.includes(user.role)) {
    return <NotAllowed title="Not allowed" reason="The refund policy is changed by the bank's supervisors." returnTo="/console/policy" />;
  }
  return (
    <>
      <PolicyEditor />
      <SignInUnlock />
    </>
  );
}
