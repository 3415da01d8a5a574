/** The currency an amount is in when the bank does not say otherwise. */
export const DEFAULT_CURRENCY = "EUR";

/** Largest refund, in minor units, a bank's policy approves without an operator unless its `tenants` row says otherwise. */
export const DEFAULT_AUTO_APPROVE_MAX_MINOR = 5_000;

/** 124900 -> "1,249.00 EUR". Money is integer minor units everywhere. */
export function formatMinor(amountMinor: number, currency = DEFAULT_CURRENCY): string {
  const sign = amountMinor < 0 ? "-" : "";
  const abs = Math.abs(amountMinor);
  const major = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}${major}.${String(abs % 100).padStart(2, "0")} ${currency}`;
}

const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;
const PLAIN = /^\d+(\.\d{1,2})?$/;
const DECIMAL_COMMA = /^\d+,\d{1,2}$/;

/**
 * "1,249.00", "1249.5", "38,20" or "38" EUR -> integer minor units; null when it is not
 * a plain non-negative amount with at most two decimals.
 */
export function parseMajorToMinor(text: string): number | null {
  const value = text.replace(/\s|EUR|€/gi, "");
  if (!value) return null;
  let normalized: string;
  if (THOUSANDS.test(value)) normalized = value.replace(/,/g, "");
  else if (PLAIN.test(value)) normalized = value;
  else if (DECIMAL_COMMA.test(value)) normalized = value.replace(",", ".");
  else return null;
  const [whole, fraction = ""] = normalized.split(".");
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 3800 -> "38.00": the value an amount field starts with. */
export function minorToMajorText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}
