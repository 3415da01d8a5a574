import type { ReactNode } from "react";
import { EmbedFitContent, MinimiseButton } from "./embed/embed-host";

type WidgetNoticeProps = {
  title: string;
  children: ReactNode;
  /** The way on: a link or a button. */
  action: ReactNode;
  /** In the panel of `/embed.js`: as tall as its content (the page sizes the panel to it), not the whole frame. */
  embedded?: boolean;
};

/** The compact widget frame for when there is no chat to show: signed out, or not a customer. */
export function WidgetNotice({ title, children, action, embedded = false }: WidgetNoticeProps) {
  const notice = (
    <main className={`flex flex-col bg-white ${embedded ? "" : "h-dvh"}`}>
      <header className="flex items-center gap-2 bg-brand-900 px-3 py-2 text-white">
        <p className="flex-1 text-sm font-semibold">Northwind support</p>
        <MinimiseButton />
      </header>
      <section
        className={`flex flex-col items-center justify-center gap-3 px-6 text-center ${embedded ? "py-8" : "flex-1"}`}
        aria-labelledby="widget-notice-title"
      >
        <h1 id="widget-notice-title" className="text-base font-semibold">
          {title}
        </h1>
        <p className="text-sm text-slate-600">{children}</p>
        {action}
      </section>
    </main>
  );
  return embedded ? <EmbedFitContent>{notice}</EmbedFitContent> : notice;
}
