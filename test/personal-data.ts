const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The personal words (names, card digits) that appear in `text` as words of their own.
 * Generated ids are left out first, so a checkpoint id such as `...-ddd117d4242d` is not a card number.
 */
export function personalIn(text: string, words: readonly string[]): string[] {
  const plain = text.replace(ID, "<id>");
  return words.filter((word) => new RegExp(`(^|[^0-9A-Za-z])${word}($|[^0-9A-Za-z])`).test(plain));
}
