/**
 * The Banking77 intent data set (PolyAI, Casanueva et al. 2020, CC BY 4.0; attribution in
 * data/banking77/README.md) and how its 77 categories map to this agent's intents.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { CardReason, Intent, RefundReason } from "./types";

export type LabelledText = { text: string; category: string };

/** An intent, with the refund or card reason where the intent has one. */
export type IntentLabel = { intent: Intent; reason?: RefundReason; cardReason?: CardReason };

/** A label a keyword rule gives a message: an intent, and the Banking77 category when the rule knows it. */
export type RuleLabel = IntentLabel & { category?: string };

/** Categories the agent acts on; every other category is answered from the knowledge base. */
const CATEGORY_LABELS: Record<string, IntentLabel> = {
  transaction_charged_twice: { intent: "refund", reason: "duplicate" },
  card_payment_not_recognised: { intent: "refund", reason: "unrecognised" },
  request_refund: { intent: "refund", reason: "other" },
  Refund_not_showing_up: { intent: "status" },
  lost_or_stolen_card: { intent: "freeze_card", cardReason: "lost" },
  compromised_card: { intent: "freeze_card", cardReason: "compromised" },
  card_swallowed: { intent: "freeze_card", cardReason: "lost" },
  pending_card_payment: { intent: "pending" },
  pending_transfer: { intent: "pending" },
  pending_cash_withdrawal: { intent: "pending" },
  pending_top_up: { intent: "pending" },
  transfer_not_received_by_recipient: { intent: "pending" },
  cancel_transfer: { intent: "handover" },
  terminate_account: { intent: "handover" },
  unable_to_verify_identity: { intent: "handover" },
};

/** Our intent for a Banking77 category: an action, or `knowledge` for the entry that answers it. */
export function labelForCategory(category: string): IntentLabel {
  return CATEGORY_LABELS[category] ?? { intent: "knowledge" };
}

/**
 * Stable key of a label: "refund/duplicate", "freeze_card", "knowledge/activate_my_card".
 * Knowledge and handover categories stay apart, since each is answered by its own entry.
 */
export function labelKey(label: IntentLabel, category?: string): string {
  if (label.reason) return `${label.intent}/${label.reason}`;
  if ((label.intent === "knowledge" || label.intent === "handover") && category) return `${label.intent}/${category}`;
  return label.intent;
}

/** Rows of a `text,category` CSV with RFC 4180 quoting. */
export function parseLabelledCsv(csv: string): LabelledText[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && csv[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  const ti = header?.indexOf("text") ?? -1;
  const ci = header?.indexOf("category") ?? -1;
  if (ti < 0 || ci < 0) throw new Error("Banking77 CSV needs text and category columns");
  return body.filter((r) => r.length > Math.max(ti, ci)).map((r) => ({ text: r[ti], category: r[ci] }));
}

/** The training split shipped in data/banking77, read relative to the working directory. */
export function loadBanking77Train(): LabelledText[] {
  return parseLabelledCsv(readFileSync(path.join(process.cwd(), "data", "banking77", "train.csv"), "utf8"));
}

/** The messages the team wrote under the same 77 categories: chat-style English, and Polish. */
export const TEAM_FILES = { English: path.join("data", "intents-en", "train.csv"), Polish: path.join("data", "intents-pl", "train.csv") } as const;
export type TeamLanguage = keyof typeof TEAM_FILES;

/** The files the intent model is trained on, in order: Banking77's training split, then the team's messages. */
export const TRAINING_FILES = [path.join("data", "banking77", "train.csv"), TEAM_FILES.English, TEAM_FILES.Polish] as const;

/** The team's training messages in one language, read relative to the working directory. */
export function loadTeamTrain(language: TeamLanguage): LabelledText[] {
  return parseLabelledCsv(readFileSync(path.join(process.cwd(), TEAM_FILES[language]), "utf8"));
}

/** Every training file's bytes, in order: what the model is built from and what its recorded SHA-256 covers. */
export function trainingBytes(): Buffer {
  return Buffer.concat(TRAINING_FILES.map((file) => readFileSync(path.join(process.cwd(), file))));
}
