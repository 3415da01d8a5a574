import { Annotation } from "@langchain/langgraph";
import type { Language } from "@/i18n/languages";
import type { Risk } from "@/vocabulary/risks";
import type { ApprovalStatus } from "@/vocabulary/statuses";
import type { CardActionOutcome } from "./cards";
import type { ChatTurn, Intent, PendingTxn, RefundReason, Understanding } from "../understanding";

export const STATE_SCHEMA_VERSION = 1;
/** How many recent chat turns the checkpointed state keeps; the transcript lives in `messages`. */
export const RECENT_WINDOW = 6;
/** The same request this many times in a row is a loop: a person takes over. */
export const STAGNATION_REPEATS = 3;

export type SystemName = "limits" | "history" | "antifraud";

export type LimitsFacts = {
  cards: {
    cardId: string;
    last4: string;
    currency: string;
    dailyLimitMinor: number;
    monthlyLimitMinor: number;
    onlineLimitMinor: number;
    atmLimitMinor: number;
    spentTodayMinor: number;
    spentThisMonthMinor: number;
  }[];
};
/** A payment, transfer, withdrawal or top-up the bank has not completed yet. */
export type PendingItem = {
  id: string;
  kind: PendingTxn["kind"];
  counterparty: string;
  amountMinor: number;
  currency: string;
  createdAt: string;
  expectedBy: string;
};
export type HistoryFacts = {
  refundsLast30Days: number;
  openCases: number;
  casesTotal: number;
  pending?: PendingItem[];
  /** The cases those refunds paid, when the history system names them: the app's own approvals among them are not counted twice. */
  refundCaseIds?: string[];
};
export type AntifraudFacts = { risk: Risk; score: number; signals: string[] };

/** What one bank system said, or why it could not say anything. */
export type CheckResult<F> = { status: "ok"; facts: F; latencyMs: number } | { status: "unavailable"; reason: string };

export type Checks = {
  limits?: CheckResult<LimitsFacts>;
  history?: CheckResult<HistoryFacts>;
  antifraud?: CheckResult<AntifraudFacts>;
};

/** The transaction a refund case is about. */
export type CaseRef = {
  caseId: string;
  transactionId: string;
  merchant: string;
  amountMinor: number;
  currency: string;
  postedAt: string;
  reason: RefundReason;
  /** Set when the case already existed and was decided in an earlier turn. */
  priorStatus?: string;
  /** What the ledger paid for an earlier refunded case, when an approver settled on less. */
  paidMinor?: number;
};

export type Triage = { outcome: "auto_approve" | "review"; reason: string };

export type ApprovalRef = {
  approvalId: string;
  /** What the refund pays: the approved amount, which may be lower than the case's. */
  amountMinor: number;
  status: ApprovalStatus;
  version: number;
  decidedBy?: string | null;
  reason?: string | null;
};

export type RefundOutcome =
  { status: "executed"; entryId: string; replayed: boolean } | { status: "not_admitted"; approvalStatus: string } | { status: "failed"; reason: string };

/** A payment the agent listed for the customer to choose from. */
export type TransactionOption = { transactionId: string; merchant: string; amountMinor: number; currency: string; postedAt: string };

/** An item not booked yet that a request named. */
export type PendingOption = TransactionOption & { kind: PendingItem["kind"] };

/** A refund request the customer could mean. */
export type RequestOption = { caseId: string; approvalId: string; merchant: string; amountMinor: number; currency: string };

/** What intake could not settle and asks the customer about. */
export type Clarification =
  | { kind: "which_transaction"; options: TransactionOption[] }
  /** A refund asked for without naming a payment: the latest payments to pick from, when there are any. */
  | { kind: "which_refund"; options?: TransactionOption[] }
  /** Nothing matches what the customer named (`named`, as they wrote it): the nearest payments to pick from. */
  | { kind: "none_found"; named?: string; options?: TransactionOption[] }
  /** The request is about an item not booked yet: explained, never opened as a case. */
  | { kind: "not_booked"; item: PendingOption }
  /** The message could mean several things: the knowledge-base topics of the likely categories. */
  | { kind: "which_intent"; candidates: { category: string; topic: string }[] }
  /** A question about what one payment is ("what is this city parking charge?"): what it is, and whether to claim it. */
  | { kind: "about_payment"; option: TransactionOption }
  /** A cancel with several open requests and nothing saying which. */
  | { kind: "which_request"; options: RequestOption[] };

/** A knowledge-base entry a reply cites, with the words it answers in. */
export type KnowledgeRef = { id: string; category: string; title: string; answer: string };

/** What the cards system did for this turn. */
export type CardActionResult = CardActionOutcome;

