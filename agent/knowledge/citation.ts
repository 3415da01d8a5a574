import type { KnowledgeEntry } from "./schema";

/**
 * The sentence the agent appends to an answer to cite its help article, the one form used
 * everywhere: `Source: help article KB-001, "Activating a new card".`
 */
export function citation(entry: Pick<KnowledgeEntry, "id" | "title">): string {
  return `Source: help article ${entry.id}, "${entry.title}".`;
}
