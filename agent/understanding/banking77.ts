/**
 * The Banking77 intent data set (PolyAI, Casanueva et al. 2020, CC BY 4.0; attribution in
 * data/banking77/README.md) and how its 77 categories map to this agent's intents.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Intent, RefundReason } from "./types";

export type LabelledText = { text: string; category: string };

/** An intent, with the refund reason when the intent is `refund`. */
export type IntentLabel = { intent: Intent; reason?: RefundReason };

const CATEGORY_LABELS: Record<string, IntentLabel> = {
  transaction_charged_twice: { intent: "refund", reason: "duplicate" },
  card_payment_not_recognised: { intent: "refund", reason: "unrecognised" },
  compromised_card: { intent: "refund", reason: "unrecognised" },
  direct_debit_payment_not_recognised: { intent: "refund", reason: "unrecognised" },
  cash_withdrawal_not_recognised: { intent: "refund", reason: "unrecognised" },
  request_refund: { intent: "refund", reason: "other" },
  card_payment_fee_charged: { intent: "refund", reason: "other" },
  extra_charge_on_statement: { intent: "refund", reason: "other" },
  card_payment_wrong_exchange_rate: { intent: "refund", reason: "other" },
  wrong_amount_of_cash_received: { intent: "refund", reason: "other" },
  Refund_not_showing_up: { intent: "status" },
  top_up_limits: { intent: "limits" },
  disposable_card_limits: { intent: "limits" },
  cancel_transfer: { intent: "cancel" },
};

/** Our intent for a Banking77 category; categories we do not serve are `other`. */
export function labelForCategory(category: string): IntentLabel {
  return CATEGORY_LABELS[category] ?? { intent: "other" };
}

/** Stable key of a label, e.g. "refund/duplicate" or "limits". */
export function labelKey(label: IntentLabel): string {
  return label.reason ? `${label.intent}/${label.reason}` : label.intent;
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
      if (c === '"' && csv[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(field), (field = "");
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && csv[i + 1] === "\n") i++;
      row.push(field), rows.push(row), (row = []), (field = "");
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
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
