/**
 * The conversation test set (`data/conversations/*.json`): customer turns with the intent,
 * transaction and outcome each should come to, read and checked here. Dates the seed makes
 * relative to today are written as placeholders and filled in for the day of the run.
 */
import { INTENTS } from "../understanding/types";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { OUTCOMES } from "./outcome";

/** The folder the shipped conversation set lives in. */
export const CONVERSATIONS_DIR = path.resolve(import.meta.dirname, "../../data/conversations");

/** The demo customers a conversation may be with, and their ids. */
export const CUSTOMERS = { alice: "cust-alice", bob: "cust-bob" } as const;

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
  customer: z.enum(["alice", "bob"]),
  turns: z.array(z.union([turn, operatorStep])).min(1),
});

const file = z.strictObject({
  /** What the file's conversations have in common. */
  theme: z.string().min(1),
  conversations: z.array(conversation).min(1),
});

export type Expectation = z.infer<typeof expectation>;
export type Turn = z.infer<typeof turn>;
export type OperatorStep = z.infer<typeof operatorStep>;
export type Conversation = z.infer<typeof conversation> & { file: string };

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
    return parsed.data.conversations.map((c) => ({ ...c, id: `${stem}/${c.id}`, file: name }));
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
