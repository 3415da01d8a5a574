/**
 * The fewest letters the incident search's customer filter takes. One or two letters, or a
 * wildcard, would list nearly every customer, and typing a masked name letter by letter would
 * tell whose it is; three letters name someone.
 */
export const CUSTOMER_FILTER_MIN_LETTERS = 3;

/** How the rule reads, beside the search form's field and in the API's refusal. */
export const CUSTOMER_FILTER_RULE = `A customer id, or a name: whole words or the first ${CUSTOMER_FILTER_MIN_LETTERS} or more letters of one.`;

/** Whether `text` (trimmed) may be sent as a customer filter: empty means no filter. */
export function isCustomerFilter(text: string): boolean {
  return text === "" || (text.match(/\p{L}/gu) ?? []).length >= CUSTOMER_FILTER_MIN_LETTERS;
}
