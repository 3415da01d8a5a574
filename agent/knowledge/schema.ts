/**
 * The shape of the knowledge base's files (data/knowledge/base.json and
 * data/knowledge/tenants/<tenantId>.json), validated before the agent uses a word of them.
 */
import { z } from "zod";
import { LANGUAGES, type Language } from "@/i18n/languages";
import { BANKING77_CATEGORIES, knowledgeIdFor } from "./categories";
import { answerProblems, titleProblems, topicProblems } from "./text-rules";

/**
 * What the agent does with a category besides saying its article:
 * - `answer`: nothing; the article is the answer.
 * - `freeze_card`: freezes the card at once through the cards system (and offers a replacement).
 * - `pending`: looks the pending payment, withdrawal, top-up or transfer up in the history system.
 * - `refund`: finds the card transaction and opens a refund request, which policy or an operator decides.
 * - `refund_status`: reports where the customer's refund requests stand.
 * - `limits`: shows the card's spending and cash limits and what is used today.
 * - `handover`: passes the conversation to a person; the article says why and when they answer.
 */
export const KNOWLEDGE_ACTIONS = ["answer", "freeze_card", "pending", "refund", "refund_status", "limits", "handover"] as const;

export type KnowledgeAction = (typeof KNOWLEDGE_ACTIONS)[number];

function checked(problems: (text: string) => string[]) {
  return z.string().superRefine((text, ctx) => {
    for (const message of problems(text)) ctx.addIssue({ code: "custom", message });
  });
}

const category = z.enum(BANKING77_CATEGORIES);
const action = z.enum(KNOWLEDGE_ACTIONS);
const description = z.string().max(500).optional();

/** The schemas of one language's knowledge files: the same shape, with that language's house style. */
function schemasIn(language: Language) {
  const title = checked(titleProblems);
  const topic = checked(topicProblems);
  const answer = checked((text) => answerProblems(text, language));

  /** One help article: the answer to one Banking77 category, and what the agent does about it. */
  const knowledgeEntrySchema = z.strictObject({
    /** "KB-001" to "KB-077", fixed by the category (see `knowledgeIdFor`), so citations stay valid. */
    id: z.string().regex(/^KB-\d{3}$/),
    category,
    /** Short, sentence case: "Activating a new card". */
    title,
    /** A lower-case noun phrase for clarifying questions: "activating a new card". */
    topic,
    action,
    /** 2 to 5 plain sentences, as the chat shows them. */
    answer,
  });

  /** data/knowledge/base.json: every category exactly once, each under its own id. */
  const baseFileSchema = z.strictObject({ description, entries: z.array(knowledgeEntrySchema) }).superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.entries.forEach((entry, i) => {
      if (seen.has(entry.category)) {
        ctx.addIssue({ code: "custom", path: ["entries", i, "category"], message: `${entry.category} has a second entry` });
      }
      seen.add(entry.category);
      const id = knowledgeIdFor(entry.category);
      if (entry.id !== id) {
        ctx.addIssue({ code: "custom", path: ["entries", i, "id"], message: `${entry.category} is ${id}, not ${entry.id}` });
      }
    });
    const missing = BANKING77_CATEGORIES.filter((c) => !seen.has(c));
    if (missing.length > 0) ctx.addIssue({ code: "custom", path: ["entries"], message: `no entry for ${missing.join(", ")}` });
  });

  /** A tenant's change to one base article: the category it replaces, and only the fields that differ. */
  const tenantEntrySchema = z
    .strictObject({ category, title: title.optional(), topic: topic.optional(), action: action.optional(), answer: answer.optional() })
    .refine((e) => e.title !== undefined || e.topic !== undefined || e.action !== undefined || e.answer !== undefined, {
      message: "changes nothing: give at least one of title, topic, action, answer",
    });

  /** data/knowledge/tenants/<tenantId>.json: the tenant's articles that differ from the base, each category at most once. */
  const tenantFileSchema = z.strictObject({ description, entries: z.array(tenantEntrySchema) }).superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.entries.forEach((entry, i) => {
      if (seen.has(entry.category)) {
        ctx.addIssue({ code: "custom", path: ["entries", i, "category"], message: `${entry.category} is overridden twice` });
      }
      seen.add(entry.category);
    });
  });
  return { knowledgeEntrySchema, baseFileSchema, tenantFileSchema };
}

/** Each language's schemas. */
export const KNOWLEDGE_SCHEMAS = Object.fromEntries(LANGUAGES.map((l) => [l, schemasIn(l)])) as Record<Language, ReturnType<typeof schemasIn>>;

/** The English files' schemas, which every other language's files share the shape of. */
export const { knowledgeEntrySchema, baseFileSchema, tenantFileSchema } = KNOWLEDGE_SCHEMAS.en;

export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;
export type TenantEntry = z.infer<typeof tenantFileSchema>["entries"][number];
