import { getCurrentUser } from "@/app/_lib/current-user";
import { DemoBankPage } from "@/components/demo/demo-bank-page";
import { SiteHeader, toHeaderUser } from "@/components/layout/site-header";

export default async function HomePage() {
  const user = await getCurrentUser();
  return (
    <>
      <SiteHeader user={toHeaderUser(user)} />
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <DemoBankPage />
        <aside aria-label="Support chat" className="lg:sticky lg:top-6 lg:self-start">
          <iframe
            src="/widget"
            title="Northwind support chat"
            className="h-[36rem] w-full rounded-xl border border-slate-200 bg-white shadow-lg"
          />
        </aside>
      </main>
    </>
  );
}
