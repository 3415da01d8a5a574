import type { TimelineEntry } from "./types";

/** The agent revisions that ran a conversation, in the order they first appear on its timeline. */
export function revisionsOf(entries: readonly TimelineEntry[]): string[] {
  const seen: string[] = [];
  for (const entry of entries) if ("revision" in entry && entry.revision && !seen.includes(entry.revision)) seen.push(entry.revision);
  return seen;
}
