import type { ReactNode } from "react";
import { Card } from "./card";

type NoticeCardProps = { id: string; title: string; children: ReactNode; actions: ReactNode };

/** A page that is only a message: its heading, what happened, and where to go from here. */
export function NoticeCard({ id, title, children, actions }: NoticeCardProps) {
  return (
    <Card as="section" className="mx-auto mt-12 max-w-lg p-6" aria-labelledby={id}>
      <h1 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-sm text-slate-700">{children}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">{actions}</div>
    </Card>
  );
}
