import type { ReactNode } from "react";
import { getCurrentUser } from "@/app/_lib/current-user";
import { SiteHeader, toHeaderUser } from "@/components/layout/site-header";

export default async function IncidentsLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  return (
    <>
      <div className="print:hidden">
        <SiteHeader user={toHeaderUser(user)} />
      </div>
      <main className="mx-auto max-w-7xl px-4 py-6 print:max-w-none print:p-0">{children}</main>
    </>
  );
}
