import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { entryFor } from "../../knowledge";
import type { AgentDeps, CaseWithApproval } from "../deps";
import {
  STAGNATION_REPEATS,
  type AgentStateType,
  type AgentUpdate,
  type CaseRef,
  type Clarification,
  type Focus,
  type PendingOption,
  type RequestOption,
  type TransactionOption,
} from "../state";
import { understandWithFallback } from "../../llm/understand-with-fallback";
import {
  paymentsPointedBetween,
  pickDescribed,
  PL_BY_PRICE_OR_TIME,
  resolvePending,
  resolveTransaction,
  type PendingTxn,
  type Txn,
  type Understanding,
} from "../../understanding";
import { labelForCategory } from "../../understanding/banking77";
import { pickOffered } from "../../understanding/merchants";
import { asksWhatItIs, MONEY_NOT_BACK, MONEY_PROMISED, SAID_AGAINST } from "../../understanding/rules";
import { afterCorrection, asksAboutOutcome, asksSomething, moneyClauses, namesARequest, paymentOf } from "../../understanding/offline-understanding";
import { languageOfMessage } from "../../understanding/language";
import type { Language } from "@/i18n/languages";

/** Fields that describe one turn; each turn starts them afresh. */
const freshTurn = {
  case: null,
  clarification: null,
  checks: null,
  verdict: null,
  approval: null,
  refundOutcome: null,
  handoff: null,
  cardAction: null,
  alsoCardAction: null,
  standing: [] as CaseRef[],
  withdrawn: null,
  alsoCancel: null,
  claim: null,
  answer: "",
} as const;

/** Intents that work on a refund case: the graph's money path follows one a turn (a cancel asked beside a new claim is carried out before it). */
const CASE_INTENTS = new Set(["refund", "cancel", "status"]);
/** "it", "that one", "this payment": the payment just discussed. */
const REFERENCE =
  /\b(?:it|that|this|those|them)\b(?:\s+(?:one|payment|charge|transaction|purchase))?|(?<!\p{L})(?:to|ta|t[eęą]|tego|tej|j[aą]|go|tamt\p{L}+)(?!\p{L})/iu;
/** "one of them", "either of those", "jedną z nich": one of several, not the payment just discussed. */
const ONE_OF =
  /\b(?:one|either|any|both|all|some)\s+of\s+(?:them|those|these)\b|(?<!\p{L})(?:jedn\p{L}*|kt[oó]r\p{L}*|obie|obu|wszystkie)\s+z\s+(?:nich|tych)(?!\p{L})/iu;
