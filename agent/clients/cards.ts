import { z } from "zod";
import { CARD_FREEZE_REASONS, CARD_REPLACEMENT_REASONS } from "@/vocabulary/cards";
import { BankSystemError, requestJson } from "./http";

export type CardFreezeReason = (typeof CARD_FREEZE_REASONS)[number];
export type CardReplacementReason = (typeof CARD_REPLACEMENT_REASONS)[number];

const instant = z.iso.datetime({ offset: true });

/** One of the customer's cards as the cards system reports it. */
export const cardStatus = z
  .object({
    cardId: z.string(),
    last4: z.string(),
    status: z.enum(["active", "frozen"]),
    frozenAt: instant.nullable(),
    frozenReason: z.enum(CARD_FREEZE_REASONS).nullable(),
    replacement: z.object({ requestedAt: instant, reason: z.enum(CARD_REPLACEMENT_REASONS).nullable() }).nullable(),
  })
  .meta({ id: "CardStatus" });

export type CardStatus = z.infer<typeof cardStatus>;

const cardList = z.object({ customerId: z.string(), cards: z.array(cardStatus) });

const cardChange = z.object({ action: z.enum(["freeze", "unfreeze", "replacement"]), changed: z.boolean(), card: cardStatus });

/** What a freeze, unfreeze or replacement request did. */
export type CardChange = {
  card: CardStatus;
  /** False when the card already was as asked (freezing a frozen card). */
  changed: boolean;
  /** True when the answer is the stored one of an earlier call with the same key. */
  replayed: boolean;
};

type CustomerRef = { tenantId: string; customerId: string };

/** One change to one card; the key makes a retry of it harmless. */
export type CardRequest = CustomerRef & { cardId: string; idempotencyKey: string };

/** The bank's cards system over HTTP; answers are checked before they are believed. */
export type CardsClient = {
  list(ref: CustomerRef, signal?: AbortSignal): Promise<CardStatus[]>;
  freeze(req: CardRequest & { reason: CardFreezeReason }, signal?: AbortSignal): Promise<CardChange>;
  unfreeze(req: CardRequest, signal?: AbortSignal): Promise<CardChange>;
  requestReplacement(req: CardRequest & { reason: CardReplacementReason }, signal?: AbortSignal): Promise<CardChange>;
};

/** The body parsed by `schema`, or a BankSystemError saying the system answered something else. */
export function parseAnswer<S extends z.ZodType>(system: string, schema: S, status: number, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new BankSystemError(system, status, `${system} answered an unexpected body: ${parsed.error.issues[0]?.message ?? "invalid"}`, body);
}

/** The agent acts on the customer's behalf; the cards system logs it as the actor. */
const ACTOR = "agent";

export function createCardsClient(baseUrl: string): CardsClient {
  const change = async (path: "freeze" | "unfreeze" | "replacement", req: CardRequest & { reason?: string }, signal?: AbortSignal): Promise<CardChange> => {
    const { status, body, headers } = await requestJson<unknown>({
      system: "cards",
      url: `${baseUrl}/${encodeURIComponent(req.cardId)}/${path}`,
      method: "POST",
      body: { tenantId: req.tenantId, customerId: req.customerId, ...(req.reason ? { reason: req.reason } : {}), actor: ACTOR },
      headers: { "idempotency-key": req.idempotencyKey },
      signal,
    });
    const answer = parseAnswer("cards", cardChange, status, body);
    return { card: answer.card, changed: answer.changed, replayed: headers.get("idempotent-replayed") === "true" };
  };
  return {
    async list(ref, signal) {
      const url = `${baseUrl}/customers/${encodeURIComponent(ref.customerId)}?tenantId=${encodeURIComponent(ref.tenantId)}`;
      const { status, body } = await requestJson<unknown>({ system: "cards", url, signal });
      return parseAnswer("cards", cardList, status, body).cards;
    },
    freeze: (req, signal) => change("freeze", req, signal),
    unfreeze: (req, signal) => change("unfreeze", req, signal),
    requestReplacement: (req, signal) => change("replacement", req, signal),
  };
}
