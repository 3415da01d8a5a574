/** Turning a model's answer into a validated Understanding. */
import { z } from "zod";
import { normaliseAmountMinor } from "./amounts";
import { parseIsoDay } from "./dates";
import { CARD_REASONS, INTENTS, REFUND_REASONS, type Understanding } from "./types";

export const UNKNOWN: Understanding = Object.freeze({ intent: "other", confidence: 0 }) as Understanding;

/** A Banking77 category name as the data set spells it (one, "reverted_card_payment?", ends in a question mark). */
const category = z.string().regex(/^[A-Za-z_]{3,60}\??$/);

const requestSchema = z.object({
  intent: z.enum(INTENTS),
  category: category.nullish(),
  candidates: z.array(category).max(5).nullish(),
  ordinal: z.number().int().min(-1).max(20).nullish(),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/)
    .nullish(),
  cardReason: z.enum(CARD_REASONS).nullish(),
  reason: z.enum(REFUND_REASONS).nullish(),
  merchant: z.string().trim().min(1).max(200).nullish(),
  amountMinor: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === "") return undefined;
      const minor = normaliseAmountMinor(v);
      if (minor === undefined) ctx.addIssue({ code: "custom", message: "not an amount" });
      return minor;
    }),
  date: z
    .string()
    .nullish()
    .refine((d) => !d || parseIsoDay(d) !== undefined, "not a YYYY-MM-DD day"),
  confidence: z.number().min(0).max(1),
});

const understandingSchema = requestSchema.extend({ also: requestSchema.nullish() });

/** The text of the first balanced `{...}` in the answer (code fences and prose around it are ignored). */
export function extractJsonObject(text: string): string | undefined {
  for (let start = text.indexOf("{"); start >= 0; start = text.indexOf("{", start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === "\\") i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) {
        const candidate = text.slice(start, i + 1);
        if (isJson(candidate)) return candidate;
        break;
      }
    }
  }
  return undefined;
}

function isJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/** A model's answer as an Understanding; anything unreadable or invalid is `{ intent: "other", confidence: 0 }`. */
export function parseUnderstanding(answer: string): Understanding {
  return readUnderstanding(answer) ?? { ...UNKNOWN };
}

/** A model's answer as an Understanding, or undefined when it holds no valid one (so a caller can tell a bad answer from a vague one). */
export function readUnderstanding(answer: string): Understanding | undefined {
  const json = extractJsonObject(answer);
  if (!json) return undefined;
  const parsed = understandingSchema.safeParse(JSON.parse(json));
  if (!parsed.success) return undefined;
  const { also, ...request } = parsed.data;
  const u = toUnderstanding(request);
  if (also) u.also = toUnderstanding(also);
  return u;
}

function toUnderstanding(r: z.output<typeof requestSchema>): Understanding {
  const u: Understanding = { intent: r.intent, confidence: r.confidence };
  if (r.category) u.category = r.category;
  if (r.intent === "unclear" && r.candidates?.length) u.candidates = r.candidates;
  if (r.intent === "refund" && r.reason) u.reason = r.reason;
  if (r.cardReason && r.intent.endsWith("_card")) u.cardReason = r.cardReason;
  if (r.cardLast4) u.cardLast4 = r.cardLast4;
  if (r.ordinal !== undefined && r.ordinal !== null) u.ordinal = r.ordinal;
  if (r.merchant) u.merchant = r.merchant;
  if (r.amountMinor !== undefined) u.amountMinor = r.amountMinor;
  if (r.date) u.date = r.date;
  return u;
}
