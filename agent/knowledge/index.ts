/** The bank's help articles, one per Banking77 category, per tenant: what the agent says, does and cites. */
export { BANKING77_CATEGORIES, isBanking77Category, knowledgeIdFor, type Banking77Category } from "./categories";
export { KNOWLEDGE_ACTIONS, type KnowledgeAction, type KnowledgeEntry } from "./schema";
export { entryFor, knowledgeBase, readKnowledge, KnowledgeFileError, type KnowledgeLibrary } from "./knowledge-base";
export { citation } from "./citation";
