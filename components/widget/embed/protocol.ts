/**
 * The messages between the widget and the page that embeds it through `/embed.js`
 * (`app/embed.js/embed-script.js` speaks the other side). Every message carries `source` and
 * `v`, so either side ignores anything else a window posts; both sides also check the
 * sender's origin and window before reading one.
 */
export const EMBED_SOURCE = "northwind-chat";
export const EMBED_VERSION = 1;

/** Widget to page. Nothing about the customer or the conversation crosses, only what the launcher needs. */
export type ToHost =
  /** The widget loaded in an allowed page; the launcher may appear. */
  | { type: "ready" }
  /** The panel height the widget wants, in CSS pixels; the page clamps it to its viewport. */
  | { type: "resize"; height: number }
  /** New agent messages arrived; the page counts them on the launcher while the panel is closed. */
  | { type: "agent-message"; count: number }
  /** The customer asked to minimise the chat. */
  | { type: "close" };

/** Page to widget: the panel was opened (the widget moves focus into itself) or closed. */
export type FromHost = { type: "open" } | { type: "close" };

/** Widget window to widget window: the sign-in window tells the chat that opened it that the customer signed in. */
export type SignedIn = { type: "signed-in" };

export function envelope<T extends { type: string }>(message: T) {
  return { source: EMBED_SOURCE, v: EMBED_VERSION, ...message };
}

/** The message's data when it is one of ours, whoever sent it; callers check the sender. */
export function readEnvelope(data: unknown): { type: string } | null {
  if (typeof data !== "object" || data === null) return null;
  const d = data as Record<string, unknown>;
  return d.source === EMBED_SOURCE && d.v === EMBED_VERSION && typeof d.type === "string" ? { type: d.type } : null;
}
