/**
 * The message the customer sent but never saw confirmed (a dropped connection, a reload
 * mid-send), kept for this tab's session under its client id. Sending it again under the
 * same id is safe: the bank stores and answers a message id once.
 */
export type Unsent = { threadId: string; text: string; id: string };

const keyFor = (storageKey: string) => `${storageKey}:unsent`;

export function readUnsent(storageKey: string, threadId: string): Unsent | null {
  try {
    const raw = window.sessionStorage.getItem(keyFor(storageKey));
    const value = raw ? (JSON.parse(raw) as Partial<Unsent>) : null;
    if (value?.threadId !== threadId || typeof value.text !== "string" || typeof value.id !== "string") return null;
    return { threadId, text: value.text, id: value.id };
  } catch {
    return null;
  }
}

export function keepUnsent(storageKey: string, unsent: Unsent | null) {
  try {
    if (unsent) window.sessionStorage.setItem(keyFor(storageKey), JSON.stringify(unsent));
    else window.sessionStorage.removeItem(keyFor(storageKey));
  } catch {
    return;
  }
}