/** The payment the conversation is about: what "it" and "that one" refer to. */
export type Focus = TransactionOption & { caseId?: string };

/** A refund request on another thread that this turn withdrew; its paused thread is woken after the run. */
export type Withdrawn = { approvalId: string; caseId: string };

const replace = <T>(initial: T) => Annotation<T>({ reducer: (_prev, next) => next, default: () => initial });

export const AgentState = Annotation.Root({
  /** Version of this state's shape; old checkpoints are upgraded on read. */
  schemaVersion: replace<number>(STATE_SCHEMA_VERSION),
  /** Bank tenant the conversation belongs to. */
  tenantId: replace<string>(""),
  /** Customer who owns the thread. */
  customerId: replace<string>(""),
  /** The customer's message this turn answers. */
  input: replace<string>(""),
  /** The language this turn is answered in: the customer's message's, else the conversation's so far, else the bank's ("" before the first turn). */
  language: replace<Language | "">(""),
  /** A bounded window of the latest turns; the full transcript is in the messages table. */
  recent: Annotation<ChatTurn[]>({
    reducer: (prev, next) => [...prev, ...next].slice(-RECENT_WINDOW),
    default: () => [],
  }),
  /** What the model understood of `input`; never a decision about money. */
  intent: replace<Intent | null>(null),
  /** The model's structured reading of the message. */
  understanding: replace<Understanding | null>(null),
  /**
   * A claim another conversation's message made beside its own ("...and City Parking 38, please
   * dispute both"), taken up on this thread opened beside it: what the message is read as here,
   * instead of reading it again. Only a turn's input carries it.
   */
  claim: replace<Understanding | null>(null),
  /** The model's reading of this turn's message as it answered, before the conversation filled it in: what an incident replay reads instead of asking the model again. */
  heard: replace<Understanding | null>(null),
  /** The refund case this turn works on, if any. */
  case: replace<CaseRef | null>(null),
  /** A question back to the customer when the transaction is unclear. */
  clarification: replace<Clarification | null>(null),
  /** The three bank checks of this turn, merged as each finishes. */
  checks: Annotation<Checks, Checks | null>({
    reducer: (prev, next) => (next === null ? {} : { ...prev, ...next }),
    default: () => ({}),
  }),
  /** Policy's verdict on the case. */
  verdict: replace<Triage | null>(null),
  /** The recorded approval the refund rests on. */
  approval: replace<ApprovalRef | null>(null),
  /** What the refund node did. */
  refundOutcome: replace<RefundOutcome | null>(null),
  /** Fingerprints (intent, amount, transaction) of the latest refund requests, for loop detection. */
  fingerprints: Annotation<string[]>({
    reducer: (prev, next) => [...prev, ...next].slice(-STAGNATION_REPEATS),
    default: () => [],
  }),
  /** Set when the conversation was handed to a person: it went in circles, or the customer needs what only a person can do. */
  handoff: replace<{ reason: string; requested?: boolean; handoverId?: string } | null>(null),
  /** The key of the customer message this turn answers: what makes a turn's side effects happen once. */
  turnKey: replace<string>(""),
  /** The payment last discussed; kept across turns. */
  focus: replace<Focus | null>(null),
  /** The payments the agent last listed to choose from; kept across turns, so "the other one" still means one of them after the question is answered. */
  shown: replace<TransactionOption[]>([]),
  /** Knowledge-base entries this turn's answer cites. */
  knowledge: replace<KnowledgeRef[]>([]),
  /** A freeze, unfreeze or replacement made this turn. */
  cardAction: replace<CardActionResult | null>(null),
  /** The customer's other requests and where each stands, when a status question comes beside a new report. */
  standing: replace<CaseRef[]>([]),
  /** The second card change of a message that asked two ("I lost my card and need a new one"). */
  alsoCardAction: replace<CardActionResult | null>(null),
  /** A request on another thread that this turn cancelled. */
  withdrawn: replace<Withdrawn | null>(null),
  /**
   * A cancel asked beside a new claim ("drop the parking one, and refund the Electro Mart charge
   * instead"): the request it was about (withdrawn when `withdrawn` is set), or none found.
   */
  alsoCancel: replace<{ case: CaseRef | null } | null>(null),
  /** The agent's answer for this turn. */
  answer: replace<string>(""),
});

export type AgentStateType = typeof AgentState.State;
export type AgentUpdate = typeof AgentState.Update;

/** The state of a thread no turn has touched: every channel at its default. */
export function blankState(): AgentStateType {
  const channels = Object.entries(AgentState.spec) as [string, { fromCheckpoint(): { get(): unknown } }][];
  return Object.fromEntries(channels.map(([key, channel]) => [key, channel.fromCheckpoint().get()])) as AgentStateType;
}
