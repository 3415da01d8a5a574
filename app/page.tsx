import { redirect } from "next/navigation";
import { getCurrentUser } from "@/app/_lib/current-user";
import { destinationFor } from "@/components/auth/destination";
import { DemoBankPage } from "@/components/demo/demo-bank-page";
import { SiteHeader, toHeaderUser } from "@/components/layout/site-header";
import { isDemoMode } from "@/env";

/**
 * Demo mode: a mock of the bank's own page with the widget in it. In production the bank embeds
 * the widget in its real pages, so this app's root only sends people where they work.
 */
export default async function HomePage() {
  const user = await getCurrentUser();
  if (!isDemoMode()) redirect(user ? destinationFor(user.role) : "/login");
  return (
    <>
      <SiteHeader user={toHeaderUser(user)} />
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <DemoBankPage />
        <aside aria-label="Support chat" className="lg:sticky lg:top-6 lg:self-start">
          <iframe src="/widget" title="Northwind support chat" className="h-[36rem] w-full rounded-xl border border-slate-200 bg-white shadow-lg" />
        </aside>
      </main>
    </>
  );
}
