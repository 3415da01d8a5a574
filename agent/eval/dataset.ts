/**
 * The conversation test sets: customer turns with the intent, transaction and outcome each
 * should come to, read and checked here. The project's set (`data/conversations/*.json`)
 * grew with the rules it measures; the held-out set (`data/conversations-heldout/*.json`)
 * was written from the product's description before the rules it measures and is never tuned
 * on. Dates the seed makes relative to today are written as placeholders and filled in for
 * the day of the run.
 */
import { DEMO_TENANT, SECOND_TENANT } from "@/db/seed";
import { INTENTS } from "../understanding/types";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { OUTCOMES } from "./outcome";

/** The folder the project's conversation set lives in. */
export const CONVERSATIONS_DIR = path.resolve(import.meta.dirname, "../../data/conversations");
/** The folder the held-out conversation set lives in. */
export const HELDOUT_DIR = path.resolve(import.meta.dirname, "../../data/conversations-heldout");

/** The demo customers a conversation may be with: their ids, their bank and the operator and supervisor who decide their cases. */
export const CUSTOMERS = {
  alice: { customerId: "cust-alice", tenantId: DEMO_TENANT, deciders: ["olga", "sam"] },
  bob: { customerId: "cust-bob", tenantId: DEMO_TENANT, deciders: ["olga", "sam"] },
  kasia: { customerId: "cust-kasia", tenantId: SECOND_TENANT, deciders: ["marta", "zofia"] },
  piotr: { customerId: "cust-piotr", tenantId: SECOND_TENANT, deciders: ["marta", "zofia"] },
} as const;

/** The languages a reply may be expected in. */
export const LANGUAGES = ["en", "pl"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The groups the held-out set is reported by: the ways a real conversation goes. */
export const GROUPS = ["refund_named", "not_booked", "refund_status", "vague", "help", "references", "two_requests", "cards_and_limits"] as const;

/** The agent's intents a turn may expect: every intent the understanding step names. */
export const EXPECTED_INTENTS = INTENTS;

const intent = z.enum(EXPECTED_INTENTS);
const outcome = z.enum(OUTCOMES);
const transactionId = z.string().regex(/^tx-[a-z]+-[a-z0-9-]+$/, "a transaction id such as tx-alice-coffee-2");

const expectation = z.strictObject({
  intent,
  /** The Banking77 category, when it matters (a knowledge answer cites the entry of this category). */
  category: z.string().min(1).optional(),
  /** The transaction the turn is about; a list when any of them is right (two identical charges). */
  transaction: z.union([transactionId, z.array(transactionId).min(2)]).optional(),
  outcome,
  /** A second request in the same message, handled in the same turn. */
  also: z.strictObject({ intent, category: z.string().min(1).optional(), outcome }).optional(),
  /** Words the reply must contain (case and diacritics aside): what the customer named, the payment still with an operator. */
  mentions: z.array(z.string().min(1)).min(1).optional(),
  /** The language the reply must be in, when it is not the file's. */
  language: z.enum(LANGUAGES).optional(),
});

const turn = z.strictObject({
  text: z.string().min(1),
  /** Another thread of the same customer (a label); turns without one share the conversation's main thread. */
  thread: z.string().min(1).optional(),
  expect: expectation,
});

/** An operator's decision on the pending approval of the case about `transaction` (four-eyes: a supervisor's second). */
const operatorStep = z.strictObject({
  operator: z.enum(["approve", "reject"]),
  transaction: transactionId,
});

const conversation = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  customer: z.enum(["alice", "bob", "kasia", "piotr"]),
  turns: z.array(z.union([turn, operatorStep])).min(1),
});

const file = z.strictObject({
  /** What the file's conversations have in common. */
  theme: z.string().min(1),
  /** The held-out set's group the file reports under (the project's files are reported by intent and category). */
  group: z.enum(GROUPS).optional(),
  /** The language every reply of the file must be in; unset, replies are not judged by language. */
  language: z.enum(LANGUAGES).optional(),
  conversations: z.array(conversation).min(1),
});

export type Expectation = z.infer<typeof expectation>;
export type Turn = z.infer<typeof turn>;
export type OperatorStep = z.infer<typeof operatorStep>;
export type Conversation = z.infer<typeof conversation> & { file: string; group?: (typeof GROUPS)[number]; language?: Language };

/** Whether a conversation entry is a customer turn (the rest are operator steps). */
export function isTurn(entry: Turn | OperatorStep): entry is Turn {
  return "text" in entry;
}

/** The `.json` files of a folder, by name. */
export function conversationFiles(dir = CONVERSATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(dir, name));
}

/** The conversations of the given files; a file that does not match the format throws, naming the file and the place. */
export function loadConversations(files: string[] = conversationFiles()): Conversation[] {
  const all = files.flatMap((name) => {
    const parsed = file.safeParse(JSON.parse(readFileSync(name, "utf8")));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`${name}: ${issue.path.join(".")}: ${issue.message}`);
    }
    const stem = path.basename(name, ".json");
    const { group, language } = parsed.data;
    return parsed.data.conversations.map((c) => ({ ...c, id: `${stem}/${c.id}`, file: name, ...(group && { group }), ...(language && { language }) }));
  });
  const seen = new Set<string>();
  for (const c of all) {
    if (seen.has(c.id)) throw new Error(`conversation ${c.id} appears twice`);
    seen.add(c.id);
  }
  return all;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

const FORMATS: Record<string, (d: Date) => string> = {
  Weekday: (d) => WEEKDAYS[d.getUTCDay()]!,
  weekday: (d) => WEEKDAYS[d.getUTCDay()]!.toLowerCase(),
  ordinal: (d) => ordinal(d.getUTCDate()),
  date: (d) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`,
  month_date: (d) => `${MONTHS[d.getUTCMonth()]!.toLowerCase()} ${ordinal(d.getUTCDate())}`,
  numeric: (d) => `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}`,
};

/** A date placeholder: `{weekday:3}` is the weekday three days before the run, in lower case. */
export const PLACEHOLDER = /\{(\w+):(\d{1,2})\}/g;

/**
 * The text as the customer writes it on the day `now`: `{Weekday:N}` ("Tuesday"),
 * `{weekday:N}` ("tuesday"), `{ordinal:N}` ("3rd"), `{date:N}` ("3 March"),
 * `{month_date:N}` ("march 3rd") and `{numeric:N}` ("03/03", day first) name the UTC day
 * N days before `now`, the day the seed puts the payments on. Unknown placeholders throw.
 */
export function expandDates(text: string, now: Date): string {
  return text.replace(PLACEHOLDER, (whole, format: string, days: string) => {
    const render = FORMATS[format];
    if (!render) throw new Error(`unknown date placeholder ${whole} in "${text}"`);
    return render(new Date(now.getTime() - Number(days) * 86_400_000));
  });
}

/** The placeholder formats `expandDates` knows. */
export const PLACEHOLDER_FORMATS = Object.keys(FORMATS);
