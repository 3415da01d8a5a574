/** An ISO timestamp from whatever the report holds (a Date, a string, or nothing usable). */
export function isoOf(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === "string" && value) return value;
  return null;
}
