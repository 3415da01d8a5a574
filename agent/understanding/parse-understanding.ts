/** Turning a model's answer into a validated Understanding. */
import { z } from "zod";
import { normaliseAmountMinor } from "./amounts";
import { parseIsoDay } from "./dates";
import { INTENTS, REFUND_REASONS, type Understanding } from "./types";

export const UNKNOWN: Understanding = Object.freeze({ intent: "other", confidence: 0 }) as Understanding;

const understandingSchema = z.object({
  intent: z.enum(INTENTS),
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
  const { intent, reason, merchant, amountMinor, date, confidence } = parsed.data;
  const u: Understanding = { intent, confidence };
  if (intent === "refund" && reason) u.reason = reason;
  if (merchant) u.merchant = merchant;
  if (amountMinor !== undefined) u.amountMinor = amountMinor;
  if (date) u.date = date;
  return u;
}
