import type { ReactNode } from "react";
import { getCurrentUser } from "@/app/_lib/current-user";
import { SignedOutNotice } from "@/components/console/signed-out-notice";
import { SiteHeader, toHeaderUser } from "@/components/layout/site-header";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  return (
    <>
      <SiteHeader user={toHeaderUser(user)} />
      <main className="mx-auto max-w-7xl px-4 py-6">
        <SignedOutNotice />
        {children}
      </main>
    </>
  );
}
