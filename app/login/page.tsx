import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/app/_lib/current-user";
import { DemoAccountsIntro, demoAccounts } from "@/components/auth/demo-users";
import { destinationFor, safeNextPath } from "@/components/auth/destination";
import { LoginForm } from "@/components/auth/login-form";
import { SiteHeader } from "@/components/layout/site-header";
import { isDemoMode } from "@/env";

export const metadata: Metadata = { title: "Sign in" };

type LoginPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { next } = await searchParams;
  const nextPath = safeNextPath(typeof next === "string" ? next : null);
  const user = await getCurrentUser();
  if (user) redirect(destinationFor(user.role, nextPath));
  return (
    <>
      <SiteHeader user={null} />
      <main className="mx-auto max-w-5xl px-4 py-10">
        {isDemoMode() ? <LoginForm next={nextPath} demoAccounts={demoAccounts()} demoIntro={<DemoAccountsIntro />} /> : <LoginForm next={nextPath} />}
      </main>
    </>
  );
}
