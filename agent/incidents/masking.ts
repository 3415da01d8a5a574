/** What the viewer hides until an auditor reveals it: customer names and card numbers. */

/** "Alice Novak" -> "A**** N****". */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part[0]}${"*".repeat(Math.max(part.length - 1, 1))}`)
    .join(" ");
}

const CARD_FIELDS = new Set(["last4", "cardNumber", "pan"]);

/**
 * A copy of `value` with card numbers replaced and every occurrence of the given names
 * masked, at any depth. Strings, arrays and plain objects only; everything else is kept.
 */
export function maskDeep<T>(value: T, names: string[]): T {
  const masks = names.filter(Boolean).map((n) => [n, maskName(n)] as const);
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === "string") {
      if (key && CARD_FIELDS.has(key)) return "••••";
      const cardsHidden = v.replace(/("(?:last4|cardNumber|pan)":\s*")[^"]*"/g, '$1••••"');
      return masks.reduce((s, [name, masked]) => s.split(name).join(masked), cardsHidden);
    }
    if (Array.isArray(v)) return v.map((item) => walk(item));
    const plain = v && typeof v === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(v));
    if (plain) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, item]) => [k, walk(item, k)]));
    }
    return v;
  };
  return walk(value) as T;
}
