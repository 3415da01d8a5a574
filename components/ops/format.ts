/** Bytes as people read them: 2.5 KB, 1 MB (binary units, as the 1 MB line is 1,048,576 bytes). */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return "—";
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KB`;
  return `${trim(bytes / (1024 * 1024))} MB`;
}

/** Milliseconds with the precision that matters at their size. */
export function formatMs(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 10 ? `${trim(ms)} ms` : `${Math.round(ms)} ms`;
}

/** A waiting time: 45 s, 12 min, 3 h 5 min, 2 d 4 h. */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return "—";
  const s = Math.floor(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** Turns per second, to two significant places below one. */
export function formatRate(perSecond: number): string {
  if (perSecond === 0) return "0";
  return perSecond >= 1 ? perSecond.toFixed(1) : perSecond.toPrecision(2);
}

/** A minute's start as the page's clock shows it (HH:MM, 24 h, the browser's time zone). */
export function minuteLabel(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

const trim = (n: number) => (n >= 100 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, ""));

/** A cost in millionths of a currency, as money: "US$0.000204" (up to six decimals, as a token costs little). */
export function formatMicros(micros: number, currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency, maximumFractionDigits: 6 }).format(micros / 1e6);
}

/** Costs in several currencies, joined: "—" when there is none. */
export function formatCosts(costs: readonly { currency: string; micros: number }[]): string {
  return costs.length === 0 ? "—" : costs.map((c) => formatMicros(c.micros, c.currency)).join(" + ");
}
