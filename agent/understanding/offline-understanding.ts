/** Understanding a message without a language model: keyword rules, a Banking77 classifier, entity extraction. */
import { findAmounts } from "./amounts";
import type { IntentLabel } from "./banking77";
import { bankingClassifier, predict, scoreLabels, type NaiveBayes } from "./classifier";
import { findDate } from "./dates";
import { matchMerchant } from "./merchants";
import { applyRules, stripGreeting } from "./rules";
import type { ChatTurn, Txn, Understanding } from "./types";

export type OfflineContext = { today: string; transactions: Txn[] };

/** Confidence given to a keyword-rule match. */
const RULE_CONFIDENCE = 0.9;
/** Words saying money left the account. */
const MONEY_TAKEN = /\b(?:charg(?:e|es|ed|ing)|took|take|taken|billed?|debit(?:ed)?|deducted|withdrew|payments?|transactions?)\b/i;
/** Share of classifier probability on refund intents above which a message about a listed payment is a refund. */
const REFUND_SHARE_FLOOR = 0.15;

/** Merchant, amount and day the text mentions; the date is taken out first so "12 March" is not an amount. */
export function extractEntities(text: string, ctx: OfflineContext): Pick<Understanding, "merchant" | "amountMinor" | "date"> {
  const date = findDate(text, ctx.today);
  const rest = date ? text.slice(0, date.start) + " ".repeat(date.end - date.start) + text.slice(date.end) : text;
  const amounts = findAmounts(rest);
  const amountMinor = (amounts.find((a) => a.explicit) ?? amounts[0])?.amountMinor;
  const merchant = matchMerchant(rest, ctx.transactions.map((t) => t.merchant));
  return {
    ...(merchant ? { merchant } : {}),
    ...(amountMinor !== undefined ? { amountMinor } : {}),
    ...(date ? { date: date.date } : {}),
  };
}

/** The intent of one message: a reliable keyword rule when one applies, else the classifier. */
export function classifyText(text: string, model: NaiveBayes = bankingClassifier()): IntentLabel & { confidence: number; byRule: boolean } {
  const rule = applyRules(text);
  if (rule) return { ...rule, confidence: RULE_CONFIDENCE, byRule: true };
  const p = predict(model, stripGreeting(text));
  const label: IntentLabel = p.intent === "refund" ? { intent: "refund", reason: p.reason ?? "other" } : { intent: p.intent };
  return { ...label, confidence: round(p.confidence), byRule: false };
}

/** The understanding of one customer message. */
export function understandText(text: string, ctx: OfflineContext, model: NaiveBayes = bankingClassifier()): Understanding {
  const c = classifyText(text, model);
  if (c.intent === "greeting") return { intent: "greeting", confidence: c.confidence };
  const entities = extractEntities(text, ctx);
  const namesPayment =
    entities.merchant !== undefined || ctx.transactions.some((t) => t.amountMinor === entities.amountMinor);
  if (!c.byRule && c.intent === "other" && namesPayment && MONEY_TAKEN.test(text)) {
    const refunds = scoreLabels(model, stripGreeting(text)).filter((l) => l.intent === "refund");
    const share = refunds.reduce((sum, l) => sum + l.p, 0);
    if (share >= REFUND_SHARE_FLOOR) {
      return { intent: "refund", reason: refunds[0].reason ?? "other", ...entities, confidence: round(share) };
    }
  }
  return { intent: c.intent, ...(c.reason ? { reason: c.reason } : {}), ...entities, confidence: c.confidence };
}

/**
 * The understanding of the last customer message. When the agent has just asked a question and
 * the customer answers with only a payment ("the one at Electro Mart"), the refund asked for in
 * the customer's message before continues.
 */
export function understandLatest(turns: ChatTurn[], ctx: OfflineContext, model: NaiveBayes = bankingClassifier()): Understanding {
  const lastIndex = turns.findLastIndex((t) => t.role === "customer");
  if (lastIndex < 0) return { intent: "other", confidence: 0 };
  const last = turns[lastIndex].text;
  const latest = understandText(last, ctx, model);
  const hasEntities = latest.merchant !== undefined || latest.amountMinor !== undefined || latest.date !== undefined;
  const askedBack = turns[lastIndex - 1]?.role === "agent" && turns[lastIndex - 1].text.trim().endsWith("?");
  const previous = turns.slice(0, lastIndex).findLast((t) => t.role === "customer");
  if (latest.intent !== "other" || !hasEntities || !askedBack || !previous) return latest;
  const before = understandText(previous.text, ctx, model);
  if (before.intent !== "refund") return latest;
  return { ...before, ...latest, intent: "refund", reason: before.reason, confidence: round(before.confidence * 0.9) };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
