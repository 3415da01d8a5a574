const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "12 min", "47 h 5 min", "3 d 4 h": a span as an operator reads it at a glance. */
export function formatSpan(ms: number): string {
  const span = Math.max(0, ms);
  if (span < MINUTE) return "under 1 min";
  if (span < HOUR) return `${Math.floor(span / MINUTE)} min`;
  if (span < 2 * DAY) {
    const minutes = Math.floor((span % HOUR) / MINUTE);
    return `${Math.floor(span / HOUR)} h${minutes ? ` ${minutes} min` : ""}`;
  }
  const hours = Math.floor((span % DAY) / HOUR);
  return `${Math.floor(span / DAY)} d${hours ? ` ${hours} h` : ""}`;
}

export function msBetween(fromIso: string, toMs: number): number {
  return toMs - new Date(fromIso).getTime();
}
