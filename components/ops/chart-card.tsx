import type { ReactNode } from "react";
import { ResponsiveContainer } from "recharts";
import { Card } from "@/components/ui/card";

/** Series colours: the brand blue, then colours that stay apart for colour-blind readers (Okabe-Ito). */
export const COLOURS = ["#1d4ed8", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"];
export const AXIS = { fontSize: 12, fill: "#475569" };
/** Minutes without checkpoint writes have no value: a dot marks a minute that stands alone. */
export const POINT = { r: 2 };
const CHART_HEIGHT = 220;

/**
 * One chart with its title and a sentence saying what it shows, for everyone (and as the
 * chart's accessible name: a screen reader cannot read the drawing).
 */
export function ChartCard({ id, title, summary, empty, children }: { id: string; title: string; summary: string; empty: boolean; children: ReactNode }) {
  return (
    <Card as="section" className="p-4" aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p id={`${id}-summary`} className="mt-1 text-sm text-slate-600" data-testid={`chart-${id}-summary`}>
        {summary}
      </p>
      <div role="img" aria-label={`${title}, the last hour. ${summary}`} className={`mt-3 ${empty ? "opacity-60" : ""}`} data-testid={`chart-${id}-drawing`}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          {children}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}
