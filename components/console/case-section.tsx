import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** A titled block of the case page; its heading names the region for assistive technology. */
export function CaseSection({ id, title, children, className = "" }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={`space-y-3 p-4 ${className}`}>
      <h2 id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        {title}
      </h2>
      {children}
    </Card>
  );
}