/** Whether the message points back at the payment the conversation is about ("cancel it", "that one"). */
export const refersBack = (text: string) => REFERENCE.test(text) && !ONE_OF.test(text);
const YES =
  /^\W*(?:yes|yeah|yep|yup|correct|right|exactly|that'?s\s+(?:it|right)|the\s+first)\b|^\W*(?:tak|zgadza\s+si[eę]|dok[lł]adnie|w[lł]a[sś]nie|to\s+ta|ta\s+pierwsza|o\s+t[eęą]\s+chodzi|potwierdzam)(?!\p{L})/iu;

/** The same intent, amount and transaction asked for again and again: the agent is looping. */
function isStagnant(previous: string[], fingerprint: string): boolean {
  const window = [...previous, fingerprint].slice(-STAGNATION_REPEATS);
  return window.length === STAGNATION_REPEATS && window.every((f) => f === fingerprint);
}

function pickOrdinal<T>(options: T[], ordinal: number | undefined): T | undefined {
  if (ordinal === undefined || options.length === 0) return undefined;
  return ordinal === -1 ? options.at(-1) : options[ordinal - 1];
}

/** The offered payments that fit what the answer says of the payment ("one of the two from 12 days back.. the cheaper one"): all of them when it says nothing. */
function matching<T extends TransactionOption>(options: T[], u: Understanding): T[] {
  return options.filter(
    (o) =>
      (!u.merchant || o.merchant === u.merchant) &&
      (u.amountMinor === undefined || o.amountMinor === u.amountMinor) &&
      (!u.date || o.postedAt.startsWith(u.date)),
  );
}

/** The offered payment whose shop the answer names ("the tapas one"; after "no wait, I mean", the one named last). */
function optionNamed<T extends { merchant: string }>(options: T[], text: string): T | undefined {
  const named = pickOffered(
    afterCorrection(text),
    options.map((o) => o.merchant),
  );
  return named ? options.find((o) => o.merchant === named) : undefined;
}

/** "not the tapas bar, the other one", "nie ta z Biedronki, tylko ta druga": the shop ruled out, then "the other" and nothing more. */
const NOT_THAT_THE_OTHER =
  /^\W*(?:no,?\s+)?not\s+(?:the|that)\s+(.+?)[,.;]?\s+(?:but\s+)?(?:the\s+)?other(?:\s+one)?\W*$|^\W*(?:nie,?\s+)?nie\s+t[aąeę]\s+(.+?)[,.;]?\s+(?:tylko\s+|a\s+)?(?:t[aąeę]\s+)?(?:drug|inn)\p{L}*\W*$/iu;

/** Of two offered payments, the one whose shop the customer ruled out in favour of "the other". */
function optionNotNamed<T extends { merchant: string }>(options: T[], text: string): T | undefined {
  const m = NOT_THAT_THE_OTHER.exec(text);
  const ruledOut = m ? optionNamed(options, m[1] ?? m[2] ?? "") : undefined;
  const rest = ruledOut ? options.filter((o) => o.merchant !== ruledOut.merchant) : [];
  return rest.length === 1 ? rest[0] : undefined;
}

function withoutAlso({ also: _also, ...u }: Understanding): Omit<Understanding, "also"> {
  return u;
}

function hasCriteria(u: Understanding): boolean {
  return Boolean(u.merchant) || u.amountMinor !== undefined || Boolean(u.date);
}

/**
 * Reads an answer to the agent's last question in its light: "the second one" after a list of
 * payments, "yes" or "the first" after "do you mean ...?", "the Electro Mart one" after
 * "which request?", and a payment named after "which payment?" continue what was asked.
 */
function answerToQuestion(now: Understanding, state: AgentStateType, text: string): { u: Understanding; txnId?: string; requestId?: string } {
  const asked = state.clarification;
  const prior = state.understanding;
  if (!asked || !prior) return pickFromShown(now, state, text) ?? { u: now };
  const onlyPosition = now.ordinal !== undefined && text.trim().split(/\s+/).length <= 6;
  if (onlyPosition) now = { intent: "other", ordinal: now.ordinal, confidence: now.confidence };
  // A new request switches away from the question only when it is said clearly; a short answer's uncertain reading does not.
  const switched = CASE_INTENTS.has(now.intent) && now.intent !== prior.intent && now.confidence >= SWITCH_FLOOR;
  if (asked.kind === "which_intent") {
    const picked = YES.test(text) && now.ordinal === undefined ? asked.candidates[0] : pickOrdinal(asked.candidates, now.ordinal);
    const named =
      picked ??
      asked.candidates.find((c) =>
        c.topic
          .split(/\s+/)
          .filter((w) => w.length > 3)
          .every((w) => text.toLowerCase().includes(w)),
      );
    if (!named || (now.intent !== "unclear" && now.intent !== "other" && now.confidence >= 0.6 && !picked)) return { u: now };
    const label = labelForCategory(named.category);
    return { u: { ...now, ...label, category: named.category, candidates: undefined, confidence: 0.9 } };
  }
  // "Tę z Empiku. Sklep sam oddał kasę": the request picked, whatever else the answer's words read as.
  if (asked.kind === "which_request" && prior.intent === "cancel") {
    const chosen =
      optionNotNamed(asked.options, text) ??
      pickOrdinal(asked.options, now.ordinal) ??
      asked.options.find((o) => now.merchant === o.merchant || now.amountMinor === o.amountMinor) ??
      (hasCriteria(now) ? undefined : pickDescribed(asked.options, text));
    // "the gadget one, my son used the card. and tell me the fuel one still going?": the answer asks where another request stands too.
    // Only a request picked by its shop, its amount or the other of two: a position beside a question about another shop is no pick.
    const pickedByName = chosen !== undefined && chosen !== pickOrdinal(asked.options, now.ordinal);
    const asksAnother = now.intent === "status" && now.merchant !== undefined && now.merchant !== chosen?.merchant && pickedByName;
    if (chosen && !(switched && now.intent !== "refund" && !asksAnother))
      return { u: { ...prior, intent: "cancel", also: asksAnother ? withoutAlso(now) : now.also }, requestId: chosen.approvalId };
  }
  if (switched || (prior.intent !== now.intent && !["other", "unclear", "knowledge", "refund"].includes(now.intent))) return { u: now };
  if (asked.kind === "which_request" && prior.intent === "cancel") return { u: now };
  if (prior.intent !== "refund") return { u: now };
  // "Also, what rate do you actually use when I pay in francs? It came out a bit higher than I expected.": a help question asked clearly, naming no payment, is no pick ("higher" is no price pointed at).
  if (now.intent === "knowledge" && now.confidence >= SWITCH_FLOOR && !hasCriteria(now) && now.ordinal === undefined) return { u: now };
  if (asked.kind === "which_transaction" || ((asked.kind === "none_found" || asked.kind === "which_refund") && asked.options)) {
    const options = asked.options ?? [];
    const confirmed = options.length === 1 && YES.test(text) ? options[0] : undefined;
    // "the coffee one - no wait, I meant the metro. coffee was fine": a shop named that was not offered is not one of the offered.
    const namesAnother = now.merchant !== undefined && !options.some((o) => o.merchant === now.merchant);
    // "ostatnia na liście, kino": a shop named that was not offered outweighs a place in the list.
    // "the bakery one. and btw can I order a second card": the one offered shop named outweighs a position said of something else.
    // "the first one, the bakery was fine": a shop said to be fine or the customer's own is no pick.
    const byShop = /\b(?:not|no|fine|mine)\b|(?<!\p{L})nie(?!\p{L})/iu.test(text) ? [] : options.filter((o) => o.merchant === now.merchant);
    const chosen =
      confirmed ??
      optionNotNamed(options, text) ??
      (byShop.length === 1 ? byShop[0] : undefined) ??
      (namesAnother ? undefined : pickOrdinal(options, now.ordinal)) ??
      pickDescribed(matching(options, now), text, { loose: true }) ??
      (namesAnother ? undefined : optionNamed(options, text));
    if (chosen?.transactionId) return { u: { ...prior, intent: "refund", also: now.also }, txnId: chosen.transactionId };
  }
  if (now.intent === "refund" && hasCriteria(now)) return { u: now };
  if (!hasCriteria(now) && now.intent !== "refund") return { u: now };
  return {
    u: {
      ...prior,
      // A second claim of the message before was taken up with it; only this answer's own is new.
      also: now.also,
      intent: "refund",
      reason: reasonOf(now, prior),
      // "sorry, I mixed up the shops, it's the 18.50 one": after a shop that was not found, the payment the answer names replaces it.
      merchant: now.merchant ?? (asked.kind === "none_found" && asked.named && (now.amountMinor !== undefined || now.date) ? undefined : prior.merchant),
      amountMinor: now.amountMinor ?? prior.amountMinor,
      date: now.date ?? prior.date,
    },
  };
}

/** "yeah go ahead and do it for me", "tak, zróbcie to": the customer asks the agent to do what its last answer told them how to do. */
const GO_AHEAD =
  /^\W*(?:(?:yes|yeah|yep|ok(?:ay)?|sure|please|pls|actually|then|tak|dobrze|ok)\W+)*(?:(?:please\s+)?(?:go\s+ahead|do\s+(?:it|that|this)|yes\s+please|please\s+do)|(?:prosz[eę]\s+)?zr[oó]b(?:cie)?\s+to|prosz[eę](?:\s+to)?\s+zrobi[cć])(?!\p{L})/iu;

/** After a help answer on stopping a card (its action is freezing it), a go-ahead freezes the card. */
function goAhead(u: Understanding, state: AgentStateType, text: string): Understanding {
  if (!GO_AHEAD.test(text)) return u;
  const cited = state.knowledge.find((k) => entryFor(state.tenantId, k.category)?.action === "freeze_card");
  return cited ? { intent: "freeze_card", category: cited.category, cardReason: "customer_request", confidence: 0.9 } : u;
}

/** The reason the answer gives for the refund, or else the one the customer gave before. */
function reasonOf(now: Understanding, prior: Understanding | undefined): Understanding["reason"] {
  return now.reason && now.reason !== "other" ? now.reason : prior?.reason;
}

/** "the second one", "tamtą drugą płatność": a position among payments, said about a payment and not a card. */
const POSITION_OF_PAYMENT =
  /\b(?:one|payments?|charges?|transactions?|purchases?)\b|(?<!\p{L})(?:p[lł]atno[sś]\p{L}*|transakcj\p{L}*|obci[aą][zż]\p{L}*|(?:t[aąeę]|tamt\p{L}*)\s+(?:drug|pierwsz|trzeci|czwart|ostatni)\p{L}*)/iu;
/** "the other one", "where's the other claim at", "ta druga", "tamta inna": of two payments or requests, the one not discussed. */
export const THE_OTHER =
  /\bthe\s+other\s+(?:one|payment|charge|transaction|request|claim|dispute|complaint|refund)s?\b|\bother\s+one\b|(?<!\p{L})(?:t[aąeę]|tamt\p{L}*)\s+(?:inn|drug)\p{L}*(?!\p{L})/iu;
/** Of two payments listed, the one the conversation is not about, when the customer says "the other one". */
function otherOfTwoShown(state: AgentStateType, text: string): TransactionOption | undefined {
  if (state.shown.length !== 2 || !state.focus || !THE_OTHER.test(text)) return undefined;
  const others = state.shown.filter((o) => o.transactionId !== state.focus!.transactionId);
  return others.length === 1 ? others[0] : undefined;
}

/** "the same for", "to samo z", "też": a request made again, about another payment. */
export const SAME_AGAIN =
  /\b(?:the\s+)?same\s+(?:for|with|goes\s+for)\b|\b(?:too|also|as\s+well)\b|(?<!\p{L})(?:to\s+samo|tak\s+samo|te[zż]|r[oó]wnie[zż])(?!\p{L})/iu;

/** "ta większa", "tę najtańszą", "ta późniejsza": a payment named by its price or time alone, in Polish, where the word agrees with "płatność". */
const THAT_ONE_DESCRIBED = new RegExp(String.raw`(?<!\p{L})(?:t[aąeę]|tamt\p{L}*)\s+(?:${PL_BY_PRICE_OR_TIME})`, "iu");
const ABOUT_A_CARD = /\bcards?\b|(?<!\p{L})kart\p{L}*/iu;

/**
 * A position in the list of payments the agent showed earlier in the conversation, after its
 * question was answered ("and can you check the other one too?"): a claim about that payment,
 * with the reason the customer gave, or the one they gave before.
 */
function pickFromShown(now: Understanding, state: AgentStateType, text: string): { u: Understanding; txnId: string } | undefined {
  // "a ta największa?": the dearest of the payments listed; claimed, "the other one from that day": of two listed, the one not discussed.
  // "to samo z tą drugą": the same claim, about the other of two listed, whatever the classifier makes of the words.
  const same = SAME_AGAIN.test(text);
  const other = now.intent === "refund" || same ? otherOfTwoShown(state, text) : undefined;
  const described = other ?? (now.ordinal === undefined ? pickDescribed(state.shown, text) : undefined);
  if ((now.ordinal === undefined && !described) || state.shown.length === 0 || hasCriteria(now)) return undefined;
  if (
    !(["refund", "unclear", "other", "pending"].includes(now.intent) || (same && now.intent === "knowledge")) ||
    !(POSITION_OF_PAYMENT.test(text) || THAT_ONE_DESCRIBED.test(text)) ||
    ABOUT_A_CARD.test(text)
  )
    return undefined;
  const chosen = described ?? pickOrdinal(state.shown, now.ordinal);
  if (!chosen) return undefined;
  const prior = state.understanding?.intent === "refund" ? state.understanding : undefined;
  const reason = reasonOf(now, prior);
  return { u: { intent: "refund", ...(reason && { reason }), confidence: now.confidence, ...(now.also && { also: now.also }) }, txnId: chosen.transactionId };
}

/** The message's requests, money first: the first drives the graph, the second (if any) is answered beside it. */
function mainAndSide(u: Understanding): [Understanding, Understanding | undefined] {
  const { also, ...first } = u;
  if (!also) return [first, undefined];
  return CASE_INTENTS.has(also.intent) && !CASE_INTENTS.has(first.intent) ? [also, first] : [first, also];
}

function caseRefOf(kase: CaseWithApproval): CaseRef {
  return {
    caseId: kase.caseId,
    transactionId: kase.transactionId,
    merchant: kase.merchant,
    amountMinor: kase.amountMinor,
    currency: kase.currency,
    postedAt: "",
    reason: kase.reason,
    priorStatus: kase.status,
    ...(kase.paidMinor !== undefined ? { paidMinor: kase.paidMinor } : {}),
  };
}

function focusOf(kase: CaseWithApproval): Focus {
  return {
    transactionId: kase.transactionId,
    merchant: kase.merchant,
    amountMinor: kase.amountMinor,
    currency: kase.currency,
    postedAt: "",
    caseId: kase.caseId,
  };
}

/** Words for a request the customer made, in either language. */
const REQUEST_WORD =
  /\b(?:requests?|claims?|disputes?|complaints?)\b|(?<!\p{L})(?:reklamacj\p{L}*|zg[lł]osze[nń]\p{L}*|wnios(?:ek|ki|ku|kiem|kow|ków)|spraw[aeęy]?)(?!\p{L})/iu;

/** A request still waiting for a decision: the customer may withdraw it. */
const isWaiting = (c: CaseWithApproval) => c.approval?.status === "pending";

/**
 * The case a message names by merchant, amount or the payment just discussed; for a question
 * about where requests stand (`otherOfFocus`), also "the other one" of two. A cancel never takes
 * "the other one" on the conversation's focus alone: it asks.
 */
function namedCase(cases: CaseWithApproval[], u: Understanding, focus: Focus | null, text: string, otherOfFocus = false): CaseWithApproval | undefined {
  if (u.merchant || u.amountMinor !== undefined) {
    return cases.find((c) => (!u.merchant || c.merchant === u.merchant) && (u.amountMinor === undefined || c.amountMinor === u.amountMinor));
  }
  if (otherOfFocus && focus && THE_OTHER.test(text)) {
    const others = cases.filter((c) => c.transactionId !== focus.transactionId);
    const waiting = others.filter(isWaiting);
    return others.length === 1 ? others[0] : waiting.length === 1 ? waiting[0] : undefined;
  }
  if (focus && refersBack(text)) return cases.find((c) => c.transactionId === focus.transactionId);
  return undefined;
}

/** Readings a question about a payment's request gets: an item not booked, a help topic, nothing sure, a claim asked as a question. */
const MAY_ASK_ABOUT_A_REQUEST = new Set(["pending", "knowledge", "unclear", "other", "refund"]);
/** Help topics about what the bank charges, which a question about a payment with a request may still ask. */
const ABOUT_FEES = /fee|charge|exchange|rate/;

/**
 * A question about a payment that already has a request ("so whats going on with gadget hub??",
 * "the cinema money landed or not?", "did the parking thing get approved?", "jest już kasa?" after
 * a claim): where that request stands. A claim said in words against the payment, an item not
 * booked yet, a question about fees and a payment with no request stay as read; a status question
 * naming a payment with no request, telling of money the shop never returned, is a claim about it.
 */
async function aboutItsRequest(turn: Turn, u: Understanding): Promise<Understanding> {
  const { text, state } = turn;
  const toldNotBack = MONEY_NOT_BACK.test(text) || (MONEY_PROMISED.test(text) && !asksSomething(text));
  if (u.intent === "status" && (u.merchant || u.amountMinor !== undefined) && toldNotBack) return claimNotAsked(turn, u);
  if (!MAY_ASK_ABOUT_A_REQUEST.has(u.intent) || (u.also && CASE_INTENTS.has(u.also.intent))) return u;
  const outcome = await outcomeAsked(turn, u);
  if (outcome) return outcome;
  if (!asksSomething(text)) return u;
  if ((u.intent === "refund" && SAID_AGAINST.test(text)) || (u.intent === "knowledge" && ABOUT_FEES.test(u.category ?? ""))) return u;
  if (resolvePending(text, u, turn.pending, turn.transactions)) return u;
  const cases = await turn.casesRead();
  if (cases.length === 0) return u;
  const namesOne = Boolean(u.merchant) || u.amountMinor !== undefined;
  // "is it there yet?", "jest już kasa?": nothing named, in a conversation with a request of its own.
  const ofThisConversation = !namesOne && u.intent !== "knowledge" && u.intent !== "refund" && cases.some((c) => c.threadId === turn.threadId);
  const named = namesOne || u.intent !== "knowledge" ? namedCase(cases, u, state.focus, text) : undefined;
  return named || ofThisConversation ? { intent: "status", ...paymentOf(u), confidence: u.confidence, ...(u.also && { also: u.also }) } : u;
}

/**
 * "is it paid or not?", "why was the orlen one refused??", "so what came out of my two claims",
 * "the refund is make already or i must to wait?": what became of a request, asked in a
 * conversation with one, or of a request the message names by its payment, is where it stands,
 * whatever help topic or claim the words resemble. A payment named that has no request, an item
 * not booked yet and a question about fees stay as read.
 */
async function outcomeAsked(turn: Turn, u: Understanding): Promise<Understanding | undefined> {
  const { text, state } = turn;
  // "ok so when will it show up properly then" after an item not booked yet asks about that item, unless a request is named.
  if (!asksAboutOutcome(text) || (u.intent === "pending" && !namesARequest(text))) return undefined;
  if (resolvePending(text, u, turn.pending, turn.transactions)) return undefined;
  const cases = await turn.casesRead();
  if (cases.length === 0) return undefined;
  const namesOne = Boolean(u.merchant) || u.amountMinor !== undefined;
  // "why was the orlen one refused?? I have the receipt showing 110": the shop names the request, whatever amount the message argues.
  const byShop = () => (u.merchant ? namedCase(cases, { ...u, amountMinor: undefined }, null, text) : undefined);
  const ofTheConversation = () => cases.some((c) => c.threadId === turn.threadId) || namesARequest(text);
  // "czemu odmowa?? mam paragon na 130 zł": an amount argued, not the payment's, names no other request.
  const asked = namesOne ? (namedCase(cases, u, state.focus, text) ?? byShop() ?? (!u.merchant && ofTheConversation())) : ofTheConversation();
  return asked ? { intent: "status", ...paymentOf(u), confidence: u.confidence, ...(u.also && { also: u.also }) } : undefined;
}

/**
 * A question where a request stands that names a payment with no request, and tells of money
 * the shop never returned: a claim about that payment, never the answer about another request.
 */
async function claimNotAsked(turn: Turn, u: Understanding): Promise<Understanding> {
  const cases = await turn.casesRead();
  if (namedCase(cases, u, null, turn.text)) return u;
  return resolveTransaction(u, turn.transactions).kind === "match" ? { ...u, intent: "refund", reason: "other", category: undefined } : u;
}

/** Reads the customer's message and settles which case, if any, this turn is about. */
export const intake = (deps: AgentDeps) =>
  async function intake(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    const { tenantId, customerId } = state;
    const threadId = String(config.configurable?.thread_id);
    const [transactions, pendingItems] = await Promise.all([deps.store.listTransactions(tenantId, customerId), deps.store.listPending(tenantId, customerId)]);
    const today = deps.clock().toISOString().slice(0, 10);
    // A claim taken up beside the conversation whose message made it was read there already.
    const read =
      state.claim ??
      (await understandWithFallback(
        deps,
        { messages: [...state.recent, { role: "customer", text: state.input }], transactions, pending: pendingItems, today },
        { signal: config.signal, record: { tenantId, threadId, step: Number(config.metadata?.langgraph_step ?? -1) } },
      ));
    const language = languageOfMessage(state.input) ?? (state.language || (await deps.policies.forTenant(tenantId)).language);
    let casesRead: ReturnType<AgentDeps["store"]["listCases"]> | undefined;
    const turn: Turn = {
      deps,
      state,
      threadId,
      transactions,
      pending: pendingItems,
      text: state.input,
      language,
      today,
      casesRead: () => (casesRead ??= deps.store.listCases(tenantId, customerId)),
    };
    const picked = answerToQuestion(goAhead(read, state, state.input), state, state.input);
    const answered = picked.txnId || picked.requestId ? picked : { ...picked, u: await aboutItsRequest(turn, picked.u) };
    const [main, side] = mainAndSide(answered.u);
    let update: AgentUpdate = {
      ...freshTurn,
      language,
      knowledge: [],
      intent: main.intent,
      understanding: side ? { ...main, also: side } : main,
      heard: read,
      recent: [{ role: "customer", text: state.input }],
    };
    const cancelledFirst = main.intent === "refund" && side?.intent === "cancel" ? await cancelBeforeClaim(turn, side) : undefined;
    if (cancelledFirst) update = { ...update, ...cancelledFirst };
    update = await settle(turn, main, update, answered);
    // Two help questions in one message ("what does a SEPA transfer cost, and how do I exchange money in the app?") are both answered.
    const another = side && (side.intent !== main.intent || (side.intent === "knowledge" && side.category !== main.category));
    if (side && another && !cancelledFirst) update = await settle(turn, side, update, {});
    const listed = update.clarification && "options" in update.clarification ? update.clarification.options : undefined;
    return listed?.length ? { ...update, shown: listed.filter((o): o is TransactionOption => "transactionId" in o) } : update;
  };

/** One message's reading context: the customer's booked payments and items not booked yet, read once a turn. */
type Turn = {
  deps: AgentDeps;
  state: AgentStateType;
  threadId: string;
  transactions: Txn[];
  pending: PendingTxn[];
  text: string;
  language: Language;
  /** YYYY-MM-DD, the day the message is read on. */
  today: string;
  /** The customer's requests as the turn first read them: read once for questions about them, before anything the turn changes. */
  casesRead: () => ReturnType<AgentDeps["store"]["listCases"]>;
};

/** How many payments a "nothing matches" answer offers to pick from. */
const NEAREST = 3;
/** How many of the latest payments a refund asked for without naming one lists. */
const LATEST = 5;
/** How sure a reading of an answer must be to count as a new request rather than the answer. */
const SWITCH_FLOOR = 0.9;

const optionOf = (t: Txn | PendingTxn): TransactionOption => ({
  transactionId: t.id,
  merchant: t.merchant,
  amountMinor: t.amountMinor,
  currency: t.currency,
  postedAt: t.postedAt,
});

/** The payments nearest to what the customer described: those of the amount or the day they named, else the latest. */
function nearest(u: Understanding, transactions: Txn[]): TransactionOption[] {
  const alike = transactions.filter((t) => t.amountMinor === u.amountMinor || (u.date !== undefined && t.postedAt.startsWith(u.date)));
  return (alike.length > 0 ? alike : transactions).slice(0, NEAREST).map(optionOf);
}

/** A request about an item not booked yet: explained, and what "it" refers to next; no case. */
function notBooked(item: PendingTxn): AgentUpdate {
  return { clarification: { kind: "not_booked", item: pendingOptionOf(item) }, focus: optionOf(item) };
}

/** An item not booked yet as a reply names it: what, how much, from when, and its kind. */
export const pendingOptionOf = (item: PendingTxn): PendingOption => ({ ...optionOf(item), kind: item.kind });

/** A message that is not a refund request but is about an item not booked yet (stopping it, an unclear mention): answered as a request for the money back. */
const notBookedAsRefund = (item: PendingTxn): AgentUpdate => ({ ...notBooked(item), intent: "refund" });

/** The item not booked yet the request names or the conversation was just about, if any. */
function pendingNamed(turn: Turn, u: Understanding, focusedId: string | undefined): PendingTxn | undefined {
  const said = moneyClauses(turn.text, { today: turn.today, transactions: turn.transactions, pending: turn.pending });
  return turn.pending.find((p) => p.id === focusedId) ?? resolvePending(said, u, turn.pending, turn.transactions);
}

/** What intake does for one request of the message. */
async function settle(turn: Turn, u: Understanding, update: AgentUpdate, picked: { txnId?: string; requestId?: string }): Promise<AgentUpdate> {
  switch (u.intent) {
    case "refund":
      return { ...update, ...(await openRefundCase(turn, u, picked.txnId)) };
    case "status":
      return { ...update, ...(update.case ? await otherRequests(turn, update.case as CaseRef) : await findStatusCase(turn, u)) };
    case "cancel":
      return { ...update, ...(await withdraw(turn, u, picked.requestId)) };
    case "knowledge": {
      const entry = u.category ? entryFor(turn.state.tenantId, u.category, turn.language) : undefined;
      if (!entry) return update;
      const cited = { id: entry.id, category: entry.category, title: entry.title, answer: entry.answer };
      const before = Array.isArray(update.knowledge) ? update.knowledge : [];
      // "did you charge me a fee on the Bar Tapas Sol payment?": the payment asked about is what "refund it" means next.
      const asked = u.merchant ? resolveTransaction(u, turn.transactions) : undefined;
      const focus = asked?.kind === "match" && !update.focus ? { focus: optionOf(asked.transaction) } : {};
      return { ...update, ...focus, knowledge: [...before, cited] };
    }
    case "handover": {
      // Stopping a transfer still pending is explained (it can still be cancelled), not handed over.
      const transfer = u.category === "cancel_transfer" ? pendingNamed(turn, u, undefined) : undefined;
      if (transfer?.kind === "transfer") return { ...update, ...notBookedAsRefund(transfer) };
      return { ...update, handoff: await handOver(turn, u) };
    }
    case "pending": {
      // A question about one item not booked yet makes it what "it" means next ("can you refund it?").
      const item = pendingNamed(turn, u, undefined);
      return item ? { ...update, focus: optionOf(item) } : update;
    }
    case "unclear": {
      // An unclear message that names an item not booked yet is about that item: its standing is the answer.
      const item = pendingNamed(turn, u, undefined);
      if (item) return { ...update, ...notBookedAsRefund(item) };
      const candidates = (u.candidates ?? []).flatMap((category) => {
        const entry = entryFor(turn.state.tenantId, category, turn.language);
        return entry ? [{ category, topic: entry.topic }] : [];
      });
      if (candidates.length < 2) return update;
      return { ...update, clarification: { kind: "which_intent", candidates } };
    }
    default:
      return update;
  }
}

/** Opens the case for the payment the customer means, or asks which one. */
/** Whether the claim names the shop of one of the customer's booked payments: then an item not booked yet the message also names is not what it claims. */
const namesBooked = (u: Understanding, transactions: Txn[]) => u.merchant !== undefined && transactions.some((t) => t.merchant === u.merchant);

async function openRefundCase(turn: Turn, u: Understanding, txnId: string | undefined): Promise<AgentUpdate> {
  const { deps, state, threadId, transactions } = turn;
  const { tenantId, customerId } = state;
  // "can you refund that hotel one too?": an item not booked yet the words name outweighs the payment the conversation was about.
  const focused = !hasCriteria(u) && state.focus && refersBack(turn.text) && !pendingNamed(turn, u, undefined) ? state.focus.transactionId : undefined;
  const chosen = transactions.find((t) => t.id === (txnId ?? focused));
  // test:guards booked-only-asked
  const pendingItem = chosen || namesBooked(u, transactions) ? undefined : pendingNamed(turn, u, focused);
  if (pendingItem) return notBooked(pendingItem);
  const found = chosen ? ({ kind: "match", transaction: chosen, reason: u.reason ?? "other" } as const) : resolveTransaction(u, transactions);
  // "...from 12 days back, the cheaper one": of the payments that fit, the one the customer points at by price or time.
  const byPrice = found.kind === "ambiguous" ? pickDescribed(found.candidates, turn.text, { loose: true }) : undefined;
  const resolution = byPrice ? ({ kind: "match", transaction: byPrice, reason: u.reason ?? "other" } as const) : found;
  // "maybe at the fuel station or the gadget shop?? not sure", "ponad 100 zł": the payments the claim points between, to pick from.
  const pointed = resolution.kind === "none" && !hasCriteria(u) ? paymentsPointedBetween(turn.text, transactions) : undefined;
  // "Orlen i Apteka Gemini, obie nie moje. Zacznijmy od tańszej": of the payments offered, the one the message then picks.
  const picked = pointed && pickDescribed(pointed, turn.text);
  if (picked) return { ...(await openRefundCase(turn, u, picked.id)), shown: pointed.map(optionOf) };
  if (resolution.kind === "ambiguous" || pointed) {
    const clarification: Clarification = {
      kind: "which_transaction",
      options: (pointed ?? (resolution.kind === "ambiguous" ? resolution.candidates : [])).map((t) => ({
        transactionId: t.id,
        merchant: t.merchant,
        amountMinor: t.amountMinor,
        currency: t.currency,
        postedAt: t.postedAt,
      })),
    };
    return { clarification };
  }
  if (resolution.kind === "none") {
    if (!hasCriteria(u))
      return { clarification: { kind: "which_refund", ...(transactions.length > 0 && { options: transactions.slice(0, LATEST).map(optionOf) }) } };
    return { clarification: { kind: "none_found", ...(u.merchant && { named: u.merchant }), options: nearest(u, transactions) } };
  }
  const txn = resolution.transaction;
  const focus: Focus = { transactionId: txn.id, merchant: txn.merchant, amountMinor: txn.amountMinor, currency: txn.currency, postedAt: txn.postedAt };
  // "what is this city parking charge??" asks what the payment is: it is told, and becomes what "refund it" means next.
  if (!chosen && asksWhatItIs(turn.text)) return { intent: "unclear", clarification: { kind: "about_payment", option: optionOf(txn) }, focus };
  const fingerprint = `refund|${txn.amountMinor}|${txn.id}`;
  if (isStagnant(state.fingerprints, fingerprint)) {
    const reason = `The customer asked about the ${txn.merchant} payment ${STAGNATION_REPEATS} times in a row without progress.`;
    const { handoverId } = await deps.store.requestHandover({ tenantId, threadId, customerId, summary: reason, reason: "stagnation", createdAt: deps.clock() });
    return { fingerprints: [fingerprint], handoff: { reason, handoverId }, focus };
  }
  const opened = await deps.store.upsertCase({
    tenantId,
    threadId,
    customerId,
    transactionId: txn.id,
    reason: resolution.reason,
    amountMinor: txn.amountMinor,
    currency: txn.currency,
  });
  if (!opened) return { clarification: { kind: "none_found", options: nearest(u, transactions) } };
  const caseRef: CaseRef = {
    caseId: opened.caseId,
    transactionId: txn.id,
    merchant: txn.merchant,
    amountMinor: txn.amountMinor,
    currency: txn.currency,
    postedAt: txn.postedAt,
    reason: opened.reason,
    ...(opened.status === "open" ? {} : { priorStatus: opened.status }),
    ...(opened.paidMinor !== undefined && opened.paidMinor !== txn.amountMinor ? { paidMinor: opened.paidMinor } : {}),
  };
  return { case: caseRef, fingerprints: [fingerprint], focus: { ...focus, caseId: opened.caseId } };
}

/**
 * The requests a status question is about: the one named, else this conversation's, else the
 * customer's only one; a customer with several and none named hears each of them (those
 * waiting first, then the latest).
 */
async function findStatusCase(turn: Turn, u: Understanding): Promise<AgentUpdate> {
  const { state } = turn;
  const cases = await turn.casesRead();
  const kase =
    namedCase(cases, u, state.focus, turn.text, true) ?? cases.find((c) => c.threadId === turn.threadId) ?? (cases.length === 1 ? cases[0] : undefined);
  if (kase) return { case: caseRefOf(kase), approval: kase.approval, focus: focusOf(kase) };
  const waitingFirst = [...cases.filter(isWaiting), ...cases.filter((c) => !isWaiting(c))];
  return { standing: waitingFirst.slice(0, MAX_STANDING).map(caseRefOf) };
}

/** The customer's other requests, for a status question asked beside a new report ("...charged me twice, and what's the status of my refunds?"). */
async function otherRequests(turn: Turn, reported: CaseRef): Promise<AgentUpdate> {
  const cases = await turn.deps.store.listCases(turn.state.tenantId, turn.state.customerId);
  return {
    standing: cases
      .filter((c) => c.transactionId !== reported.transactionId)
      .slice(0, MAX_STANDING)
      .map(caseRefOf),
  };
}

/** How many other requests a side status answer lists, newest first. */
const MAX_STANDING = 5;

/**
 * Cancels what the customer means: the request named or just discussed, this conversation's
 * open request, else their only request still waiting; with several and nothing to tell them
 * apart, asks which.
 */
async function withdraw(turn: Turn, u: Understanding, approvalId: string | undefined): Promise<AgentUpdate> {
  const { deps, state } = turn;
  const cases = await deps.store.listCases(state.tenantId, state.customerId);
  const named = approvalId ? undefined : namedCase(cases, u, state.focus, turn.text);
  if (!approvalId && !named) {
    const focusedId = state.focus && refersBack(turn.text) ? state.focus.transactionId : undefined;
    const pendingItem = pendingNamed(turn, u, focusedId);
    if (pendingItem) return notBookedAsRefund(pendingItem);
  }
  const waiting = cases.filter(isWaiting);
  // A payment named that has no request of its own never stands for another request: "cancel the kino atlantic request" asks which.
  const namedNone = !approvalId && !named && hasCriteria(u);
  // "pierwszą reklamację anulujcie", "cancel my second request": the requests counted as the customer made them.
  const byPosition = !approvalId && !named && REQUEST_WORD.test(turn.text) ? pickOrdinal([...waiting].reverse(), u.ordinal) : undefined;
  const target =
    (approvalId ? cases.find((c) => c.approval?.approvalId === approvalId) : undefined) ??
    named ??
    byPosition ??
    (namedNone ? undefined : (waiting.find((c) => c.threadId === turn.threadId) ?? (waiting.length === 1 ? waiting[0] : undefined)));
  if (namedNone && waiting.length === 0) return {};
  if (!target && (waiting.length > 1 || namedNone)) {
    const options: RequestOption[] = waiting.map((c) => ({
      caseId: c.caseId,
      approvalId: c.approval!.approvalId,
      merchant: c.merchant,
      amountMinor: c.amountMinor,
      currency: c.currency,
    }));
    return { clarification: { kind: "which_request", options } };
  }
  const kase = target ?? cases.find((c) => c.threadId === turn.threadId) ?? cases[0];
  if (!kase) return {};
  if (isWaiting(kase)) {
    const withdrawn = await deps.store.withdrawRequest({
      tenantId: state.tenantId,
      approvalId: kase.approval!.approvalId,
      caseId: kase.caseId,
      actor: state.customerId,
    });
    if (withdrawn) {
      const approval = { ...kase.approval!, status: "cancelled" as const };
      return {
        case: { ...caseRefOf(kase), priorStatus: "cancelled" },
        approval,
        withdrawn: { approvalId: approval.approvalId, caseId: kase.caseId },
        focus: focusOf(kase),
      };
    }
    const [now] = (await deps.store.listCases(state.tenantId, state.customerId)).filter((c) => c.caseId === kase.caseId);
    if (now) return { case: caseRefOf(now), approval: now.approval, focus: focusOf(now) };
  }
  return { case: caseRefOf(kase), approval: kase.approval, focus: focusOf(kase) };
}

/**
 * A cancel asked beside a new claim, carried out before the claim is opened: the request it
 * names is withdrawn (so it no longer counts against the new claim) and the claim then becomes
 * the turn's case. Undefined when the cancel needs a question back or is about an item not
 * booked yet: it is then settled after the claim, as any second request.
 */
async function cancelBeforeClaim(turn: Turn, cancel: Understanding): Promise<AgentUpdate | undefined> {
  const done = await withdraw(turn, cancel, undefined);
  if (done.clarification) return undefined;
  return { withdrawn: done.withdrawn ?? null, alsoCancel: { case: (done.case as CaseRef | undefined) ?? null } };
}

/** Hands the conversation to a person with a summary they can act on. */
async function handOver(turn: Turn, u: Understanding): Promise<{ reason: string; requested: true; handoverId: string }> {
  const { deps, state, threadId } = turn;
  const topic = u.category ? entryFor(state.tenantId, u.category)?.title : undefined;
  const reason = `The customer asked for a person${topic ? ` about: ${topic}` : ""}. Their words: "${turn.text.slice(0, 300)}"`;
  const { handoverId } = await deps.store.requestHandover({
    tenantId: state.tenantId,
    threadId,
    customerId: state.customerId,
    summary: reason,
    reason: "customer_asked",
    category: u.category ?? null,
    createdAt: deps.clock(),
  });
  return { reason, requested: true, handoverId };
}
