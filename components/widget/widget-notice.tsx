import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";

/** The compact widget frame for when there is no chat to show: signed out, or not a customer. */
export function WidgetNotice({ title, children, action }: { title: string; children: ReactNode; action: { href: string; label: string; target?: "_top" } }) {
  return (
    <main className="flex h-dvh flex-col bg-white">
      <header className="bg-brand-900 px-3 py-2 text-white">
        <p className="text-sm font-semibold">Northwind support</p>
      </header>
      <section className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center" aria-labelledby="widget-notice-title">
        <h1 id="widget-notice-title" className="text-base font-semibold">
          {title}
        </h1>
        <p className="text-sm text-slate-600">{children}</p>
        <Link href={action.href} target={action.target} className={buttonClasses()}>
          {action.label}
        </Link>
      </section>
    </main>
  );
}
