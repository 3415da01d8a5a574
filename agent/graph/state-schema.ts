/**
 * The graph's state as data: a zod schema of every channel, checked on every read (after the
 * upgrade of an older state) and described for the release check, which tells a candidate
 * revision's reader from the states paused conversations hold.
 */
import { z } from "zod";
import { LANGUAGES } from "@/i18n/languages";
import { RISKS } from "@/vocabulary/risks";
import { APPROVAL_STATUSES } from "@/vocabulary/statuses";
import { CARD_REASONS, INTENTS, REFUND_REASONS } from "../understanding/types";
import { STATE_SCHEMA_VERSION, type AgentStateType } from "./state";

const minor = z.number().int();
const id = z.string();
const chatTurn = z.object({ role: z.enum(["customer", "agent"]), text: z.string() });

const request = z.object({
  intent: z.enum(INTENTS),
  category: z.string().optional(),
  candidates: z.array(z.string()).optional(),
  ordinal: z.number().int().optional(),
  cardLast4: z.string().optional(),
  cardReason: z.enum(CARD_REASONS).optional(),
  reason: z.enum(REFUND_REASONS).optional(),
  merchant: z.string().optional(),
  amountMinor: minor.optional(),
  date: z.string().optional(),
  confidence: z.number(),
});
const understanding = request.extend({ also: request.optional() });

const checkResult = <F extends z.ZodType>(facts: F) =>
  z.union([z.object({ status: z.literal("ok"), facts, latencyMs: z.number() }), z.object({ status: z.literal("unavailable"), reason: z.string() })]);

const pendingKind = z.enum(["card_payment", "transfer", "cash_withdrawal", "top_up"]);
const checks = z.object({
  limits: checkResult(
    z.looseObject({ cards: z.array(z.looseObject({ cardId: id, last4: z.string(), currency: z.string(), dailyLimitMinor: minor })) }),
  ).optional(),
  history: checkResult(
    z.looseObject({
      refundsLast30Days: z.number().int(),
      openCases: z.number().int(),
      casesTotal: z.number().int(),
      pending: z.array(z.looseObject({ id, kind: pendingKind, amountMinor: minor, currency: z.string() })).optional(),
      refundCaseIds: z.array(id).optional(),
    }),
  ).optional(),
  antifraud: checkResult(z.looseObject({ risk: z.enum(RISKS), score: z.number(), signals: z.array(z.string()) })).optional(),
});

const caseRef = z.object({
  caseId: id,
  transactionId: id,
  merchant: z.string(),
  amountMinor: minor,
  currency: z.string(),
  postedAt: z.string(),
  reason: z.enum(REFUND_REASONS),
  priorStatus: z.string().optional(),
  paidMinor: minor.optional(),
});

const option = z.object({ transactionId: id, merchant: z.string(), amountMinor: minor, currency: z.string(), postedAt: z.string() });
const requestOption = z.object({ caseId: id, approvalId: id, merchant: z.string(), amountMinor: minor, currency: z.string() });

const clarification = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("which_transaction"), options: z.array(option) }),
  z.object({ kind: z.literal("which_refund"), options: z.array(option).optional() }),
  z.object({ kind: z.literal("none_found"), named: z.string().optional(), options: z.array(option).optional() }),
  z.object({ kind: z.literal("not_booked"), item: option.extend({ kind: pendingKind }) }),
  z.object({ kind: z.literal("which_intent"), candidates: z.array(z.object({ category: z.string(), topic: z.string() })) }),
  z.object({ kind: z.literal("about_payment"), option }),
  z.object({ kind: z.literal("which_request"), options: z.array(requestOption) }),
]);

const approval = z.object({
  approvalId: id,
  amountMinor: minor,
  status: z.enum(APPROVAL_STATUSES),
  version: z.number().int(),
  decidedBy: z.string().nullish(),
  reason: z.string().nullish(),
});

const cardAction = z.object({
  action: z.enum(["freeze", "unfreeze", "replacement"]),
  outcome: z.enum(["done", "unavailable", "no_card", "ambiguous"]),
  cards: z.array(z.object({ cardId: id, last4: z.string(), status: z.enum(["active", "frozen"]), changed: z.boolean(), replacementRequested: z.boolean() })),
});

/** Every channel of the graph's state and the shape its value must have (null where the channel starts empty). */
export const agentStateSchema = z.object({
  schemaVersion: z.number().int(),
  tenantId: z.string(),
  customerId: z.string(),
  input: z.string(),
  language: z.union([z.enum(LANGUAGES), z.literal("")]),
  recent: z.array(chatTurn),
  intent: z.enum(INTENTS).nullable(),
  understanding: understanding.nullable(),
  claim: understanding.nullable(),
  heard: understanding.nullable(),
  case: caseRef.nullable(),
  clarification: clarification.nullable(),
  checks,
  verdict: z.object({ outcome: z.enum(["auto_approve", "review"]), reason: z.string() }).nullable(),
  approval: approval.nullable(),
  refundOutcome: z
    .discriminatedUnion("status", [
      z.object({ status: z.literal("executed"), entryId: id, replayed: z.boolean() }),
      z.object({ status: z.literal("not_admitted"), approvalStatus: z.string() }),
      z.object({ status: z.literal("failed"), reason: z.string() }),
    ])
    .nullable(),
  fingerprints: z.array(z.string()),
  handoff: z.object({ reason: z.string(), requested: z.boolean().optional(), handoverId: id.optional() }).nullable(),
  turnKey: z.string(),
  focus: option.extend({ caseId: id.optional() }).nullable(),
  shown: z.array(option),
  knowledge: z.array(z.object({ id, category: z.string(), title: z.string(), answer: z.string() })),
  cardAction: cardAction.nullable(),
  standing: z.array(caseRef),
  alsoCardAction: cardAction.nullable(),
  withdrawn: z.object({ approvalId: id, caseId: id }).nullable(),
  alsoCancel: z.object({ case: caseRef.nullable() }).nullable(),
  answer: z.string(),
});

/** The value the approval gate pauses with, which a decision's resume and the console read back. */
export const approvalRequestSchema = z.object({
  approvalId: id,
  caseId: id,
  amountMinor: minor,
  currency: z.string(),
  merchant: z.string(),
  policyReason: z.string(),
});

/** A state read from a checkpoint that does not fit the schema, naming each field that does not and why. */
export class InvalidState extends Error {
  override name = "InvalidState";
  constructor(readonly problems: string[]) {
    super(`state:invalid: ${problems.join("; ")}`);
  }
}

/** Each issue as "field.path: what is wrong", the field named as the state names it. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((issue) => `${issue.path.map(String).join(".") || "state"}: ${issue.message}`);
}

/** The state as read, when it fits the schema; an InvalidState naming the fields that do not, never a state used as it is. */
export function validState(state: AgentStateType): AgentStateType {
  const checked = agentStateSchema.safeParse(state);
  if (!checked.success) throw new InvalidState(describeIssues(checked.error));
  return state;
}

/**
 * What a revision's graph reads, as data for the release check of another revision: the state's
 * schema version, its nodes, the JSON Schema of its channels (each optional: a channel a state
 * lacks starts at its default) and of the gate's interrupt payload.
 */
export function stateContract(nodes: readonly string[]) {
  return {
    schemaVersion: STATE_SCHEMA_VERSION,
    nodes: [...nodes],
    channels: Object.keys(agentStateSchema.shape),
    state: z.toJSONSchema(agentStateSchema.partial(), { unrepresentable: "any" }),
    interrupt: z.toJSONSchema(approvalRequestSchema, { unrepresentable: "any" }),
  };
}

export type StateContract = ReturnType<typeof stateContract>;
