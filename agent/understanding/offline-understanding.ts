/** Understanding a message without a language model: keyword rules, a Banking77 classifier, entity extraction. */
import { findAmounts, findWordAmounts } from "./amounts";
import { labelForCategory } from "./banking77";
import { bankingClassifier, rankCategories, scoreLabels, type IntentModel, type LabelScore } from "./classifier";
import { findDate } from "./dates";
import { foldText } from "./intent-features";
import { bestMerchants, firstNamed, isKindOfShop, matchMerchant, merchantOfCountry, merchantOfKind, secondNamed } from "./merchants";
import { resolvePending, shopsOffered } from "./resolve";
import { ALREADY_STOPPED, applyRules, claimRule, FAILED_MOVE, MONEY_NOT_BACK, SAID_AGAINST, stripGreeting, type RuleLabel } from "./rules";
import { topicRule } from "./topic-rules";
import type { ChatTurn, Intent, PendingTxn, RefundReason, Txn, Understanding } from "./types";

/** What a message is read against: today, the customer's booked payments and their items not booked yet. */
export type OfflineContext = { today: string; transactions: Txn[]; pending?: PendingTxn[] };

/** Confidence given to a keyword-rule match. */
const RULE_CONFIDENCE = 0.9;
/** Words saying money left the account. */
const MONEY_TAKEN =
  /\b(?:charg(?:e|es|ed|ing)|statement|took|take(?!\s+(?:it|them|(?:my|the|your|this|a)\s+card|cards?|contactless)\b)|taken|billed?|debit(?:ed)?|deducted|withdrew|payments?|transactions?)\b|(?<!\p{L})(?:wyci[aą]g\p{L}*|pobra\p{L}*|pobrał\p{L}*|zapłaci\p{L}*|zaplaci\p{L}*|płatnoś\p{L}*|platnos\p{L}*|transakcj\p{L}*|obciąż\p{L}*|obciaz\p{L}*|ściągn\p{L}*|sciagn\p{L}*|zeszł\p{L}*|zeszl\p{L}*|policzy\p{L}*|naliczy\p{L}*)/iu;
/** "the fuel one is wrong": said of a payment, a claim about it. */
const IS_WRONG =
  /\b(?:is|was|looks|seems|also)\s+(?:wrong|off|incorrect|not\s+right)\b|\bsomething(?:'?s|\s+is)\s+(?:wrong|off|not\s+right)\b|\b(?:wrong|incorrect)\s+too\b|(?<!\p{L})(?:jest\s+)?(?:b[lł][eę]dn\p{L}*|nie\s+zgadza\s+si[eę])(?!\p{L})/iu;
/** "orlen fuel 210, I never filled up there", "not me": the customer denies the payment. */
const NEVER_DID =
  /\bnever\s+(?:\w+\s+)?(?:bought|ordered|paid|been|went|made|used|filled|tanked|shopped|stayed|visited|authori[sz]ed|was|shipped|sent|delivered|arrived|came|handed)\b|\bnever\s+got\s+(?:anything|it|them|my\s+order|the\s+(?:order|item|goods|product|parcel|package))\b|\bnot\s+me\b|\bwasn'?t\s+(?:me|mine)\b|\bdidn'?t\s+(?:buy|order|pay|go|make|authori[sz]e)\b|\bdon'?t\s+recogni[sz]e\b|(?<!\p{L})(?:to\s+nie\s+ja|nie\s+moj\p{L}*|nie\s+by[lł]\p{L}*\s+mnie)(?!\p{L})/iu;
/** The bank's own charges on a payment. */
const BANK_FEE =
  /\b(?:fees?|commission|surcharge|exchange\s+rate)\b|(?<!\p{L})(?:prowizj\p{L}*|op[lł]at\p{L}*\s+(?:za\s+)?(?:przewalutowan\p{L}*|transakcj\p{L}*\s+zagraniczn\p{L}*)|kurs\p{L}*)(?!\p{L})/iu;
/** A question about the bank's own charge ("did you charge me a fee on ...?", "what's the fee on the green grocer one?"). */
function asksAboutFee(text: string): boolean {
  return BANK_FEE.test(text) && (ASKS.test(text) || /\?|^\W*(?:did|have|has|was|were)\s+(?:you|they|i)\b/i.test(text));
}
/** Share of classifier probability on refund intents above which a message about a listed payment is a refund. */
const REFUND_SHARE_FLOOR = 0.15;
/** Below this the classifier's best guess is only a guess: the agent asks which of the likely topics is meant. */
export const CLARIFY_BELOW = 0.45;
/** Below this the message is about nothing the agent knows. */
export const OUT_OF_SCOPE_BELOW = 0.12;
/** A reading this sure stands on its own: it is not a fragment leaning on the message before. */
const SURE = 0.9;
/** How sure the classifier alone must be to change a card (freeze, unfreeze, replace): below it the agent asks. */
export const CARD_GUESS_FLOOR = 0.7;
/** A second request in the same message counts when its clause is at least this clear. */
const SECOND_INTENT_FLOOR = 0.6;
/** How sure the reading of a sentence that asks nothing must be for its help topic to be asked about beside another. */
const TOLD_SURELY = 0.95;
/** How many topics a clarifying question offers. */
const CLARIFY_OPTIONS = 3;

const ORDINALS: [RegExp, number][] = [
  [
    /\b(?:first|1st|former)\b(?!\s+(?:thing|question|point|issue|time)s?\b)|\bnumber\s+(?:one|1)\b|^\s*(?:the\s+)?(?:one|1)\s*[.!]?\s*$|(?<!\p{L})pierwsz\p{L}*|(?<!\p{L})(?:numer|nr)\s+(?:jeden|1)\b/iu,
    1,
  ],
  [
    /\b(?:second|2nd|latter)\b(?!\s+(?:thing|question|point|issue|time)s?\b)|\bnumber\s+(?:two|2)\b|^\s*(?:the\s+)?(?:two|2)\s*[.!]?\s*$|(?<!\p{L})drug(?:a|ą|ie|i|iej|iego|ą)(?!\p{L})|(?<!\p{L})(?:numer|nr)\s+(?:dwa|2)\b/iu,
    2,
  ],
  [
    /\b(?:third|3rd)\b(?!\s+(?:thing|question|point|issue|time)s?\b)|\bnumber\s+(?:three|3)\b|^\s*(?:the\s+)?(?:three|3)\s*[.!]?\s*$|(?<!\p{L})trzeci\p{L}*|(?<!\p{L})(?:numer|nr)\s+(?:trzy|3)\b/iu,
    3,
  ],
  [/\b(?:fourth|4th)\b|\bnumber\s+(?:four|4)\b|(?<!\p{L})czwart(?:a|ą|e|y|ej)(?!\p{L})/iu, 4],
  [/\b(?:last|final)\s+one\b|\bthe\s+last\b|(?<!\p{L})ostatni\p{L}*/iu, -1],
  // The agent lists payments newest first: the later one is the first, the earlier one the last.
  [/\b(?:later|latest|newer|more\s+recent|most\s+recent)\s+(?:one|charge|payment)\b|(?<!\p{L})(?:p[oó][zź]niejsz|najnowsz|nowsz)\p{L}*/iu, 1],
  [/\b(?:earlier|older|oldest)\s+(?:one|charge|payment)\b|(?<!\p{L})(?:wcze[sś]niejsz|najstarsz|starsz)\p{L}*/iu, -1],
];

/** "the second one" -> 2, "the last one" -> -1 (counted from the end). */
export function findOrdinal(text: string): number | undefined {
  return ORDINALS.find(([pattern]) => pattern.test(text))?.[1];
}

/** Merchant, amount, day, card digits and list position the text mentions; the date is taken out first so "12 March" is not an amount. */
/** "the electro mart... no wait, I mean the metro ticket": what the customer settles on, the words after the last correction. */
export function afterCorrection(said: string): string {
  const corrected = [...said.matchAll(CORRECTION)].at(-1);
  const rest = corrected ? said.slice(corrected.index + corrected[0].length) : "";
  // "no wait, I meant the metro. coffee was fine": what the customer settles on is said first; the sentences after explain.
  const settled = rest.split(/(?<=[.!?;])\s+/)[0]!;
  return /\p{L}{3}|\d/u.test(settled) ? settled : /\p{L}{3}|\d/u.test(rest) ? rest : said;
}

export function extractEntities(said: string, ctx: OfflineContext): Pick<Understanding, "merchant" | "amountMinor" | "date" | "ordinal" | "cardLast4"> {
  const text = afterCorrection(said);
  const found = entitiesIn(text, said, ctx);
  // "tę aptekę odwołuję, pomyliłem się - to były leki dla mamy": an admission naming nothing after it leaves the payment named before.
  const namesNothing = found.merchant === undefined && found.amountMinor === undefined && found.date === undefined;
  return text !== said && namesNothing ? entitiesIn(said, said, ctx) : found;
}

function entitiesIn(text: string, said: string, ctx: OfflineContext): Pick<Understanding, "merchant" | "amountMinor" | "date" | "ordinal" | "cardLast4"> {
  // "the 4th one" is a place in a list, not the 4th of the month; "I cancelled the booking this morning" dates what the customer did, not the payment.
  const blank = (m: string) => " ".repeat(m.length);
  const dated = text.replace(POSITION_NOT_DAY, blank).replace(CUSTOMER_DID, blank).replace(WANTED_BY, blank);
  const date = findDate(dated.replace(TRAVELLED, blank), ctx.today) ?? findDate(dated, ctx.today);
  const undated = date ? text.slice(0, date.start) + " ".repeat(date.end - date.start) + text.slice(date.end) : text;
  // "1) ... 2) ...": a list's numbers are no amounts.
  const rest = undated.replace(LIST_MARKER, (m) => " ".repeat(m.length)).replace(TIME_AGO, (m) => " ".repeat(m.length));
  const cardLast4 = /\b(?:card\s+)?(?:ending|ends|ending\s+in|finishing)\s+(?:in\s+|with\s+)?(\d{4})\b/i.exec(rest)?.[1];
  const amounts = [...findAmounts(rest), ...findWordAmounts(rest)]
    .filter((a) => !APPROXIMATE.test(rest.slice(0, a.start)) && !WHAT_IT_SHOULD_BE.test(rest.slice(0, a.start)))
    .sort((a, b) => a.start - b.start);
  const shops = ctx.transactions.map((t) => t.merchant);
  // "electro mart 1249 and city parking 38": the first shop named, with the amount said before the next.
  const first = matchMerchant(rest, shops) ? undefined : firstNamed(rest, bestMerchants(rest, shops));
  const ownAmounts = first ? amounts.filter((a) => a.start < first.nextAt) : amounts;
  const amountMinor = (ownAmounts.find((a) => a.explicit) ?? ownAmounts[0])?.amountMinor;
  // "either the fuel or the pharmacy": shops offered, not one named; the agent offers their payments.
  const offered = shopsOffered(rest, ctx.transactions).size >= 2;
  const merchant = offered
    ? undefined
    : (first?.merchant ??
      matchMerchant(rest, shops) ??
      merchantOfKind(rest, ctx.transactions) ??
      // "actually I meant the bakery": the words after the correction point at what was meant.
      (text !== said ? merchantOfKind(`i meant ${rest.trim()}`, ctx.transactions) : undefined) ??
      merchantOfCountry(rest, ctx.transactions) ??
      unlistedMerchant(rest));
  const ordinal = findOrdinal(rest);
  return {
    ...(merchant ? { merchant } : {}),
    ...(amountMinor !== undefined && String(amountMinor / 100) !== cardLast4 ? { amountMinor } : {}),
    ...(date ? { date: date.date } : {}),
    ...(ordinal !== undefined ? { ordinal } : {}),
    ...(cardLast4 ? { cardLast4 } : {}),
  };
}

/** "like 2 wks ago", "3 dni temu": a time ago, whose number is no amount. */
const TIME_AGO =
  /\b\d{1,3}\s+(?:days?|weeks?|wks?|months?|hours?|hrs?|years?|dni|dzie[nń]|tygodni\p{L}*|miesi[aą]c\p{L}*|godzin\p{L}*)\s+(?:ago|back|temu)(?!\p{L})/giu;

/** The number of an item in a list the customer wrote: "1) ... 2) ...". */
const LIST_MARKER = /(?<=^|\s)\d{1,2}\)(?=\s)/g;

/** What the customer did themselves after paying, with when: its day is no payment's ("I returned it on Monday", "we cancelled the room this morning", "anulowałam rezerwację wczoraj"). */
const CUSTOMER_DID =
  /\b(?:i|we)\s+(?:already\s+|just\s+|have\s+|had\s+)?(?:cancell?ed|returned|sent\s+(?:it|them|\w+)\s+back|brought\s+(?:it|them)\s+back|called|rang|phoned|e-?mailed|wrote|contacted|complained|reported)\b[^.!?;\n]{0,50}|(?<!\p{L})(?:anulowa[lł]\p{L}*|zwr[oó]ci[lł]\p{L}*|odes[lł]a[lł]\p{L}*|odda[lł]\p{L}*|dzwoni[lł]\p{L}*|napisa[lł]\p{L}*|pisa[lł]\p{L}*|reklamowa[lł]\p{L}*|zg[lł]asza[lł]\p{L}*|zg[lł]osi[lł]\p{L}*)(?!\p{L})[^.!?;\n]{0,50}/giu;

/** "I was travelling a couple of weeks back": when the customer was away, a payment's day only when the message names no other. */
const TRAVELLED = /\b(?:i|we)\s+(?:was|were)\s+(?:travell?ing|on\s+(?:holiday|vacation|a\s+trip)|away|abroad)\b[^.!?;\n]{0,30}/giu;

/** "i want it sorted today": when the customer wants the matter done, not the payment's day. */
const WANTED_BY =
  /\b(?:sorted|done|fixed|resolved|back|refunded|decided|handled|settled)\s+(?:out\s+)?(?:by\s+)?(?:today|tomorrow|tonight|this\s+week)\b|(?<!\p{L})(?:za[lł]atw\p{L}*|zrobion\p{L}*)\s+(?:jeszcze\s+)?(?:dzi[sś]|dzisiaj|jutro)(?!\p{L})/giu;

/** Words with which a customer takes back what they just said and names something else. */
const CORRECTION =
  /\b(?:no\s+wait|wait\s+no|no,?\s+sorry,?(?:\s+i'?m\s+mixing\s+(?:them|things|it)\s+up,?)?|i'?m\s+mixing\s+(?:them|things|it)\s+up,?|i\s+(?:got|get)\s+(?:them|it)\s+mixed\s+up,?|sorry,?\s+i\s+mean(?:t)?|i\s+mean(?:t)?|actually,?\s+(?:it'?s|it\s+was|i\s+mean|no\b,?)|scratch\s+that,?\s+(?:it'?s|it\s+was)|not\s+(?:that|the\s+\w+)\s+one,)\b|(?<!\p{L})(?:to\s+znaczy|chodzi(?:[lł]o)?\s+mi\s+o|nie,\s+czekaj|(?:nie,?\s+)?nie\s+t[aąeę](?:\s+\p{L}+){0,3},?\s+(?:tylko|a|ale)|pomyli[lł]\p{L}*\s+\p{L}+\s*[-–,]?)(?!\p{L})/giu;
/** "the 4th one", "2nd one pls": an ordinal number before "one" names a place in a list. */
const POSITION_NOT_DAY = /\b\d{1,2}(?:st|nd|rd|th)\s+(?:one|payment|charge|transaction)\b/gi;

/** "over a thousand euros", "about 20": a bound or a guess, which must not be matched as the exact amount. */
const APPROXIMATE =
  /\b(?:over|more\s+than|above|at\s+least|almost|nearly|about|around|roughly|approx\w*|under|less\s+than|below|some)\s*$|~\s*$|(?<!\p{L})(?:powy[zż]ej|ponad|poni[zż]ej|oko[lł]o|prawie|mniej\s+wi[eę]cej|co\s+najmniej|przesz[lł]o)\s*$/iu;
/** "i only filled up for 110", "should have been 20": what the customer meant to pay, not the payment's amount. */
const WHAT_IT_SHOULD_BE =
  /\b(?:i\s+(?:only|just)\s+(?:spent|paid|bought|ordered|had|used|filled\s+up|fuell?ed|tanked|took\s+out|withdrew|put\s+in)\s+(?:\w+\s+){0,3}?(?:for\s+)?|should\s+(?:only\s+)?(?:have\s+)?be(?:en)?\s+(?:only\s+)?|\b(?:bill|receipt|price|total)\s+(?:was|is|says|said|say|shows|showed)\s+(?:only\s+)?|(?<!\p{L})(?:powinn[oa]|powinien|mia[lł][oa]?)\s+(?:by[cć]\s+)?(?:tylko\s+)?)(?:€\s*)?$/iu;

/** Capitalised words that follow "at" or "from" without being a shop. */
const NOT_A_SHOP =
  /^(?:I|The|A|An|My|ATM|Atm|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Christmas|Easter|Home|Work|Spain|Spanish|Germany|German|Poland|Polish|Austria|Austrian|Euro|Other|Second|Third|Big|Small|Least|All|Once|First|Last|Night|Noon|Midnight|Pa[nń]stw\p{L}*|Vistul\p{L}*|Demo|Pan|Pana|Pani|Was|Wasz\p{L}*|Ciebie|Niego|Niej|Nich|Mnie|Siebie)$/u;

/** "Also", "And", "Plus" opening a sentence before a shop's name. */
const LEADING_JOINER = /^(?:Also|And|But|Plus|Then|So|Oh|Btw|Oraz|Ale|Potem)\s+/u;

/** Upper-case words that are not a shop's name. */
const NOT_A_BRAND =
  /^(?:ATM|PIN|EUR|PLN|USD|GBP|CHF|IBAN|SEPA|SWIFT|BLIK|SMS|APP|CVV|CVC|OTP|NFC|POS|VAT|FYI|ASAP|PLZ|PLS|OMG|WTF|UK|EU|USA|OK|NOT|WHY|HOW|WHAT|AND|NOW|THE|YOU|BUT|ALL|NEW|NEVER|PLEASE|HELP|STILL)$/;
/** A capitalised name of up to three words. */
const NAME = String.raw`([A-Z\u0104\u0106\u0118\u0141\u0143\u00d3\u015a\u0179\u017b][\w\u00c0-\u017f&'’.-]*(?:\s+[A-Z\u0104\u0106\u0118\u0141\u0143\u00d3\u015a\u0179\u017b][\w\u00c0-\u017f&'’.-]*){0,2})`;
/** Words saying a shop took money, after its name ("Zalando charged me", "Rossmann pobrał"). */
const TOOK = String.raw`(?:has\s+|just\s+|still\s+)?(?:(?:kept|keeps|still)\s+(?:on\s+)?charging|charged|double[-\s]?charged|overcharged|took|billed|debited|pobra\w*|policzy\w*|ściągn\w*|sciagn\w*|obciąży\w*|obciazy\w*|naliczy\w*|zabra\w*)`;
/** Where a shop's name stands: after "at"/"from" (or Polish "w", "z", "u", "od"), or before a word saying it took money. */
const SHOP_PLACES = [
  new RegExp(String.raw`\b(?:at|from|w|we|z|ze|u|od|za)\s+${NAME}`, "gu"),
  new RegExp(String.raw`\b(?:payment|charge|transaction|purchase)s?\s+(?:to|by)\s+${NAME}`, "gu"),
  // "the thief already used it on Zalando".
  new RegExp(String.raw`\b(?:used|spent|shopped|ordered)\s+(?:it\s+|them\s+|my\s+card\s+|the\s+card\s+|money\s+)?on\s+${NAME}`, "gu"),
  new RegExp(String.raw`\b(?:[Rr]efund|[Dd]ispute)\s+(?:my|the|that|this)\s+${NAME}\s+(?:purchase|order|payment|charge|subscription|booking|bill)\b`, "gu"),
  new RegExp(String.raw`(?:^|[.!?,]\s+)${NAME}\s+${TOOK}\b`, "gu"),
  new RegExp(String.raw`(?<!\p{L})(?:stacj\p{L}*|sklep\p{L}*|firm\p{L}*|sie[cć]\p{L}*)\s+${NAME}`, "gu"),
  // "There's a Netflix charge I never signed up for".
  new RegExp(String.raw`\b(?:a|an)\s+${NAME}\s+(?:charge|payment|subscription|transaction|debit)\b`, "gu"),
  // "refund my Lidl shopping from yesterday", "that Zalando delivery".
  new RegExp(
    String.raw`\b(?:[Mm]y|[Tt]he|[Tt]hat|[Tt]his)\s+${NAME}\s+(?:shopping|purchase|order|payment|charge|subscription|booking|bill|delivery|groceries|flight|ticket|ride|trip|room|stay)\b`,
    "gu",
  ),
  // "its the Lidl one from yesterday", "and the Zara one?".
  new RegExp(String.raw`\bthe\s+${NAME}\s+(?:one|payment|charge|transaction|ride|trip|order|subscription|booking|ticket|purchase|bill)\b`, "gu"),
  // "seller on Allegro never sent it", "sent the shoes back to Zalando".
  new RegExp(String.raw`\b(?:(?:seller|sellers|shop|store)\s+|(?:bought|ordered)\s+(?:\w+\s+){0,3})(?:on|via)\s+${NAME}`, "gu"),
  new RegExp(String.raw`\bback\s+to\s+${NAME}`, "gu"),
];
/** Words that open "... pobrał" without naming a shop: who else could have taken the money. */
const NOT_A_TAKER =
  /^(?:kto[sś]|oni|bank|sklep|kasjer\p{L}*|to|mi|mnie|znowu|ponownie|automat|bankomat|terminal|aplikacja|apka|system|karta|someone|somebody|anyone|anybody|they|it|he|she|you|we|shop|store|cashier|merchant|seller|company|app)$/iu;
/** A shop's name typed in lower case at the start of a message, before a word saying it took money ("zabka pobrala 2x", "amazon charged me"). */
const LOWERCASE_TAKER = new RegExp(
  String.raw`^\W*(\p{Ll}[\p{L}&'’.-]{2,})\s+(?:(?:pobra|policzy|ściągn|sciagn|obciąży|obciazy|naliczy|zabra)\p{L}*|(?:has\s+|just\s+)?(?:charged|double[-\s]?charged|took|billed|debited)\b)`,
  "u",
);
/** "Rossmann 46 zł to nie ja", "zabka 23 zl nie moja": a name opening the message, right before the amount. */
const NAME_BEFORE_AMOUNT = new RegExp(String.raw`^\W*(\p{L}[\p{L}&'’.-]{2,})\s+\d+(?:[.,]\d{1,2})?\s*(?:zł|zl|pln|eur|euro|euros|€)?(?!\p{L})`, "u");
/** Words that open a message before an amount without naming a shop. */
const NOT_A_NAME_BEFORE_AMOUNT =
  /^(?:refund|zwrot\p{L}*|paid|pay|payed|charged?|payments?|transactions?|p[lł]atno[sś][cć]\p{L}*|transakcj\p{L}*|kwot\p{L}*|amount|hi|hello|hey|hej|cze[sś][cć]|witam|yesterday|today|tonight|wczoraj|dzi[sś]|dzisiaj|przedwczoraj|only|just|about|around|over|under|almost|ok|okay|thanks|thx|dzi[eę]ki|what|why|how|where|when|who|is|was|were|are|my|mine|our|the|this|that|these|those|ten|ta|to|te|ja|mam|got|took|spent|sent|send|limit|limits|card|karta|kart\p{L}*|atm|cash|przelew\p{L}*|wys[lł]a[lł]\p{L}*|zap[lł]aci[lł]\p{L}*|wyp[lł]aci[lł]\p{L}*|also|and|but|please|pls|prosz[eę]|za|na|po|od|do|w|z|ze|about|for|from|at|on|in|since|before|after|last|ostatnio|again|znowu|twice|dwa|trzy|two|three|double|ponad|oko[lł]o|prawie|tylko|jeszcze|chyba|hmm|sorry|sory|wait|czekaj|nie|not|no|yes|tak|eur|euro|euros|pln|usd|gbp|chf|zl|random|another|some|purchase|order|bill|fees?|charges|op[lł]at\p{L}*|obci[aą][zż]eni\p{L}*|prowizj\p{L}*|rachun\p{L}*|zakup\p{L}*|wyp[lł]at\p{L}*)$/iu;

/** "my ikea purchase", "the zalando order", "refund for zalando order": a shop's name typed in lower case before what was bought from it. */
const LOWERCASE_PURCHASE =
  /\b(?:my|the|that|this|for)\s+(?!(?:my|the|that|this|an?|your|our|their|his|her)\b)([a-z][a-z0-9&'-]{2,})\s+(?:purchase|order|payment|charge|subscription|booking|bill|shopping)\b/;
/** "a refund from rossmann": a shop's name typed in lower case after the refund asked of it. */
const LOWERCASE_REFUND_FROM = /\b(?:refund|money\s+back)\s+from\s+([a-z][a-z0-9&'-]{2,})\b(?!\s+(?:the|a|my|your|you|them|it|this|that)\b)/;
/** "chcę reklamować płatność z orlenu": a shop's name typed in lower case after the Polish word for a payment. */
const LOWERCASE_PAYMENT_AT =
  /(?<!\p{L})(?:p[lł]atno[sś][cć]\p{L}*|transakcj\p{L}*|zakup\p{L}*|obci[aą][zż]eni\p{L}*)\s+(?:z|ze|w|we|u)\s+(\p{Ll}[\p{L}-]{2,})(?!\p{L})/u;
/** Words in that place that say where from or when, not which shop. */
const NOT_A_POLISH_SHOP =
  /^(?:kont\p{L}*|kart\p{L}*|wczoraj|dzi\p{L}*|sklep\p{L}*|internet\p{L}*|aplikacj\p{L}*|bankomat\p{L}*|zesz[lł]\p{L}*|ostatni\p{L}*|te(?:go|j|n|mu)?|t[aąeę]|moj\p{L}*|euro|eur|z[lł]ot\p{L}*|dolar\p{L}*|walu\p{L}*|funt\p{L}*|mojej|zagranic\p{L}*|polsk\p{L}*|niemiec|hiszpani\p{L}*|tygodni\p{L}*|miesi\p{L}*|weekend\p{L}*|pon\p{L}*|wtor\p{L}*|[sś]rod\p{L}*|czwart\p{L}*|pi[aą]t\p{L}*|sobot\p{L}*|niedziel\p{L}*)$/iu;
/** Words in that place that are who, not which shop. */
const NOT_A_REFUNDER = /^(?:you|us|them|him|her|me|someone|somebody|anyone|your|our|their|the|bank|merchant|shop|store|seller|company|there|here|abroad)$/;
/** Words in that place that say what kind of payment it was, not where. */
const GENERIC_PURCHASE =
  /^(?:last|latest|recent|previous|first|second|third|other|online|card|debit|credit|big|small|large|weekly|monthly|yearly|annual|latest|new|old|whole|double|duplicate|same|pending|foreign|contactless|cash|atm|transfer|refund|hotel|taxi|train|flight|grocery|food|fuel|petrol|gas|phone|internet|gym|coffee|parking|metro|cinema|book|books|pharmacy|bakery|tapas|fake|wrong|unknown|strange|weird|one|only|recurring|direct|standing)$/;

/**
 * A shop the customer names that is not among their payments ("charged twice at Starbucks",
 * "IKEA charged me 2x", "Rossmann policzył mi podwójnie"): kept as said, so the search finds
 * nothing rather than some other payment of that day, and the answer can say what was not found.
 */
function unlistedMerchant(text: string): string | undefined {
  const name = unlistedName(text);
  // "chemist charged me for vitamins": a kind of shop is no shop's name.
  return name && !isKindOfShop(name) ? name : undefined;
}

function unlistedName(text: string): string | undefined {
  for (const place of SHOP_PLACES) {
    for (const m of text.matchAll(place)) {
      // "Also Spotify took money again": a word joining the sentence on is no part of the name.
      const name = m[1]!.replace(/[.'’-]+$/, "").replace(LEADING_JOINER, "");
      if (!NOT_A_SHOP.test(name.split(/\s+/)[0]!) && name.length > 2) return name;
    }
  }
  const polishPayee = LOWERCASE_PAYMENT_AT.exec(text)?.[1];
  if (polishPayee && !NOT_A_POLISH_SHOP.test(polishPayee)) return polishPayee.charAt(0).toUpperCase() + polishPayee.slice(1);
  const bought = LOWERCASE_PURCHASE.exec(text)?.[1];
  if (bought && !GENERIC_PURCHASE.test(bought)) return bought.charAt(0).toUpperCase() + bought.slice(1);
  const refunder = LOWERCASE_REFUND_FROM.exec(text)?.[1];
  if (refunder && !GENERIC_PURCHASE.test(refunder) && !NOT_A_TAKER.test(refunder) && !NOT_A_REFUNDER.test(refunder))
    return refunder.charAt(0).toUpperCase() + refunder.slice(1);
  // A name before an amount is a shop only beside words against the payment ("Rossmann 46 zł to nie ja").
  const taker = LOWERCASE_TAKER.exec(text)?.[1] ?? (SAID_AGAINST.test(text) ? NAME_BEFORE_AMOUNT.exec(text)?.[1] : undefined);
  const named = taker && taker.charAt(0).toUpperCase() + taker.slice(1);
  if (named && !NOT_A_TAKER.test(named) && !NOT_A_NAME_BEFORE_AMOUNT.test(named) && !GENERIC_PURCHASE.test(named.toLowerCase()) && !NOT_A_SHOP.test(named))
    return named;
  // A brand in capitals ("IKEA"), unless the whole message is shouted.
  const shouted = text.replace(/[^A-Za-z]/g, "").length > 0 && text === text.toUpperCase();
  if (shouted) return undefined;
  return [...text.matchAll(/\b[A-Z][A-Z&]{2,}\b/g)].find((m) => !NOT_A_BRAND.test(m[0]) && inShopPlace(text, m.index, m[0].length))?.[0];
}

/** Where a shop stands in a claim: after "at", "from", "my"..., or before a charge or an amount. */
const BEFORE_A_SHOP = /(?:\b(?:at|from|by|via|with|my|refund|dispute)|(?<!\p{L})(?:w|z|ze|od|przez|u))\s+$/iu;
const AFTER_A_SHOP = new RegExp(
  String.raw`^\s+(?:${TOOK}|charges?|payments?|purchases?|orders?|transactions?|refund|double|twice|2x|never|didn'?t|did\s+not|hasn'?t|won'?t|\d)(?!\p{L})`,
  "iu",
);

/**
 * Whether a word in capitals stands where a shop does ("IKEA charged me 2x", "twice at LIDL"),
 * not where a customer stresses a word ("no idea what I'm ALLOWED to spend", "I CANCELLED it").
 */
function inShopPlace(text: string, at: number, length: number): boolean {
  return BEFORE_A_SHOP.test(text.slice(Math.max(0, at - 12), at)) || AFTER_A_SHOP.test(text.slice(at + length));
}

/** A rule's label, or the classifier's with every mapped intent it scored (`labels`), for the caller to reuse. */
type Classified = RuleLabel & { confidence: number; byRule: boolean; candidates?: string[]; labels?: LabelScore[] };

/**
 * The reason a refund claim carries: the customer's own words ("twice", "double") are the only
 * source of `duplicate`; a guess that a payment was taken twice would pick the payment for them.
 */
function claimedReason(guessed: RefundReason | undefined): RefundReason {
  return guessed && guessed !== "duplicate" ? guessed : "other";
}

/** The likeliest topics of a message, one per action, for a question back. */
function likelyTopics(model: IntentModel, body: string): string[] {
  return distinctTopics(rankCategories(model, body).map((r) => r.category)).slice(0, CLARIFY_OPTIONS);
}

/**
 * The intent of one message: a reliable keyword rule when one applies, else the classifier.
 * A guess below CLARIFY_BELOW becomes `unclear` with the likely categories as candidates.
 */
export function classifyText(text: string, model: IntentModel = bankingClassifier()): Classified {
  const rule = applyRules(text);
  if (rule) return { ...rule, confidence: RULE_CONFIDENCE, byRule: true };
  const body = stripGreeting(text);
  const labels = scoreLabels(model, body);
  const [top] = labels;
  const confidence = round(top.p);
  const words = contentWords(body);
  if (ONLY_SMALL_WORDS.test(body)) return { intent: "other", confidence, byRule: false, labels };
  // "problem with my card", "app issue": a thing named with nothing said of what is wrong with it.
  const namesNothing = words === 0 || SOMETHING_WRONG.test(body) || ONLY_TROUBLE_WITH.test(body) || ONLY_ODD.test(body);
  const onlyPronoun = (/^\W*(?:it|this|that)\b/i.test(body) && words <= 3) || ONE_THING.test(body);
  if (namesNothing || onlyPronoun || (words <= 2 && confidence < CLARIFY_BELOW) || (words === 1 && confidence < 0.9)) {
    // "it doesn't work": the likely things that stop working, rather than what customers ask most.
    const candidates =
      namesNothing && !/\bwork|\bbroken|\bplaying\s+up/i.test(body) && !ONLY_TROUBLE_WITH.test(body) ? COMMON_TOPICS : likelyTopics(model, body);
    return { intent: "unclear", confidence: Math.min(confidence, CLARIFY_BELOW), byRule: false, candidates, labels };
  }
  if (confidence < OUT_OF_SCOPE_BELOW) {
    // "I need some help ... could you assist me": help asked for with no topic is asked about, not turned away.
    if (HELP_ASKED.test(body)) return { intent: "unclear", confidence, byRule: false, candidates: COMMON_TOPICS, labels };
    return { intent: "other", confidence, byRule: false, labels };
  }
  if (confidence < CLARIFY_BELOW) return { intent: "unclear", confidence, byRule: false, candidates: likelyTopics(model, body), labels };
  const label = labelForCategory(top.category);
  // A card is frozen, unfrozen or replaced on a guess only when the guess is sure: "i jak, ktoś już to sprawdził?" freezes nothing.
  if (CARD_ACTIONS.includes(label.intent) && confidence < CARD_GUESS_FLOOR) {
    return { intent: "unclear", confidence, byRule: false, candidates: likelyTopics(model, body), labels };
  }
  // "...now I'm not sure about things. What should I do?": a guess at a card's trouble asks for advice, which the help article gives; a go-ahead then acts.
  if (CARD_ACTIONS.includes(label.intent) && ASKS_WHAT_TO_DO.test(body))
    return { intent: "knowledge", category: top.category, confidence, byRule: false, labels };
  // "with my account": an account is closed only when the customer says so, never on the classifier's guess.
  // "wrong wrong wrong", "the cashier typed it wrong": a sent transfer is recalled only when the message speaks of sending money.
  if ((top.category === "terminate_account" && !CLOSING.test(body)) || (top.category === "cancel_transfer" && !SENDING_MONEY.test(body)))
    return { intent: "unclear", confidence, byRule: false, candidates: likelyTopics(model, body).filter((c) => c !== top.category), labels };
  const reason = label.intent === "refund" ? { reason: claimedReason(top.reason ?? label.reason) } : {};
  return { ...label, ...reason, category: top.category, confidence, byRule: false, labels };
}

/** Words that carry no topic of their own ("help", "please", "hmm"). */
const FILLER = new Set([
  "help",
  "now",
  "next",
  "teraz",
  "no",
  "dalej",
  "zrobic",
  "robic",
  "me",
  "please",
  "pls",
  "plz",
  "hmm",
  "hm",
  "umm",
  "um",
  "uh",
  "erm",
  "the",
  "my",
  "a",
  "an",
  "i",
  "need",
  "have",
  "got",
  "question",
  "problem",
  "issue",
  "something",
  "urgent",
  "quick",
  "hey",
  "again",
  "what",
  "about",
  "thing",
  "stuff",
  "from",
  "before",
  "that",
  "this",
  "it",
  "is",
  "can",
  "could",
  "would",
  "you",
  "check",
  "look",
  "see",
  "do",
  "does",
  "prosze",
  "pomocy",
  "pomoc",
  "mam",
  "pytanie",
  "sprawe",
  "sprawa",
  "problem",
  "cos",
  "to",
  "ze",
  "mi",
  "mnie",
  "moja",
  "moje",
  "moj",
  "jest",
  "sie",
  "czy",
  "hej",
  "ej",
  "halo",
  "pilne",
  "szybkie",
  "odnosnie",
  "dotyczace",
  "w",
  "z",
  "na",
  "do",
  "o",
]);
/** Thanks, yes, no and goodbyes are answered as they are, never with a question back. */
const SMALL = String.raw`(?:thanks?|thank\s+you|thx|ta(?!\s+\p{L}{3,})|ok(?:ay)?|cheers|great|cool|bye|goodbye|yes|yeah|yep|no(?!\s+(?:i|to|dobra|nie|ale|a|co|jak|bo|przeciez|przecież)(?!\p{L}))|nope|sure|dzi[eę]kuj[eę]|dzi[eę]ki|super|spoko|dobrze|tak|nie|okej|do\s+widzenia|pa)(?!\p{L})`;
const SMALL_WORDS = new RegExp(String.raw`^\W*${SMALL}`, "iu");
/** A message of nothing but such words ("thanks!", "ok dzięki"): answered as it is, whatever the classifier makes of it. */
const ONLY_SMALL_WORDS = new RegExp(String.raw`^(?:\W*${SMALL})+[\W\p{Emoji_Presentation}]*$`, "iu");
/** "something is wrong", "there's a problem" with nothing said about what. */
const SOMETHING_WRONG =
  /^\W*(?:(?:so|and|but|well|ok)\s+)?(?:(?:it|this|that)\W+)?(?:(?:still|just)\s+)?(?:does\s*n[o']?t|doesnt|don'?t|dont|isn'?t|isnt|is\s+not|not|won'?t|wont)\s+work(?:ing|in)?(?:\s+(?:again|anymore|any\s+more))?\W*$|^\W*(?:(?:so|and|but|well|ok)\s+)?(?:it'?s|its|it\s+is)\s+(?:broken|not\s+working|playing\s+up)(?:\s+(?:again|wtf|ugh|omg|lol|pls|please))*\W*$|^\W*(?:\w+\W+){0,2}(?:some(?:thing|thin)(?:'s|\s+is|\s+seems)?\s+(?:wrong|off|not\s+right|weird|strange)(?:\s+(?:with|w)\s+(?:my\s+)?(?:account|acc|acct|card|app))?(?:\W+(?:can|could)\s+(?:you|u)\s+(?:look\s+into|check)\s+it)?|(?:there'?s|there\s+is|i\s+have)\s+(?:a\s+problem|an\s+issue|a\s+question))\W*$|^\W*(?:\w+\W+){0,3}(?:i\s+was\s+hoping|i'?m\s+hoping|i\s+wonder(?:ed)?\s+if)\s+you\s+(?:could|can|might)\s+help\s+(?:me\s+)?(?:with\s+)?(?:something|a\s+(?:question|problem|thing))\W*$|^\W*(?:\p{L}+\W+)?(?:co[sś]\s+(?:jest\s+|si[eę]\s+)?(?:nie\s+tak|nie\s+dzia[lł]a|dziwnego|zepsu\p{L}+)|mam\s+(?:(?:jaki[sś]|ma[lł]y|du[zż]y)\s+)?problem|nie\s+dzia[lł]a(?:\s+mi)?(?:\s+to)?)(?:\s+(?:z\s+)?\p{L}+)?\W*$/iu;
/** "ur app is being weird", "its doing that thing again smh", "need to sort out smth with my acc": a thing said to be odd, and nothing more. */
const ONLY_ODD =
  /^\W*(?:(?:ur|your|the|my)\s+)?(?:app|account|acc|acct|card|online\s+banking)\s+(?:is\s+|'s\s+|s\s+)?(?:being\s+|acting\s+)?(?:so\s+)?(?:weird|strange|odd|funny|up|buggy|glitch\w*|playing\s+up|not\s+right)(?:\s+(?:again|today|lately|smh|lol|ugh|wtf))*\W*$|^\W*(?:it'?s|its|it\s+is|it)\s+(?:doing|did)\s+(?:that|the|this)\s+(?:same\s+)?thing\s+again(?:\s+(?:smh|lol|ugh|wtf))*\W*$|^\W*(?:i\s+)?(?:need|want|have)\s+to\s+(?:sort\s+out|fix|discuss|talk\s+about|check)\s+(?:smth|sth|something|some\s+stuff|a\s+thing)\s+(?:with|about|on|w)\s+(?:my\s+)?(?:acc|account|acct|card|app)\W*$/i;
/** A trouble with a thing and nothing more: "problem with my card", "account issue", "problem z kartą". */
const ONLY_TROUBLE_WITH =
  /^\W*(?:(?:i\s+(?:have|got|'ve\s+got)|there'?s|there\s+is)\s+)?(?:a\s+|some\s+)?(?:problems?|issues?|trouble)\s+(?:with\s+)?(?:my\s+|the\s+)?(?:card|account|app|money|payment|transfer|bank)s?\W*$|^\W*(?:my\s+)?(?:card|account|app|money|payment)\s+(?:problems?|issues?|trouble)\W*$|^\W*(?:jaki[sś]\s+)?problem\s+z\s+(?:moj\p{L}*\s+)?\p{L}+\W*$/iu;
/** "what should I do?", "co mam zrobić?": advice asked for, not an action. */
const ASKS_WHAT_TO_DO =
  /\bwhat\s+(?:should|do|can|must)\s+i\s+do\b|\bwhat\s+(?:now|next)\s*\?|(?<!\p{L})co\s+(?:mam|powinien\p{L}*|powinna\p{L}*)\s+(?:teraz\s+)?zrobi[cć](?!\p{L})/iu;

/** Words of leaving the bank: closing, deleting or ending an account, in either language. */
const CLOSING =
  /\b(?:clos\w*|terminat\w*|delet\w*|cancel\w*|shut\w*|end(?:ing)?|leav\w*|quit\w*|switch\w*|get\s+rid|remov\w*|deactivat\w*)\b|(?<!\p{L})(?:zamkn\p{L}*|zamyk\p{L}*|likwid\p{L}*|zlikwid\p{L}*|usun\p{L}*|usuń\p{L}*|rezygn\p{L}*|zrezygn\p{L}*|wypowi\p{L}*|rozwi[aą]z\p{L}*)/iu;
/** Words of money sent to someone, in either language: what a recalled transfer speaks of. */
const SENDING_MONEY =
  /\b(?:transfer\w*|sepa|swift|wire\w*|sen[dt]\w*|recipient|beneficiary|iban|account\s+(?:number|details)|paid\s+(?:the\s+)?wrong\s+(?:person|account)|payee)\b|(?<!\p{L})(?:przel\p{L}*|wys[lł]a\p{L}*|odbiorc\p{L}*|numer\p{L}*\s+konta)/iu;
/** "pin", "the app", "can you check something for me real quick": a thing named alone, or something to check, with nothing asked of it. */
const ONE_THING =
  /^\W*(?:(?:the|my|your)\s+)?(?:pin|app|card|cards|account|money|payment|payments|transfer|phone|balance)\W*$|^\W*(?:can|could)\s+(?:you|u)\s+(?:please\s+)?check\s+(?:something|smth|sth|one\s+thing)\b(?:\s+(?:for\s+me|real\s+quick|quickly|please|pls))*\W*$/i;

/** Help asked for in so many words. */
const HELP_ASKED =
  /\b(?:need|want|would\s+like|looking\s+for)\s+(?:some\s+)?(?:help|assistance)\b|\bgrateful\s+for\s+(?:any\s+)?(?:help|assistance)\b|\b(?:help|assist)\s+me\b|(?<!\p{L})(?:potrzebuj\p{L}*\s+pomocy|pom[oó][zż]\p{L}*\s+mi)(?!\p{L})/iu;
/** The topics offered when a message names none: what customers ask most. */
const COMMON_TOPICS = ["request_refund", "lost_or_stolen_card", "pending_card_payment"];

/** How many words of the message could name a topic: Infinity for greetings-like small talk, which the caller leaves alone. */
function contentWords(text: string): number {
  if (SMALL_WORDS.test(text)) return Infinity;
  return foldText(text)
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1 && !FILLER.has(w)).length;
}

/** Categories in order, keeping only the first of several that lead to the same action (one "refund" option, not three). */
function distinctTopics(categories: string[]): string[] {
  const seen = new Set<string>();
  return categories.filter((c) => {
    const label = labelForCategory(c);
    const key = label.intent === "knowledge" || label.intent === "handover" ? c : label.intent;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The understanding of one clause. */
export function understandText(text: string, ctx: OfflineContext, model: IntentModel = bankingClassifier()): Understanding {
  return readText(text, ctx, model).u;
}

/** Asking when, or whether yet, something goes through (folded text, both languages). */
const WHEN_BOOKED =
  /\b(?:when|how\s+long|how\s+soon|why|still|yet|arriv\w*|go(?:es|ne)?\s+through|come\s+through|show\s+up|clear\w*|booked|land\w*|posted|process\w*|kiedy|dlaczego|czemu|jeszcze|nadal|wciaz|dalej|dojdzie|dotrze|wejdzie|przyjdzie|pojawi\w*|zaksieg\w*)\b/;

/** A question about how refunds work or how long they take, not a claim (folded text, both languages). */
const GENERAL_REFUND_QUESTION =
  /\bhow\s+(?:does|do)\b.{0,60}\bwork\b|\bjust\s+curious\b|\bnot\s+about\s+(?:a|any|one)\s+(?:particular|specific)\b|\bhypothetical\w*\b|\bhow\s+long\s+(?:until|till|before)\b(?!.*\bmy\s+(?:refund|money|claim)\b)|\bhow\s+long\s+(?:does|do|will|would|can|should)\s+(?:a|the|it|refunds?|disputes?|chargebacks?)\b.*\b(?:take|last)\b|\bin\s+general\b|\b(?:usually|typically|normally)\s+take\b|\bwhat(?:'s|s|\s+is)\s+the\s+(?:process|procedure)\b|\bjak\s+dzial\w*\s+(?:zwrot|reklamac|procedur)|\b(?:ile|jak\s+dlugo)\s+(?:trwa|sie\s+czeka|czeka\s+sie|zajmuje)\b|\bogolnie\b|\bzazwyczaj\b|\bzwykle\b/;
/** Words that name a kind of item rather than the one item ("ATM" of "ATM Centrum"). */
const KIND_OF_ITEM = /\b(?:atm|cash|withdrawal|top[\s-]?up|by|bank|transfer)\b/gi;
/** The items' names without the words for their kind: "the atm gave me less" names no item, "ATM centrum" does. */
function ownNames(items: PendingTxn[]): string[] {
  return items.map((p) => p.merchant.replace(KIND_OF_ITEM, " ").trim()).filter((name) => name.length > 0);
}

/** "co z orlenem?", "a jak tam empik?": a short question after one thing (folded text). */
const PL_HOW_IS_IT = /^\W*(?:(?:a|i|no|to)\s+)?(?:co\s+(?:z|ze)|jak\s+tam(?:\s+z)?)\s+(?:\p{L}+\s*){1,3}\W*$/u;
/** Help topics about a kind of payment the customer does not recognise, or an amount of cash that was wrong. */
const UNRECOGNISED_KINDS = new Set(["cash_withdrawal_not_recognised", "direct_debit_payment_not_recognised", "wrong_amount_of_cash_received"]);
/** Of those, one about how long. */
const HOW_LONG = /\bhow\s+long\b|\b(?:usually|typically|normally)\s+take\b|\b(?:ile|jak\s+dlugo)\s+(?:trwa|sie\s+czeka|czeka\s+sie|zajmuje)\b/;

/** The understanding of one clause, and whether a keyword rule read it (rather than the classifier). */
function readText(text: string, ctx: OfflineContext, model: IntentModel): { u: Understanding; byRule: boolean } {
  const c = classifyText(text, model);
  const byRule = c.byRule;
  const kept = cardKept(text, c, model);
  if (kept) return { u: kept, byRule: true };
  if (c.intent === "greeting") return { u: { intent: "greeting", ...(c.category === "thanks" && { category: "thanks" }), confidence: c.confidence }, byRule };
  const entities = extractEntities(text, ctx);
  const namesPayment = entities.merchant !== undefined || ctx.transactions.some((t) => t.amountMinor === entities.amountMinor);
  // "Green Grocer charged me 99 euros": one of the customer's own shops and a charge is a claim about that payment.
  const ownShop = ctx.transactions.some((t) => t.merchant === entities.merchant);
  const refunds = (c.labels ?? []).filter((l) => l.intent === "refund");
  const vague = c.intent === "unclear" || c.intent === "other";
  // "did you charge me some kind of fee on the Bar Tapas Sol payment?" asks about the bank's fee, not for the payment back.
  const asksFee = c.intent === "knowledge" && asksAboutFee(text);
  if (
    !c.byRule &&
    !asksFee &&
    // "Gadget Hub charged me 89 but they never shipped the headphones": a guess of a status question is a claim when the customer's own shop took money and nothing is asked.
    (!["cancel", "status"].includes(c.intent) ||
      (c.intent === "status" && ownShop && NEVER_DID.test(text) && !asksSomething(text) && !REQUEST_NAMED.test(text))) &&
    namesPayment &&
    (MONEY_TAKEN.test(text) || IS_WRONG.test(text) || (ownShop && NEVER_DID.test(text)))
  ) {
    const share = refunds.reduce((sum, l) => sum + l.p, 0);
    if (share >= REFUND_SHARE_FLOOR || ownShop || vague) {
      const u: Understanding = {
        intent: "refund",
        reason: claimedReason(refunds[0]?.reason),
        ...(refunds[0] ? { category: refunds[0].category } : {}),
        ...entities,
        confidence: round(Math.max(share, ownShop ? SECOND_INTENT_FLOOR : CLARIFY_BELOW)),
      };
      return { u, byRule };
    }
  }
  // "how does a dispute work in general?": a question about refunds that names no payment is answered from the help articles.
  if (c.intent === "refund" && entities.merchant === undefined && entities.amountMinor === undefined && entities.date === undefined) {
    const folded = foldText(text);
    if (GENERAL_REFUND_QUESTION.test(folded)) {
      const category = HOW_LONG.test(folded) ? "Refund_not_showing_up" : "request_refund";
      return { u: { intent: "knowledge", category, confidence: RULE_CONFIDENCE }, byRule: true };
    }
  }
  // "coffee corner took 4.90 twice, refund the extra one": a claim about one of the customer's own payments, whatever help topic its words touch.
  if (c.byRule && c.intent === "knowledge" && ownShop) {
    // "...i gave everything back at the till, the lady said it would be reversed. it wasnt": money the shop never returned.
    const claim = claimRule(text) ?? (MONEY_NOT_BACK.test(text) ? { reason: "other" as const } : undefined);
    if (claim) return { u: { intent: "refund", reason: claim.reason ?? "other", ...entities, confidence: RULE_CONFIDENCE }, byRule: true };
  }
  // "ATM centrum 100 eur withdrawal wasnt me": a claim about an item not booked yet, named by its shop or recipient, is a claim all the same.
  // "ATM Centrum yesterday: took 100 from my card but the money never came out": the classifier's guess of a card the machine kept is cash not given.
  const cashNotGiven = !c.byRule && c.category === "card_swallowed" && entities.amountMinor !== undefined && MONEY_TAKEN.test(text);
  const kind = cashNotGiven ? "wrong_amount_of_cash_received" : c.category;
  if (
    (c.intent === "knowledge" || cashNotGiven) &&
    UNRECOGNISED_KINDS.has(kind ?? "") &&
    // Not recognised: the one withdrawal not booked yet is named by its kind too; a wrong amount only by its name.
    bestMerchants(text, kind === "wrong_amount_of_cash_received" ? ownNames(ctx.pending ?? []) : (ctx.pending ?? []).map((p) => p.merchant)).length === 1
  ) {
    return { u: { intent: "refund", reason: "unrecognised", category: kind, ...entities, confidence: RULE_CONFIDENCE }, byRule: true };
  }
  // "co z orlenem?": where the request about a payment named alone stands.
  if (entities.merchant !== undefined && PL_HOW_IS_IT.test(foldText(text)) && !c.byRule) {
    return { u: { intent: "status", ...entities, confidence: RULE_CONFIDENCE }, byRule: true };
  }
  // "when will my 250 to maria novak actually arrive": a question about when an item not booked yet goes through.
  if (
    ["knowledge", "unclear", "other", "pending"].includes(c.intent) &&
    WHEN_BOOKED.test(foldText(text)) &&
    !inGeneral(text) &&
    // "My top-up with card was failed two times yesterday, why is this happen?": what failed is no item still going through.
    !WENT_WRONG.test(text) &&
    // "how is the rate decided when I take money from machines abroad?": the bank's rate or fee, not the item.
    !/\b(?:rate|fees?|exchange|commission)\b|(?<!\p{L})(?:kurs\p{L}*|op[lł]at\p{L}*|prowizj\p{L}*)(?!\p{L})/iu.test(text) &&
    resolvePending(text, entities as Understanding, ctx.pending ?? [], ctx.transactions)
  ) {
    return {
      u: { intent: "pending", ...(c.intent === "pending" && c.category ? { category: c.category } : {}), ...entities, confidence: RULE_CONFIDENCE },
      byRule: true,
    };
  }
  const listed = ctx.transactions.some((t) => t.merchant === entities.merchant && t.amountMinor === entities.amountMinor);
  if (vague && listed) {
    const u: Understanding = {
      intent: "refund",
      reason: claimedReason(refunds[0]?.reason),
      ...(refunds[0] ? { category: refunds[0].category } : {}),
      ...entities,
      confidence: CLARIFY_BELOW,
    };
    return { u, byRule };
  }
  const article = c.intent === "pending" ? pendingArticle(text, c.category) : undefined;
  if (article) return { u: { intent: "knowledge", category: article, ...entities, confidence: c.confidence }, byRule };
  const u: Understanding = {
    intent: c.intent,
    ...(c.category ? { category: c.category } : {}),
    ...(c.reason ? { reason: c.reason } : {}),
    ...(c.cardReason ? { cardReason: c.cardReason } : {}),
    ...(c.candidates ? { candidates: c.candidates } : {}),
    ...entities,
    confidence: c.confidence,
  };
  return { u, byRule };
}

/** An item told as failed, declined or reversed: over, not going through. */
const WENT_WRONG =
  /\b(?:was\s+|got\s+|has\s+|have\s+|keeps?\s+)?(?:failed|fails|declined|rejected|reverted|reversed|bounced)\b|(?<!\p{L})(?:nie\s+powiod[lł]\p{L}*|odrzucon\p{L}*|cofni[eę]t\p{L}*)(?!\p{L})/iu;

/** "my card sits in my wallet, not lost", "my card is right here with me": the card is safe with the customer now. */
const CARD_HERE =
  /\b(?:not|isn'?t|wasn'?t|never\s+(?:got|been))\s+(?:been\s+)?(?:lost|stolen)\b|\b(?:card|it)\s+(?:is|'s|sits|stays)\s+(?:still\s+|safely\s+|right\s+)*(?:here|with\s+me|in\s+my\s+(?:wallet|hand|pocket|bag|purse))\b|\b(?:have|got)\s+(?:it|my\s+card|the\s+card)\s+(?:right\s+)?(?:here|with\s+me|in\s+(?:my\s+)?hand)\b|(?<!\p{L})(?:mam\s+j[aą]\s+przy\s+sobie|nie\s+(?:jest\s+)?(?:zgubion\p{L}*|ukradzion\p{L}*))(?!\p{L})/iu;
/** "if it ever got stolen while I'm travelling": a loss that has not happened. */
const IF_EVER_LOST =
  /\bif\s+(?:it|my\s+card|the\s+card|i)\s+(?:ever\s+|someday\s+|one\s+day\s+)?(?:(?:gets?|got|were|was|is)\s+(?:\w+\s+)?(?:stolen|lost|nicked|taken)|(?:lose|lost)\s+(?:it|my\s+card|the\s+card))\b/i;
/** A loss or theft told as having happened. */
const GONE_NOW =
  /\b(?:stolen|robbed|nicked|pickpocket\w*|someone\s+(?:took|has|used|is\s+using)|lost\s+(?:it|my(?!\s+(?:phone|mobile|passcode|password|pin)\b))|can'?t\s+find|(?<!\b(?:phone|mobile)\b.{0,12})missing)\b|(?<!\p{L})(?:ukrad\p{L}*|zgubi[lł]\p{L}*)(?!\p{L})/iu;
/** "block it", "freeze my card": a stop asked in so many words. */
const STOP_ASKED =
  /(?<!\b(?:do|should|must|shall)\s+i\s+(?:(?:also|really)\s+)?(?:(?:need|have)\s+to\s+)?)\b(?:freeze|block|lock|stop|cancel)\s+(?:it|my|the|this)\b|(?<!\p{L})zablokuj\p{L}*(?!\p{L})/iu;
/** "no need to do anything, all good": nothing asked of the agent. */
const NOTHING_TO_DO =
  /\bno\s+need\s+to\s+do\s+anything\b|\b(?:don'?t|do\s+not)\s+(?:need\s+to\s+)?do\s+anything\b|\bnothing\s+(?:to\s+do|needed)\b|(?<!\p{L})nic\s+nie\s+(?:trzeba|r[oó]bcie)(?!\p{L})/iu;
/** "it just turned up", "found it": a card missing for a while is back with the customer. */
const CARD_TURNED_UP =
  /\b(?:found\s+(?:it|my\s+card|the\s+card)|(?:it|card)\s+(?:just\s+|finally\s+)?(?:turned|showed)\s+up)\b|(?<!\p{L})znalaz[lł]\p{L}*\s+(?:\p{L}+\s+)?kart\p{L}*/iu;
const NEVER_MIND = /\bnever\s*mind\b|\bnvm\b|\bforget\s+it\b|\bthanks?\s+anyway\b|(?<!\p{L})(?:nieważne|niewazne|nie\s+ma\s+sprawy)(?!\p{L})/iu;
/** "switch it back on", "unfreeze my card": asked of the card, where "unblock it" beside a blocked PIN is asked of the PIN. */
const CARD_UNFREEZE_ASKED = /\b(?:unfreeze|reactivate|re-?enable|(?:turn|switch)\s+(?:it\s+)?back\s+on|(?:unblock|unlock)\s+(?:my|the)\s+(?:\w+\s+)?card)\b/i;
const UNFREEZE_ASKED = /\b(?:unfreeze|unblock|unlock|undo|reactivate|re-?enable|(?:turn|switch)\s+(?:it\s+)?back\s+on)\b|(?<!\p{L})odblokuj\p{L}*(?!\p{L})/iu;

/**
 * A card the customer still has is not stopped, nor started again when nothing stopped it: "my
 * card sits in my wallet, not lost, but no machine reacts to it" asks why it does not work; "if it
 * ever got stolen, how does blocking it work?" asks how; "thought my card was gone but it was in
 * the car, no need to do anything" asks nothing. A stop asked in so many words is done.
 */
function cardKept(text: string, c: Classified, model: IntentModel): Understanding | undefined {
  if (c.intent === "unfreeze_card" && NOTHING_TO_DO.test(text) && !UNFREEZE_ASKED.test(text)) return { intent: "greeting", confidence: RULE_CONFIDENCE };
  // "was gonna ask you to cancel my card... it just turned up in the washing basket. never mind, thanks anyway": no request to withdraw.
  if (c.intent === "cancel" && CARD_TURNED_UP.test(text) && NEVER_MIND.test(text) && !REQUEST_NAMED.test(text) && !UNFREEZE_ASKED.test(text))
    return { intent: "greeting", category: "thanks", confidence: RULE_CONFIDENCE };
  if (c.intent !== "freeze_card" || STOP_ASKED.test(text)) return undefined;
  // "my wife knows the secret number of my card, I want to make new one": a new PIN, not a stopped card.
  if (topicRule(text)?.category === "change_pin") return { intent: "knowledge", category: "change_pin", confidence: RULE_CONFIDENCE };
  const hypothetical = IF_EVER_LOST.test(text);
  if (!(hypothetical || CARD_HERE.test(text)) || GONE_NOW.test(text.replace(IF_EVER_LOST, " ").replace(CARD_HERE, " "))) return undefined;
  if (hypothetical) return { intent: "knowledge", category: "lost_or_stolen_card", confidence: RULE_CONFIDENCE };
  const topic = rankCategories(model, text).find((r) => labelForCategory(r.category).intent === "knowledge" && !CARD_STOPPED_TOPICS.has(r.category));
  return topic ? { intent: "knowledge", category: topic.category, confidence: round(Math.max(topic.p, CLARIFY_BELOW)) } : undefined;
}
/** Topics about a card gone or kept, which a card safe with the customer is not. */
const CARD_STOPPED_TOPICS = new Set(["card_swallowed", "lost_or_stolen_card", "compromised_card"]);

/** The help article on each kind of item not booked yet. */
const PENDING_ARTICLES: Record<PendingTxn["kind"], string> = {
  card_payment: "pending_card_payment",
  transfer: "pending_transfer",
  cash_withdrawal: "pending_cash_withdrawal",
  top_up: "pending_top_up",
};
/** The kind of item a pending question is about, by the article the classifier chose or the words used. */
const KIND_BY_CATEGORY: Record<string, PendingTxn["kind"]> = {
  ...Object.fromEntries(Object.entries(PENDING_ARTICLES).map(([kind, category]) => [category, kind as PendingTxn["kind"]])),
  transfer_not_received_by_recipient: "transfer",
};
const KIND_BY_WORDS: [PendingTxn["kind"], RegExp][] = [
  ["top_up", /\btop[\s-]?ups?\b|\btopping\s+up\b|(?<!\p{L})do[lł]adowa/iu],
  ["cash_withdrawal", /\b(?:atm|cash|withdraw\w*)\b|(?<!\p{L})(?:bankomat|wyp[lł]at)/iu],
  ["transfer", /\b(?:transfer\w*|sent|send\w*)\b|(?<!\p{L})przelew/iu],
  ["card_payment", /\b(?:card\s+payments?|purchases?|payments?|shop\w*)\b|(?<!\p{L})(?:p[lł]atno[sś]\p{L}*|zakup\p{L}*)/iu],
];
/** A question about how such items go in general ("why do top ups sometimes hang around as pending"), not about one of the customer's. */
const IN_GENERAL =
  /\b(?:usually|normally|typically|generally|in\s+general|sometimes|ever|always)\b|(?<!\p{L})(?:zazwyczaj|zwykle|czasem|czasami|og[oó]lnie)(?!\p{L})/iu;
const ONES_OWN = /\b(?:my|mine|i|i'?ve|i'?m|me)\b|(?<!\p{L})(?:moj\p{L}*|mój|moja|moje|mi|mnie|wys[lł]a[lł]\p{L}*|zap[lł]aci[lł]\p{L}*)(?!\p{L})/iu;

/** "what should I do if I send money and nothing arrives?": an item supposed, not one of the customer's. */
const SUPPOSED = /\bwhat\s+(?:should|do|can|would|must)\s+i\s+do\s+if\b|\bif\s+i\s+(?:ever\s+)?(?:send|pay|top\s+up|withdraw)\b/i;

function inGeneral(text: string): boolean {
  return IN_GENERAL.test(text) && !ONES_OWN.test(text);
}

/**
 * A pending question the help article answers better than the list of the customer's items:
 * one about such items in general, with nothing said of the customer's own.
 */
function pendingArticle(text: string, category: string | undefined): string | undefined {
  const kind = (category && KIND_BY_CATEGORY[category]) ?? KIND_BY_WORDS.find(([, words]) => words.test(text))?.[0];
  if (!kind) return undefined;
  if (!inGeneral(text) && !SUPPOSED.test(text)) return undefined;
  return category && KIND_BY_CATEGORY[category] ? category : PENDING_ARTICLES[kind];
}

/** Which of two requests in one message the agent handles first: stopping a card before anything else, money before questions. */
const PRECEDENCE: Intent[] = ["freeze_card", "refund", "cancel", "unfreeze_card", "replace_card", "status", "pending", "limits", "handover", "knowledge"];

/** A clause that asks something; a clause that only explains ("it was my son") asks for no help article. */
const ASKS =
  /\?\s*$|\bwhy\W*$|\bhow\s+(?:to|i\s+(?:can|could|should|must|do))\b|\bhow\s+i\s+(?!(?:found|saw|got|knew|lost|paid|was|had|did|felt|thought|\p{L}+ed)(?!\p{L}))\p{L}+\s+(?:it|my|the|a|this|that)\W*$|(?:^\W*|,\s*)(?:wich|wat|wats|hw)\b|\bwhat\s+(?:do|should|can)\s+i\s+do\b|\bwhy\s+(?:does|do|did|is|was|would)\b|\bcurious\b|\b(?:meaning|want(?:ed)?)\s+to\s+ask\b|\b(?:some\s+)?idea\s+of\s+(?:how|what|when)\b|\b(?:tell|let)\s+me\s+(?:know\s+)?(?:how|what|when|where|whether|if)\b|\b(?:wonder(?:ing)?|would\s+like\s+to\s+know|(?:could|can)\s+you\s+(?:please\s+)?(?:tell|explain|remind|let\s+me\s+know))\b|(?:^\W*|,\s*)(?:how|what|when|where|whether|why|which|who|can|could|do|does|is|are|will|would|should|tell\s+me|explain|i\s+(?:want|need|would\s+like)\s+to\s+know)\b|(?:^|,)\s*(?:jak|jaki|jaka|jakie|ile|kiedy|gdzie|dlaczego|czemu|czy|co|chc[eę]\s+wiedzie[cć])(?!\p{L})/iu;
/** "New card arrived today, how do I activate it": a question after what the clause tells first. */
const ASKS_WITHIN =
  /^\W*(?:(?:and|also|plus)\s+)?did\s+(?:i|you)\b|\b(?:how|what|where|when|why|which)(?:'?s|\s+(?:do|does|can|could|should|would|is|are|will|did|much|long|many))\s+(?:i|you|it|we|my|the|a|an)\b/i;
/** "two things:\n- my PIN got blocked...\n- contactless hasn't worked all week": an item of a list is a matter of its own. */
const BULLET = /^\s*[-•*–]\s/;
/** Whether a message asks something: a question, "...or not", "..., right?". */
export function asksSomething(text: string): boolean {
  return ASKS.test(text) || /\?|\bor\s+(?:not|what)\b|\bright\W*$|(?<!\p{L})czy\s+nie(?!\p{L})/iu.test(text);
}

/** Words asking what became of a request: its decision, its money, its standing. */
const OUTCOME_WORDS =
  /\b(?:accepted|approved|rejected|refused|declined|turned\s+down|decided|decision|verdict|sorted|settled|resolved|paid(?:\s+(?:out|back))?|refunded|credited|(?:went|gone|go|come|came)\s+through|c[ao]me\s+back|came\s+out\s+of|back\s+(?:yet|already)|(?:make|made|done)\s+already|visible|show\s+up|see\s+(?:the|my|it|that)|state\s+of|happening|going\s+on|go(?:in|ing)\b|(?:must\s+)?(?:to\s+)?wait(?:ing)?\s+still|still\s+wait\w*|i\s+(?:must|have)\s+(?:to\s+)?wait|(?:anything|nothing)\s+(?:\w+\s+)?open|back\s+on\s+(?:my|the)\s+(?:balance|account|card)|(?:already\s+)?(?:on|in)\s+(?:my|the)\s+(?:balance|account)\s+(?:already|yet|or\s+not)|land(?:s|ed)?\s+(?:back\s+)?(?:on|in|onto)\s+(?:my|the)|on\s+(?:its|the)\s+way|(?:gone|went|go|come|came)\s+back\s+(?:on|onto|to|in|into)\s+(?:my|the)|shows?\s+up|showing\s+up|hear\s+(?:back|something|anything)|(?:is|was|be|been)\s+done|ok(?:ay)?\s+now|with\s+(?:someone|somebody|a\s+person|an?\s+operator|a\s+human))\b|(?<!\p{L})(?:nic\s+(?:\p{L}+\s+)?otwart\p{L}*|uznan\p{L}*|zaakceptowan\p{L}*|odrzucon\p{L}*|rozpatrzon\p{L}*|zatwierdzon\p{L}*|decyzj\p{L}*|wr[oó]ci[lł]\p{L}*|przysz[lł]\p{L}*|zwr[oó]con\p{L}*|za[lł]atwion\p{L}*)(?!\p{L})/iu;
/** Asked of the review itself, or of the conversation's request by a pronoun alone: enough, in a conversation with a request ("how long it will take?", "who is checking it", "co z tym empikiem, czekam i czekam"). */
const STANDING_ASKED =
  /^\W*(?:(?:so|ok|okay|and|but)\W+){0,2}how\s+long\s+(?:(?:will|would|does|is)\s+)?(?:it|that|this)\s+(?:(?:will|gonna|going\s+to)\s+)?take\b(?!\s+(?:to|for|until|me\s+to)\b)|\bwho\s+(?:actually\s+|really\s+)?(?:decides?|decided|is\s+deciding|makes\s+the\s+decision)\b|\bhow\s+long\s+do\s+(?:you|they)(?:\s+guys)?\s+(?:\w+\s+)?take\s+to\s+(?:look\s+at|check|review|decide)\b|^\W*(?:so\s+)?no\s+money\s+back\W*$|\bwhen\s+i\s+will\s+(?:see|get|have)\s+(?:(?:this|the|my|that)\s+money|it)\s+back\b|\bwhen\s+(?:does|will|do)\s+(?:(?:the|my|that)\s+(?:\S+\s+){0,3}|it\s+)(?:actually\s+|finally\s+)?(?:land|arrive|come|get|show)\s*(?:back|up)?\s+(?:on|in|onto|to)\s+my\s+(?:card|account|balance)\b|\bwho\s+is\s+(?:this|that|the)\s+(?:[\w-]+\s+)?(?:person|operator|agent|human)\b|\bwhen\s+(?:do|will|does)\s+(?:they|you|someone|somebody|the\s+operator)\s+(?:actually\s+|finally\s+)?(?:open|look\s+at|check|review|decide\s+on)\s+(?:it|my|the|this)\b|\b(?:still\s+being|is\s+it\s+being)\s+(?:checked|reviewed|looked\s+at|processed)\b|\b(?:did|have|has)\s+(?:you|they)\s+(?:give|gave|given|paid|sent)\s+(?:it|them|the\s+money|my\s+money)\s+back\b|\bby\s+when\b|\bwhen\s+will\s+i\s+(?:know|hear)\b|\bwho\s+(?:is|s)\s+(?:checking|looking\s+at|handling|deciding(?:\s+on)?|reviewing)\s+(?:it|that|this|my)\b|(?<!\p{L})(?:co\s+z\s+(?:tym|tą|ta|tymi|moim|moją|moja|moimi)(?!\p{L})|cz(?:e)?kam\s+i\s+cz(?:e)?kam|a\s+tu\s+cisza|stan\s+(?:mojego\s+|mojej\s+|moich\s+|tego\s+|tej\s+)?(?:zwrot|reklamacj|zg[lł]osze|wnios)\p{L}*|(?:mam|musz[eę])\s+(?:jeszcze\s+)?(?:czeka[cć]|poczeka[cć]))/iu;
/** A decision named: enough, in a conversation with a request, to ask about it ("czemu odmowa??", "on what grounds was it refused"). */
const DECISION_WORDS =
  /\b(?:rejected|refused|declined|turned\s+down|knocked\s+back|shot\s+down|decision|verdict)\b|\b(?:say|said)\s+no\s+to\b|(?<!\p{L})(?:odmow\p{L}*|odrzucon\p{L}*|uznan\p{L}*|nie\s+(?:zosta[lł]\p{L}*\s+)?uwzgl[eę]dnion\p{L}*|decyzj\p{L}*)(?!\p{L})/iu;
/** A message opening as a question, with or without its question mark ("so what came out of my two claims"). */
const OPENS_A_QUESTION =
  /^\W*(?:(?:so|ok|okay|and|but|hi|hey|well|czyli|a|i|no)\W+){0,3}(?:did|has|have|is|was|are|were|hows?|what|whats|which|why|when|where|czy|czemu|dlaczego|kiedy|co|jak)\b/iu;
/** Fees asked of a payment ("what did you charge me on the tapas one?"): a help question, whatever request the payment has. */
const FEES_SAID = /\b(?:fees?|commission|exchange\s+rate|rate)\b|(?<!\p{L})(?:op[lł]at\p{L}*|prowizj\p{L}*|kurs\p{L}*)(?!\p{L})/iu;
/** "they'll refund it themselves", "the shop is refunding me": the money comes back from the shop. */
const SHOP_REFUNDS =
  /\b(?:they|the\s+(?:shop|store|merchant|seller|station|hotel|airline)|he|she)(?:'ll|'re|\s+will|\s+are|\s+is|\s+(?:are\s+)?going\s+to|\s+gonna)\s+(?:\w+\s+)?(?:refund(?:ing)?|return(?:ing)?|give|send|pay)\b|\brefund\s+it\s+themselves\b/i;
/** "I'm not trying to get money back, I just want to understand the rate": no claim, in so many words. */
const NOT_CLAIMING =
  /\b(?:not|never)\s+(?:trying|asking|looking|wanting|here)\s+(?:to\s+(?:get|claim|ask\s+for)|for)\s+(?:my\s+|the\s+|a\s+|any\s+)?(?:money\s+back|refund|claim)\b|\b(?:don'?t|do\s+not)\s+(?:want|need)\s+(?:a\s+|my\s+|the\s+)?(?:refund|money\s+back)\b/i;
/** Help topics about a payment taken that a claim may follow: a story told beside them may be the claim. */
const CLAIM_TOPICS = new Set([
  "card_payment_not_recognised",
  "transaction_charged_twice",
  "request_refund",
  "cash_withdrawal_not_recognised",
  "direct_debit_payment_not_recognised",
  "wrong_amount_of_cash_received",
  "Refund_not_showing_up",
  "reverted_card_payment?",
]);
/** Help articles on a fee or a charge the bank takes. */
const FEE_TOPIC = /_charge$|_fee_charged$/;
/** What a question about a request's outcome is said of: a request, its money, or what the conversation discussed. */
const OF_A_REQUEST =
  /\b(?:r[ei]f[ua]?n?d\w*|claims?|requests?|disputes?|complaints?|cases?|money|amount|it|that|this|them|these|those|both|all|one|anything|nothing)\b|(?<!\p{L})(?:zwrot\p{L}*|reklamacj\p{L}*|zg[lł]osze\p{L}*|pieni[aą]dz\p{L}*|kas[aey]|to(?!\s+(?:me|you|us|them|my|the|a|an|log|get|do|be|go|pay|use|see|make)\b)|ta|te|ten|obie|obu|wszystk\p{L}*|nic|niczego)(?!\p{L})/iu;

/**
 * Whether the message asks what became of a request: its decision ("czemu odmowa??"), whether
 * its money came ("is it paid or not?", "did the money from gadget hub come back already"), where
 * it stands ("so what came out of my two claims"); never a question about fees.
 */
export function asksAboutOutcome(text: string): boolean {
  // "ok and how long is this gonna take? I need that money back before rent is due": the standing asked, whatever is demanded beside it.
  if (STANDING_ASKED.test(text) && !FEES_SAID.test(text)) return true;
  if (REFUND_DEMANDED.test(text)) return false;
  const decision = DECISION_WORDS.test(text);
  if (!(decision || (OUTCOME_WORDS.test(text) && OF_A_REQUEST.test(text)))) return false;
  return (asksSomething(text) || OPENS_A_QUESTION.test(text) || decision) && !FEES_SAID.test(text);
}

/** Words that join a clause to the one before it ("and", "also", "i jeszcze"), read past when asking whether it asks. */
const JOINER =
  /^\W*(?:(?:and|also|plus|btw|p\.?\s?s\.?|oh\s+and|firstly|secondly|thirdly|furthermore|moreover|additionally|in\s+addition|(?:a\s+)?(?:separate|different|another|second|other|unrelated)\s+(?:question|thing)|one\s+more\s+(?:thing|question)|i\s+jeszcze|a\s+jeszcze|i(?!\s+(?:have|had|has|think|thought|was|am|m|got|need|needed|want|wanted|would|will|just|did|do|don'?t|didn'?t|can|can'?t|could|tried|paid|bought|used|lost|found|made|sent|see|saw|know|noticed|checked|called|live|work|only|never|also|really|still|guess|hope|realised|realized|mean|meant)(?!\p{L}))|a(?!\s+(?:friend|few|couple|lot|new|payment|charge|card|transfer|man|woman|guy|shop|store|bit|week|month|day|year|while|refund|question|problem|colleague|bank|message|text|call|website|site|link)(?!\p{L}))|oraz|jeszcze|aha|inne\s+pytanie|osobne\s+pytanie)(?!\p{L})[\s,:–—-]*)+/iu;

/** "contactless not work on terminals but chip and pin is ok and also i want know the daily limit": the clause before "also" is a matter too. */
const ANOTHER_NEXT = /^[\s,.;:!-]*(?:and\s+)?(?:also|plus|btw|by\s+the\s+way|oh\s+and|another\s+thing|one\s+more\s+thing|[+&])(?!\p{L})/iu;
function anotherFollows(clause: string, text: string): boolean {
  const at = text.indexOf(clause);
  return at >= 0 && ANOTHER_NEXT.test(text.slice(at + clause.length));
}

/** Clauses of a run-on message: sentences, and "and" / "also" before a new request. */
export function splitClauses(text: string): string[] {
  // "Page & Co Books", "Marks & Spencer": an ampersand between names joins no clauses.
  return text
    .replace(NAME_AMPERSAND, "$1\u0000")
    .replace(AND_CO, "$1\u0000")
    .split(
      /(?<=[.!?;])\s+|\s*\n+\s*|\s*[()]\s*|\s+(?=\d\)\s)|(?<=^|\s)\d\)\s+|,?\s+(?:as\s+well\s+as|together\s+with)\s+|,\s+or\s+(?=(?:how|what|when|where|why|can|could|do|does|is)\b)|,?\s+but\s+(?=(?:before|first)\b)|\s+(?=(?:what'?s|whats)\s+(?:the\s+)?status\b)|,?\s+(?:and\s+)?while\s+(?:you'?re|your|you\s+are)\s+at\s+it[,:]?\s+|,?\s+and\s+(?:after\s+that|afterwards|after(?=\s+i\b))\s+|,\s+(?:and\s+)?then\s+(?=(?:get|tell|give|put|connect|transfer|show|explain)\b)|\s+(?:and\s+also|also|plus|and\s+then|[+&])\s+(?!(?:charged|took|billed|debited|double[\s-]?charged|overcharged)\b)|,?\s+(?:btw|by\s+the\s+way|one\s+more\s+thing|oh\s+and|another\s+thing)[:,]?\s+|,\s+(?=i\s+(?:want|need|would\s+like)\s+to\s+(?:speak|talk|chat)\b)|,\s+(?=(?:please\s+)?(?:unblock|unfreeze|freeze|block|cancel|replace|send|order)\s+(?:the|my|it|that|this)\b)|,\s+(?=(?:(?:what|how|when|where)(?:\s+(?:is|are|about)|'?s)?|any\s+news\s+on)\s+(?:my|the|your)\b)|,?\s+(?:and|n)\s+(?=(?:i|i'?m|i've|my|then|what|whats|wat|wats|which|wich|how|hows|hw|when|whens|where|wheres|whether|any|can|could|would|please|pls|there|someone|somebody|tell|show|also|is|are|do|does|why|let|send|order|get|give|remind|check|has|have|did|freeze|block|unfreeze|unblock|cancel|withdraw|refund)\b)|,?\s+(?:a\s+)?(?:i\s+)?(?:przy\s+okazji|poza\s+tym|a\s+tak[zż]e|oraz|aha,?\s+i)[:,]?\s+|,?\s+(?:a|i)\s+jeszcze\s+(?:jedno\s+)?pytanie[:,]?\s+|,?\s+(?:a|i)\s+(?:jeszcze\s+|potem\s+|poza\s+tym\s+|(?:tak\s+)?w\s+og[oó]le\s+)?(?=(?:jak|jaki|jakie|jaka|ile|kiedy|gdzie|czy|co|prosz[eę]|chc[eę]|zablokuj\p{L}*|odblokuj\p{L}*|zam[oó]w\p{L}*|wys[lł]ani\p{L}*|anuluj\p{L}*|wycof\p{L}*|blokuj\p{L}*|mam|moja|m[oó]j|dlaczego|czemu|poka[zż]\p{L}*|sprawd[zź]\p{L}*|daj\p{L}*|podaj\p{L}*|powiedz\p{L}*|napisz\p{L}*|wyja[sś]nij\p{L}*|po[lł][aą]cz\p{L}*|przeka[zż]\p{L}*|wy[sś]lij\p{L}*|zwr[oó][cć]\p{L}*|oddaj\p{L}*)(?!\p{L}))/iu,
    )
    .map((c) => c.replaceAll("\u0000", " &").trim())
    .filter((c) => /\p{L}{2}/u.test(c));
}

const NAME_AMPERSAND = /(\p{Lu}\p{L}*)\s+&(?=\s+\p{Lu})/gu;
/** "page & co books" typed in lower case. */
const AND_CO = /(\p{L}+)\s+&(?=\s+co\b)/giu;

/** Requests whose clause names no payment to claim or cancel: a help question, the limits, a card, a person, thanks. */
const ASIDE_INTENTS: Intent[] = ["knowledge", "limits", "greeting", "handover", "freeze_card", "unfreeze_card", "replace_card"];

/**
 * The message without its clauses that ask something else, for finding the payment a claim or a
 * cancel is about: "cancel the claim. and how long does a transfer to another bank take?" names no
 * transfer to cancel. The whole message when it is one clause, or when every clause asks something else.
 */
export function moneyClauses(text: string, ctx: OfflineContext, model: IntentModel = bankingClassifier()): string {
  const clauses = splitClauses(text);
  if (clauses.length < 2) return text;
  const kept = clauses.filter((clause) => !ASIDE_INTENTS.includes(understandText(clause, ctx, model).intent));
  return kept.length > 0 ? kept.join(" ") : text;
}

/**
 * The understanding of a whole message. When its clauses ask for two different things
 * ("my card was stolen and what are my limits?") the first by PRECEDENCE is the request,
 * the other is `also`.
 */
export function understandCustomerText(message: string, ctx: OfflineContext, model: IntentModel = bankingClassifier()): Understanding {
  const text = withoutLetterFrame(message);
  const whole = understandText(text, ctx, model);
  const clauses = splitClauses(text);
  if (clauses.length < 2) return withSecondClaim(whole, text, [], ctx);
  const unfreezes = clauses.some((clause) => applyRules(clause)?.intent === "unfreeze_card");
  const readAll = clauses.map((clause) => ({ clause, ...readText(clause, ctx, model) }));
  // The help topic a clause tells most surely, not one it rules out ("not the card pin, the app one").
  const toldTopic = readAll
    .filter(({ u, clause }) => u.intent === "knowledge" && u.confidence >= CLARIFY_BELOW && !/^\W*(?:no\W+)?not\b/i.test(clause))
    .sort((a, b) => b.u.confidence - a.u.confidence)[0]?.u;
  const claims = readAll.some(({ u }) => u.intent === "refund");
  // "A friend told me... I'm about to buy something from a site I've never heard of... How do I make one?": a claim read in a story that
  // names none of the customer's payments and asks no money back, beside a help question the message asks surely, is the question's setting.
  const storyOfAQuestion = (u: Understanding, said: string) =>
    u.intent === "refund" &&
    ((NOT_CLAIMING.test(text) && !readAll.some((r) => r.u.intent === "refund" && (r.u.merchant !== undefined || r.u.amountMinor !== undefined))) ||
      (toldTopic !== undefined &&
        toldTopic.confidence >= SECOND_INTENT_FLOOR &&
        !CLAIM_TOPICS.has(toldTopic.category ?? "") &&
        u.merchant === undefined &&
        !ctx.transactions.some((t) => t.amountMinor === u.amountMinor) &&
        !REQUEST_NAMED.test(text) &&
        !POINTS_AT_ONE.test(text) &&
        !REFUND_DEMANDED.test(said) &&
        clauses.some((clause) => asksSomething(clause.replace(JOINER, "")))));
  const feeAsked = (u: Understanding, said: string) =>
    u.intent === "refund" &&
    u.merchant === undefined &&
    u.amountMinor === undefined &&
    FEES_SAID.test(said) &&
    readAll.some((r) => r.u.intent === "knowledge" && FEE_TOPIC.test(r.u.category ?? ""));
  const mistakeBesideAClaim = (u: Understanding, said: string) =>
    u.intent === "cancel" && !CANCEL_SAID.test(said) && readAll.some((r) => r.u.intent === "refund" && namesAPayment(r.u));
  /** A reading that asks for nothing: a claim of no money, an owned mistake beside a claim, a fee asked about, a story before a question. */
  const noRequestIn = (u: Understanding, said: string) =>
    claimOfNoMoney(u, text, toldTopic) || mistakeBesideAClaim(u, said) || feeAsked(u, said) || storyOfAQuestion(u, said);
  const read = readAll
    .map((r, i, all) => (i > 0 ? askedOfTheClauseBefore(r, all[i - 1]!, model) : r))
    .map((r) => (claims ? r : outcomeOfAClause(r)))
    .filter(
      ({ clause, u, byRule }) =>
        PRECEDENCE.includes(u.intent) &&
        // "...+ green grocer yesterday 23.40, I paid cash and they swiped my card anyway": one of the customer's payments named by shop and amount is a claim, however unsure the words.
        (u.confidence >= SECOND_INTENT_FLOOR ||
          // "there's a 4.90 charge on my account that's wrong, please reverse it. also...": an amount of the customer's, claimed, is asked about.
          (u.intent === "refund" &&
            !OWNED_UP.test(text) &&
            ctx.transactions.some(
              (t) => t.amountMinor === u.amountMinor && (u.merchant === undefined ? u.confidence >= CLARIFY_BELOW : t.merchant === u.merchant),
            ))) &&
        // A help topic a keyword rule reads in a clause joined on as another matter is asked for even when only the trouble is told ("plus my contactless stopped working").
        (u.intent !== "knowledge" ||
          (byRule && (JOINER.test(clause) || BULLET.test(clause) || ALSO_THIS_ONE.test(clause) || anotherFollows(clause, text))) ||
          ASKS.test(clause.replace(JOINER, "")) ||
          ASKS_WITHIN.test(clause)) &&
        !explainsClaim(clause, u) &&
        // "I wrote to you earlier about my Green Grocer payment. Could you let me know where that request stands?": the claim is the one asked about.
        !(u.intent === "refund" && whole.intent === "status" && ((!byRule && WROTE_BEFORE.test(clause)) || CLAIMED_BEFORE.test(clause))) &&
        // "...failed. do i get the money back automatically?": a question about the clause before, not a claim of its own.
        !(u.intent === "refund" && u.merchant === undefined && u.amountMinor === undefined && ASKS_IF_BACK.test(clause.replace(JOINER, ""))) &&
        // "false alarm - it was my son using my card details... you can unfreeze it", "ok nvm... u can unfreeze it": the explanation is of the card's freeze, no request withdrawn.
        !(u.intent === "cancel" && unfreezes && (!CANCEL_SAID.test(clause) || cardNevermind(clause, text))) &&
        // "Two hours I thought my card is lost... Now I find it in my shoe": the loss told is over.
        !(u.intent === "freeze_card" && ALREADY_STOPPED.test(text) && !FREEZE_ASKED.test(clause)) &&
        // "I lost my phone. The card is still in my wallet. Do I need to block the card too?": a card kept is asked about, not stopped.
        !(u.intent === "freeze_card" && CARD_HERE.test(text) && !STOP_ASKED.test(clause)) &&
        // "I froze my card last week cause I thought I lost it... please unfreeze it": the loss told is over.
        !(u.intent === "freeze_card" && unfreezes && !FREEZE_ASKED.test(clause)) &&
        // "...now it's blocked. can i unblock it?" about a PIN unfreezes no card.
        // "false alarm, it had slipped under the car seat. switch it back on pls. also ... my PIN 3 times ... is it locked now?": the card's own clause unfreezes it.
        !(u.intent === "unfreeze_card" && (/\bpin\b/i.test(clause) || (/\bpin\b/i.test(text) && !CARD_UNFREEZE_ASKED.test(clause)))) &&
        // "...my balance looks the same. where is it?": a question about what the message told, not about a request, when none is named.
        !(u.intent === "status" && WHERE_IS_IT.test(clause) && !REQUEST_NAMED.test(text)) &&
        // "sent money to my friend... it says 'failed'. where is my money now?": the failed transfer's money, not a request's.
        !(u.intent === "status" && !REQUEST_NAMED.test(text) && FAILED_MOVE.test(text)) &&
        !guessedRequest(clause, text, u, byRule, ctx) &&
        // "it wants the 6 digit code I made... I have no idea what it was. not the card pin, the app one": nothing said of money is no claim.
        // "oh so there isnt one, my bad. then i want to open one: page & co books 18.99": an owned mistake beside a new claim withdraws nothing.
        // "scratch the grocer thing, they'll refund it themselves. please pull that claim back": the shop's refund, beside a withdrawal, is no claim.
        !(u.intent === "refund" && SHOP_REFUNDS.test(clause) && readAll.some((r) => r.u.intent === "cancel")) &&
        // "noticed a small fee next to a shop payment I made there. I thought paying by card was free? Why is there a fee?": the fee is asked about, not claimed.
        !noRequestIn(u, clause),
    );
  // "...they say money come back but nothing come. Please make refund.": beside a claim, the classifier's guess of a status question is the claim's story.
  const claimed = read.some(({ u }) => u.intent === "refund");
  // "Jak to odrzucona, przecież mówię że to nie ja. Co się dzieje z moim zgłoszeniem": a protest naming no payment, beside a question where a request stands, is no new claim.
  const asksStatus = read.some(({ u, byRule }) => u.intent === "status" && byRule);
  const protest = (u: Understanding) => asksStatus && u.intent === "refund" && !namesAPayment(u);
  const claimedShop = read.find(({ u }) => u.intent === "refund" && u.merchant !== undefined)?.u.merchant;
  const story = (u: Understanding, byRule: boolean) =>
    claimed && u.intent === "status" && !byRule && (!u.merchant || !claimedShop || u.merchant === claimedShop);
  const parts = read.filter(({ u, byRule }) => !story(u, byRule) && !protest(u)).map(({ u }) => u);
  const toldFirst = toldBeforeAQuestion(clauses, read, parts, ctx, model);
  const told = toldFirst && !storyOfAQuestion(toldFirst, text) ? toldFirst : undefined;
  const clauseOf = new Map(read.map(({ u, clause }) => [u, clause]));
  // A help topic read from the whole message is a blend of its clauses' ("do you have disposable cards? and what's my monthly limit"): a clause's own topic wins.
  const wholeCounts =
    PRECEDENCE.includes(whole.intent) &&
    // "Jeszcze PKP Intercity 129 zł. Bilet oddałam w kasie, a pieniądze nie wróciły": the whole message's guess of a status question is the claim's story too.
    !story(whole, applyRules(text) !== undefined) &&
    !(whole.intent === "freeze_card" && unfreezes && !FREEZE_ASKED.test(text)) &&
    !(whole.intent === "cancel" && unfreezes && cardNevermind(text, text)) &&
    !protest(whole) &&
    !noRequestIn(whole, text) &&
    // "...I want that 180 refunded. And the 250 I sent Maria is still not gone through - what's going on with it?": a question where a request stands
    // that no clause asks, beside a clause about an item not booked yet, is that item's.
    !(whole.intent === "status" && !readAll.some(({ u }) => u.intent === "status") && readAll.some(({ u }) => u.intent === "pending")) &&
    whole.confidence >= SECOND_INTENT_FLOOR &&
    !(whole.intent === "knowledge" && parts.some((u) => u.intent === "knowledge"));
  const requests = [...(wholeCounts ? [whole] : []), ...(told ? [told] : []), ...parts];
  const byIntent = new Map<string, Understanding>();
  for (const u of requests) if (!byIntent.has(keyOf(u))) byIntent.set(keyOf(u), u);
  const ordered = [...byIntent.values()].sort((a, b) => PRECEDENCE.indexOf(a.intent) - PRECEDENCE.indexOf(b.intent));
  // "a co z tą pierwszą? coś już wiadomo?": the one clause that asks something is the request, when the whole message reads as none.
  if (ordered.length === 1 && !wholeCounts && (whole.intent === "unclear" || whole.intent === "other" || noRequestIn(whole, text)))
    return { ...ordered[0]!, ...paymentOf(whole), ...defined(ordered[0]!) };
  // "my card got declined at the pharmacy AGAIN today. Also I need a second card for my wife": a help question joined on as another
  // matter is asked beside the one the whole message reads, when a clause of the message tells that one too.
  const joinedTopic = ordered.length === 1 && !wholeCounts ? ordered[0]! : undefined;
  if (
    joinedTopic?.intent === "knowledge" &&
    whole.intent === "knowledge" &&
    joinedTopic.category !== whole.category &&
    JOINER.test(clauseOf.get(joinedTopic) ?? "") &&
    readAll.some(({ u, clause }) => u.intent === "knowledge" && u.category === whole.category && clause !== clauseOf.get(joinedTopic))
  )
    return { ...whole, also: joinedTopic };
  // "I cannot enter the app, I forget my passcode. Also my phone was stolen yesterday, what I must do?": the matter joined on is the
  // one the whole message reads; the other, told surely in a sentence of its own, is asked too.
  const toldApart =
    joinedTopic?.intent === "knowledge" &&
    whole.intent === "knowledge" &&
    joinedTopic.category === whole.category &&
    JOINER.test(clauseOf.get(joinedTopic) ?? "")
      ? readAll.find(
          ({ u, clause }) =>
            u.intent === "knowledge" &&
            u.category !== whole.category &&
            u.confidence >= TOLD_SURELY &&
            clauses.indexOf(clause) < clauses.indexOf(clauseOf.get(joinedTopic)!),
        )
      : undefined;
  if (toldApart) return { ...toldApart.u, also: joinedTopic };
  // "it wants the 6 digit code I made... I have no idea what it was": a claim of nothing said of money is the help topic the message tells.
  if (ordered.length === 0 && toldTopic && claimOfNoMoney(whole, text, toldTopic)) return toldTopic;
  if (ordered.length < 2) return withSecondClaim(whole, text, read, ctx);
  // The request first by precedence takes what the message says of a payment outside the other
  // request's own clause (all of it, when nothing else names one); the second only what its own clause says.
  const [first, second] = ordered;
  const own = (u: Understanding) => (u === whole ? (parts.find((p) => keyOf(p) === keyOf(u)) ?? u) : u);
  const secondOwn = own(second);
  const secondClause = clauseOf.get(secondOwn);
  const rest = secondClause === undefined ? undefined : clauses.filter((clause) => clause !== secondClause).join(" ");
  const elsewhere = rest === undefined ? {} : extractEntities(rest, ctx);
  const saidElsewhere = PAYMENT_FIELDS.some((field) => elsewhere[field] !== undefined);
  // "kino atlantic cancelled our screening and said refund goes to card. 24 eur. still not back, can you do it": a claim naming no
  // payment, beside a question where a refund stands that only the whole message asks, is a claim about the payment the message names.
  if (first.intent === "refund" && !namesAPayment(first) && second === whole && whole.intent === "status" && namesAPayment(whole))
    return { ...first, ...paymentOf(whole) };
  // "...why is the Hotel Adler 180 still pending? And separately, the Page & Co Books order never arrived, I'd like my money back for that."
  const namesNone = !namesAPayment(first);
  const firstRead =
    first.intent === whole.intent
      ? { ...(saidElsewhere ? withPayment(whole, elsewhere) : whole), ...defined(own(first)) }
      : namesNone && saidElsewhere && CASE_REQUESTS.includes(first.intent)
        ? { ...first, ...defined(elsewhere) }
        : claimOfTheMessage(first, secondOwn, whole);
  // "i put my card number into a fake site... please stop the card", "someone is using my card online... block it now": payments told
  // as the reason to stop the card are no claim of their own unless the message names a shop, a day, an amount of the customer's or an item not booked yet.
  const namesNothing = (u: Understanding) => u.merchant === undefined && u.date === undefined && !ctx.transactions.some((t) => t.amountMinor === u.amountMinor);
  if (
    first.intent === "freeze_card" &&
    secondOwn.intent === "refund" &&
    namesNothing(secondOwn) &&
    namesNothing(whole) &&
    !resolvePending(text, whole, ctx.pending ?? [], ctx.transactions)
  )
    return firstRead;
  return { ...firstRead, also: claimOfTheMessage(secondOwn, first, whole) };
}

/** "please dispute both", "two charges I don't recognise", "obie płatności": more than one payment claimed. */
/** "the first one", "the latter": one of the payments the message named, picked. */
const ONE_OF_THEM =
  /\bthe\s+(?:first|second|1st|2nd|last|former|latter)(?:\s+one)?\s*(?:[-–—:,]|$)|\bthe\s+(?:first|second|1st|2nd)\s+one\b(?!\s+(?:too|also|as\s+well))/i;
const SEVERAL_CLAIMED =
  /(?<!\b(?:shopped|paid|was|were|bought|ate|parked)\s+(?:at\s+)?\S+(?:\s+\S+){0,3}\s+)\b(?:and|plus)\s+[^\s.,;!?]+(?:\s+[^\s.,;!?]+){0,3}?\s+(?:also|too|as\s+well)\b(?![\s,]+(?:what|how|when|where|why|can|could|is|are|do|does|that|those|these|they|i\s+(?:want|need|would)))(?!.*\b(?:(?:are|is|was|were)\s+(?:fine|ok|okay|mine|correct|right)|those\s+are\s+fine)\b)|\bboth\b(?!\s+(?:(?:of\s+)?(?:my\s+|the\s+|our\s+)?(?:cards?|accounts?|phones?|kids|children|parents)\b|of\s+us\b|(?:are|were)\s+(?:on|at|in|with)\b))|\b(?:neither|nor)\b|\b(?:are|were)\s*(?:n'?t|not)\s+(?:mine|me|ours)\b|\b(?:two|2)\s+(?:more\b|(?:\w+\s+)?(?:payments?|charges?|transactions?|purchases?|debits?|things)\b)|(?<!\p{L})(?:obie|oba|obu|obydw\p{L}*|(?:dwie|2)\s+(?:\p{L}+\s+)?(?:p[lł]atno\p{L}*|transakcj\p{L}*|obci[aą][zż]eni\p{L}*))(?!\p{L})/iu;

/**
 * A second payment a claim names ("...refund that. And Page & Co Books charged me 18.99 for a book
 * they never shipped, refund that one too"; "electro mart 1249 and city parking 38, please dispute
 * both"): another shop named in a clause of its own read as a claim, or listed after the first
 * where the message says more than one is claimed. It is the claim's `also`, taken up beside it.
 * A claim with another request beside it, a payment owned up to and a correction ("no wait, I
 * meant the tapas") name no second.
 */
function withSecondClaim(u: Understanding, text: string, read: ClauseReading[], ctx: OfflineContext): Understanding {
  if (u.intent !== "refund" || u.also || u.merchant === undefined || OWNED_UP.test(text) || new RegExp(CORRECTION.source, "iu").test(text)) return u;
  const claims = read.filter(({ u: c }) => c.intent === "refund" && c.merchant !== undefined && c.confidence >= SECOND_INTENT_FLOOR);
  const own = claims.find(({ u: c }) => c.merchant !== u.merchant);
  // Each claim takes what its own clause says of its payment, not what the other's says ("...1,249.00 on tuesday / City Parking 38.00 twelve days ago").
  const first = (said: Partial<Understanding>) => ({ ...withPayment(u, said), reason: u.reason });
  if (own) {
    const { also: _also, candidates: _candidates, ...claim } = own.u;
    const firstOwn = claims.find(({ u: c }) => c.merchant === u.merchant);
    return { ...(firstOwn ? { ...first(paymentOf(firstOwn.u)), reason: firstOwn.u.reason ?? u.reason } : u), also: claim };
  }
  // "two things look odd to me: Metro Transit 2.90 and Page & Co 18.99. the first one - I didn't take any train": one of them is picked.
  if (!SEVERAL_CLAIMED.test(text) || ONE_OF_THEM.test(text)) return u;
  const second = secondNamed(
    text,
    ctx.transactions.map((t) => t.merchant),
  );
  if (!second || second.merchant === u.merchant) return u;
  // "...electro mart 1249 I dont recognise, I only parked at city parking": the second shop told as the customer's own doing is no claim.
  const clauseStart = Math.max(0, ...[",", ".", ";", "\n", "!", "?"].map((mark) => text.lastIndexOf(mark, second.at) + 1));
  if (OWN_DOING.test(text.slice(clauseStart, second.nextAt))) return u;
  const { ordinal: _ordinal, ...said } = extractEntities(text.slice(second.at, second.nextAt), ctx);
  const { ordinal: _o, ...before } = extractEntities(text.slice(0, second.at), ctx);
  // Charged twice is said of one payment; the other is claimed for what the message says of both.
  const reason = u.reason === "duplicate" ? "other" : u.reason;
  return {
    ...(before.merchant === u.merchant ? first(before) : u),
    also: { intent: "refund", ...(reason && { reason }), ...said, merchant: second.merchant, confidence: u.confidence },
  };
}

/** "I only parked at city parking", "I did buy at the bakery": a shop named as what the customer did, not claimed. */
const OWN_DOING = /\bi\s+(?:only|just|did|really|actually)\s+(?:\w+\s+){0,2}(?:at|in|from)\b|\b(?:only|just)\s+(?:parked|bought|paid|shopped|ate|used)\b/i;

/** "...no wait that one was me, sorry", "Green Grocer 23.40 is right, I paid that": a payment the customer owns up to. */
const OWNED_UP =
  /\b(?:that|this|it)(?:\s+one)?\s+(?:was|is)\s+(?:me|mine)\b|\b(?:was|is|are|were)\s+(?:me|mine|ours)\b|\bi\s+recogni[sz]e\b(?!\s+(?:neither|none))|\bignore\s+(?:that|this|it)\b|\bno\s+wait\b|\bmy\s+(?:mistake|bad)\b|\b(?:is|was|looks)\s+(?:right|fine|correct|ok|okay)\b|\bi\s+(?:did\s+)?(?:paid|made|bought)\s+(?:that|this|it)\b/i;
/** A card stopped in so many words ("the one ending 2222 was stolen, block it"), which an unfreeze beside it does not undo. */
/** "block my card", "can you pause it"; not "yesterday I block my card in app", told as done. */
const FREEZE_ASKED =
  /(?<!(?<!\b(?:can|could|may|should|shall|do|will|would|to|and)\s+)\b(?:i|we)\s+(?:already\s+|just\s+|had\s+)?)\b(?:freeze|block|lock|stop|suspend|pause)\b|(?<!\p{L})zablokuj\p{L}*/iu;

/** "it", "that", "there": a clause that speaks of what the clause before named. */
const POINTS_AT_BEFORE = /\b(?:it|that|this|them|there)\b/i;
/** Topics a clause before can set, which a question after it may ask more of. */
const TOPIC_INTENTS: Intent[] = ["knowledge", "limits", "pending"];
/** How likely the topic read with the clause before must be to stand for the clause's own. */
const JOINED_TOPIC_FLOOR = 0.15;

type ClauseReading = { clause: string; u: Understanding; byRule: boolean };

/** What such a clause says the question is of: a request, its money back, or one the conversation named ("the fuel one"). */
const REQUEST_SPOKEN_OF =
  /^\W*(?:rejected|refused|declined|denied)\W+(?:by\s+whom|why|how\s+come|on\s+what\s+grounds)\b|\b(?:the|that|this|my|so|and|about)\s+(?!(?:a|an|new|fresh|another|other|spare)\b)(?:[\w&'-]+\s+){0,2}one\b|\bmoney\s+(?:is\s+|be\s+)?back\s+(?:already|yet)\b|\b(?:refund\w*|claims?|requests?|disputes?|complaints?)\b|(?<!\p{L})(?:zwrot\p{L}*|reklamacj\p{L}*|zg[lł]osze\p{L}*)(?!\p{L})/iu;
/** Help topics a question about what became of a request resembles: money back, a payment reverted, one still pending, one taken twice. */
const OUTCOME_LOOKALIKES = new Set(["Refund_not_showing_up", "reverted_card_payment?", "pending_card_payment", "transaction_charged_twice", "request_refund"]);

/**
 * A clause beside another request that asks what became of a request ("so pharmacy one is ok now? and is there a
 * top-up limit", "Where I can check if the money is back already? and what is my ATM limit") asks where it stands,
 * whatever topic the classifier guessed for it.
 */
function outcomeOfAClause(r: ClauseReading): ClauseReading {
  const guessed = r.u.intent === "unclear" || r.u.intent === "other" || (r.u.intent === "knowledge" && !r.byRule && OUTCOME_LOOKALIKES.has(r.u.category ?? ""));
  if (!guessed || !asksAboutOutcome(r.clause) || !REQUEST_SPOKEN_OF.test(r.clause)) return r;
  return { ...r, u: { intent: "status", ...paymentOf(r.u), confidence: RULE_CONFIDENCE }, byRule: true };
}

/**
 * A help question that asks more of the topic the clause before named ("what does a SEPA transfer
 * cost and how long does it take to get there?", "how long transfer to poland take n whats the
 * fee", "how much can I withdraw per day and do you charge me for it"): read with that clause, the
 * likeliest topic other than the one the clause before asked. A clause a rule read, or one naming
 * a topic of its own, stays as read.
 */
function askedOfTheClauseBefore(r: ClauseReading, before: ClauseReading, model: IntentModel): ClauseReading {
  const vague = r.u.intent === "unclear" || r.u.intent === "other";
  const guessedTopic = r.u.intent === "knowledge" && r.u.confidence < SURE;
  // The clause before is itself a question: a statement before ("my top-up isn't there yet") is the setting, not a topic asked.
  const beforeAsks = ASKS.test(before.clause.replace(JOINER, "")) || ASKS_WITHIN.test(before.clause);
  if (r.byRule || !(vague || guessedTopic) || !TOPIC_INTENTS.includes(before.u.intent) || !beforeAsks) return r;
  const short = r.clause.split(/\s+/).length <= 4;
  if (!POINTS_AT_BEFORE.test(r.clause) && !short) return r;
  if (!ASKS.test(r.clause.replace(JOINER, "")) && !ASKS_WITHIN.test(r.clause) && !/\?/.test(r.clause)) return r;
  const beforeTopic = before.u.intent === "knowledge" ? before.u.category : undefined;
  // "how many days does a transfer take / do you charge anything for sending it": a help topic a rule reads in the two together, other than the one asked before.
  const ruled = topicRule(`${before.clause} ${r.clause.replace(JOINER, "")}`, beforeTopic);
  if (ruled?.category && labelForCategory(ruled.category).intent === "knowledge")
    return { ...r, u: { intent: "knowledge", category: ruled.category, confidence: RULE_CONFIDENCE } };
  const joined = rankCategories(model, `${before.clause} ${r.clause.replace(JOINER, "")}`).find(
    (c) => c.category !== beforeTopic && labelForCategory(c.category).intent === "knowledge",
  );
  if (!joined || joined.p < JOINED_TOPIC_FLOOR) return r;
  return { ...r, u: { intent: "knowledge", category: joined.category, confidence: Math.max(SECOND_INTENT_FLOOR, round(joined.p)) } };
}

/** A cancel said in so many words, not told by an explanation ("it was my son after all"). */
const CANCEL_SAID =
  /\b(?:cancel\w*|withdraw\w*|drop|scratch|forget|never\s*mind|nvm|stop)\b|(?<!\p{L})(?:anul\p{L}*|wycof\p{L}*|rezygn\p{L}*|zrezygn\p{L}*|odwo[lł]\p{L}*)/iu;

/**
 * "There's a direct debit ... I never signed up for. What should I do about that? And separately,
 * how do I move money in from another bank?": a question pointing back at what the clauses before
 * it tell asks about their topic, beside the help question another clause asks.
 */
function toldBeforeAQuestion(
  clauses: string[],
  read: ClauseReading[],
  parts: Understanding[],
  ctx: OfflineContext,
  model: IntentModel,
): Understanding | undefined {
  if (parts.length === 0) return undefined;
  const asked = new Set(read.filter(({ u }) => parts.includes(u)).map(({ clause }) => clause));
  const rest = clauses.filter((clause) => !asked.has(clause));
  const pointsBack = rest.some((clause, i) => {
    if (i === 0 || !(ASKS.test(clause.replace(JOINER, "")) || /\?/.test(clause))) return false;
    const own = understandText(clause, ctx, model);
    return (own.intent === "unclear" || own.intent === "other") && POINTS_AT_BEFORE.test(clause);
  });
  if (!pointsBack) return undefined;
  const u = understandText(rest.join(" "), ctx, model);
  return u.intent === "knowledge" && u.confidence >= SECOND_INTENT_FLOOR && !parts.some((p) => keyOf(p) === keyOf(u)) ? u : undefined;
}

/** "nvm", "forget it", "false alarm" beside an unfreeze, with no request or withdrawal named: said of the card's freeze. */
function cardNevermind(clause: string, message: string): boolean {
  return !REQUEST_NAMED.test(message) && !/\b(?:cancel\w*|withdraw\w*)\b|(?<!\p{L})(?:anul\p{L}*|wycof\p{L}*)/iu.test(clause);
}

/** "where is it?", "how's that going": a question whose object is only a pronoun. */
const WHERE_IS_IT = /^\W*(?:(?:and|so|ok|okay)\W+)?(?:where|how)(?:'?s|\s+is|\s+are)\s+(?:it|that|this|they|them)(?:\s+\w+)?\W*$/i;
/** A refund or a request named in so many words, in either language. */
const REQUEST_NAMED =
  /\b(?:r[ei]f[ua]?n?d\w*|claims?|requests?|disputes?|complaints?|money\s+back)\b|(?<!\p{L})(?:zwrot\p{L}*|reklamacj\p{L}*|zg[lł]osze\p{L}*)/iu;
/** Whether the message names a refund or a request in so many words ("my claims", "the refnd", "reklamacja"). */
export const namesARequest = (text: string) => REQUEST_NAMED.test(text);
/** "refund the green grocer one please", "zwróćcie mi to", "I need you to dispute the 89 payment": money back demanded, not asked about. */
const REFUND_DEMANDED =
  /\b(?:please|pls|plz|i\s+(?:want|need)\s+(?:you\s+)?to|can\s+you|could\s+you|i'?d\s+like\s+(?:you\s+)?to)\s+(?:\w+\s+){0,2}(?:dispute|refund|reverse|claim|chargeback)\b|\b(?:dispute|refund|reverse)\s+(?:the|this|that|my)\s+(?:\w+\s+){0,2}(?:charge|payment|transaction)\b|\b(?:refund|reverse|return)\s+(?:it|that|this|them|me|the|my)\b|\bgive\s+(?:it|me|my\s+money)\s+back\b|\b(?:want|need)\s+(?:my\s+)?(?:money|it)\s+back\b|(?<!\p{L})(?:zwr[oó][cć]\p{L}*|oddaj\p{L}*)(?!\p{L})/iu;

/** "I wrote to you earlier today regarding my Green Grocer payment": a request made before, told as the setting of a question. */
const WROTE_BEFORE =
  /\b(?:wrote|written|contacted|messaged|reached\s+out|spoke|asked)\b.{0,40}\b(?:earlier|before|yesterday|already|another\s+chat|last\s+week)\b|\bregarding\b/i;

/** "I asked for a refund last week", "Reklamowałam coś u was kilka tygodni temu": a claim told as made before, the setting of a question about it. */
const CLAIMED_BEFORE =
  /\bi\s+(?:already\s+)?(?:asked\s+for|applied\s+for|filed|put\s+in|submitted|made|raised|opened|requested)\s+(?:a\s+|the\s+|my\s+)?(?:refund|claim|dispute|complaint|request)\b|(?<!\p{L})(?:reklamowa[lł]\p{L}*|zg[lł]asza[lł]\p{L}*|zg[lł]osi[lł]\p{L}*|prosi[lł]\p{L}*\s+o\s+zwrot|(?:ponownie\s+|znowu\s+)?pisz[eę]\s+(?:ponownie\s+|znowu\s+)?w\s+sprawie)(?!\p{L})/iu;

/** `whole` with what is said of a payment taken from `said` alone. */
function withPayment(whole: Understanding, said: Partial<Understanding>): Understanding {
  const kept = { ...whole };
  for (const field of PAYMENT_FIELDS) delete kept[field];
  return { ...kept, ...defined(said) };
}

/** Whether `u` says anything of a payment. */
export const namesAPayment = (u: Understanding) => PAYMENT_FIELDS.some((field) => u[field] !== undefined);

/** What `u` says of a payment. */
export function paymentOf(u: Understanding): Partial<Understanding> {
  return Object.fromEntries(PAYMENT_FIELDS.filter((field) => u[field] !== undefined).map((field) => [field, u[field]]));
}

/** Requests about a payment's case, which take the payment the message names outside the other request's clause. */
const CASE_REQUESTS: Intent[] = ["refund", "cancel", "status"];

/** What a clause can say of a payment. */
const PAYMENT_FIELDS = ["merchant", "amountMinor", "date", "ordinal", "cardLast4"] as const;

/**
 * A claim in a clause of its own that names no payment ("...89 eur on friday at 2am. block my card
 * and i want that money back") is about the payment the message named, when the other request is
 * no claim of its own.
 */
function claimOfTheMessage(claim: Understanding, other: Understanding, whole: Understanding): Understanding {
  if (claim.intent !== "refund" || namesAPayment(claim)) return claim;
  if (["refund", "cancel", "status", "pending"].includes(other.intent)) return claim;
  return { ...claim, ...paymentOf(whole) };
}

/** A letter's salutation or closing on a line of its own: "Dear Sir or Madam,", "Kind regards,", "Z poważaniem". */
const LETTER_LINE =
  /^\W*(?:dear\s+[^,\n]{1,40}|to\s+whom\s+it\s+may\s+concern|(?:with\s+\w+\s+and\s+)?(?:kind|best|warm|warmest|many\s+thanks\s+and\s+kind)?\s*regards|yours\s+(?:sincerely|faithfully|truly)|sincerely|best|cheers|thanks(?:\s+in\s+advance)?|many\s+thanks|szanown\p{L}*\s+pa[nń]\p{L}*|pozdrawiam(?:\s+serdecznie)?|z\s+powa[zż]aniem|z\s+wyrazami\s+szacunku)\W*$/iu;
/** A salutation and a closing with the name under it, on the one line of a message. */
const INLINE_SALUTATION = /^\W*(?:dear\s+[^,.!?\n]{1,40}|to\s+whom\s+it\s+may\s+concern|szanown\p{L}*\s+pa[nń]\p{L}*(?:\s+i\s+pa[nń]\p{L}*)?)[,!]\s*/iu;
const INLINE_CLOSING =
  /[\s,.!]+(?:(?:[Ww]ith\s+)?(?:[Kk]ind|[Bb]est|[Ww]arm|[Ww]armest|[Mm]any)\s+(?:[Rr]egards|[Tt]hanks)|[Rr]egards|[Ss]incerely|[Yy]ours\s+(?:sincerely|faithfully|truly)|[Ww]ith\s+thanks|[Pp]ozdrawiam(?:\s+serdecznie)?|[Zz]\s+powa[zż]aniem)[,.]?\s+\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*)?\.?\s*$/u;
/** Courtesies that ask nothing: "I hope this email finds you well.", "Thank you for your time and attention." */
const COURTESY =
  /(?:^|(?<=[.!?]\s))(?:i\s+(?:hope|trust)\s+(?:this\s+(?:e-?mail|message)\s+finds\s+you\s+well|you\s+are\s+(?:keeping\s+)?well)|thank\s+you\s+(?:very\s+much\s+)?(?:in\s+advance\s+)?for\s+(?:your\s+(?:time|help|attention|prompt\s+attention)|looking\s+into\s+this|handling\s+my\s+\w+\s+message\s+so\s+promptly)(?:\s+(?:and|to)\s+[^.!?]{0,40})?|i\s+thank\s+you\s+in\s+advance[^.!?]{0,60})[.!]?/giu;

/**
 * A message written as a letter, without what asks nothing: the salutation, the courtesies, the
 * closing and the name under it. A line alone after a closing is the customer's name.
 */
export function withoutLetterFrame(message: string): string {
  // "Dear Sir or Madam, this afternoon a cash machine... Kind regards, Alice Novak": a letter written on one line.
  const text = /\n/.test(message) ? message : message.replace(INLINE_SALUTATION, "").replace(INLINE_CLOSING, "").trim() || message;
  if (!/\n/.test(text) && !COURTESY.test(text)) return text;
  COURTESY.lastIndex = 0;
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  let closed = false;
  for (const line of lines) {
    if (LETTER_LINE.test(line)) {
      closed ||= !/^\W*(?:dear|to\s+whom|szanown)/iu.test(line);
      continue;
    }
    if (closed && /^\W*\p{L}+(?:\s+\p{L}+)?\W*$/u.test(line)) continue;
    kept.push(line.replace(COURTESY, " ").trim());
  }
  const body = kept.filter((line) => line.length > 0).join("\n");
  return /\p{L}{2}/u.test(body) ? body : text;
}

/** Whether money comes back, asked rather than claimed. */
const ASKS_IF_BACK = /^\W*(?:do|does|will|would|should|is|are|can)\s+(?:i|it|they|the\s+money|my\s+money)\b.*\b(?:back|refunded|returned)\b/i;

/** "...and I don't know what it's for": a claim about "it" that names no payment explains the clause before rather than making a request of its own. */
function explainsClaim(clause: string, u: Understanding): boolean {
  return u.intent === "refund" && /\b(?:it|its|it['’]s)\b/i.test(clause) && u.merchant === undefined && u.amountMinor === undefined && u.date === undefined;
}

/** Words of a payment or of money, in either language: a claim is about one. */
const MONEY_SAID =
  /\b(?:charg\w*|payments?|paid|pay\w*|dispute\w*|back|twice|double\w*|transactions?|debit\w*|money|bought|purchas\w*|amount|bill\w*|statement|refund\w*|eur|euros?|cash|shop|store|took|taken|withdraw\w*|atm|bucks|quid|transfer\w*|order\w*)\b|[€$£]|\d+[.,]\d{2}\b|\d+\s*(?:eur|euros?|z[lł]|pln)\b|(?<!\p{L})(?:p[lł]a\p{L}*|zap[lł]a\p{L}*|obci[aą]\p{L}*|pobra\p{L}*|zwr[oó]\p{L}*|odda\p{L}*|st[oó]w\p{L}*|bankomat\p{L}*|wyp[lł]a\p{L}*|przelew\p{L}*|pieni\p{L}*|kas[aey]|zwrot\p{L}*|transakcj\p{L}*|z[lł]|sklep\p{L}*|kwot\p{L}*|zam[oó]wi\p{L}*)(?!\p{L})/iu;
/** A claim read in a message that says nothing of money or of a payment, beside a help topic it tells ("it wants the 6 digit code... I have no idea what it was"). */
const claimOfNoMoney = (u: Understanding, text: string, topic: Understanding | undefined) =>
  u.intent === "refund" && topic !== undefined && !namesAPayment(u) && !MONEY_SAID.test(text) && !POINTS_AT_ONE.test(text);
/** "and the biggest one? not mine either", "the other one": a payment the conversation showed, pointed at. */
const POINTS_AT_ONE =
  /\b(?:the|that|this|which)\s+(?:(?:more\s+|most\s+)?(?:expensive|biggest|largest|smallest|cheapest|dearest|priciest|bigger|smaller|cheaper|first|second|third|last|latest|earlier|later|other|same|big|small))\s+ones?\b|\bthe\s+other\b|\b(?:biggest|largest|smallest|cheapest|dearest|priciest)\b|(?<!\p{L})(?:t[aąeę]|tamt\p{L}*|ten)\s+(?:drug\p{L}*|pierwsz\p{L}*|ostatni\p{L}*|wi[eę]ksz\p{L}*|mniejsz\p{L}*|najwi[eę]ksz\p{L}*|najmniejsz\p{L}*)(?!\p{L})/iu;

const CARD_ACTIONS: Intent[] = ["freeze_card", "unfreeze_card", "replace_card"];
/** "that payment", "it": a clause pointing back at what the message said before. */
const POINTS_BACK = /\b(?:that|this|it|its)\b/i;

/**
 * A request that only the classifier read in a fragment naming no payment: a case (a refund,
 * where one stands, cancelling one), a person, or the items not booked yet ("i definitely have
 * enough in there", "why did it fail?", "want to leave my wallet at home"). The fragment tells
 * more about the rest of the message than it asks for something of its own.
 */
function guessedRequest(clause: string, message: string, u: Understanding, byRule: boolean, ctx: OfflineContext): boolean {
  if (byRule || !["refund", "status", "cancel", "handover", "pending", ...CARD_ACTIONS].includes(u.intent)) return false;
  // A card is frozen, unfrozen or replaced only when a rule read the clause so.
  if (CARD_ACTIONS.includes(u.intent)) return true;
  const namesPayment =
    u.merchant !== undefined ||
    ctx.transactions.some((t) => t.amountMinor === u.amountMinor) ||
    // "when will the atm withdrawal from centrum show up": an item not booked yet is named as a payment is.
    resolvePending(clause, u, ctx.pending ?? [], ctx.transactions) !== undefined ||
    // "...the hotel adler 180. and when will that payment go through?": it points back at the item the message named.
    (u.intent === "pending" && POINTS_BACK.test(clause) && resolvePending(message, u, ctx.pending ?? [], ctx.transactions) !== undefined);
  return !namesPayment;
}

function keyOf(u: Understanding): string {
  return u.intent === "knowledge" ? `knowledge/${u.category}` : u.intent;
}

/** The fields of `u` that carry a value, so a clause's reading fills in the whole message's without erasing it. */
function defined(u: Partial<Understanding>): Partial<Understanding> {
  return Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined));
}

/**
 * The understanding of the last customer message. When the agent has just asked a question and
 * the customer answers with only a payment ("the one at Electro Mart"), the refund asked for in
 * the customer's message before continues.
 */
export function understandLatest(turns: ChatTurn[], ctx: OfflineContext, model: IntentModel = bankingClassifier()): Understanding {
  const lastIndex = turns.findLastIndex((t) => t.role === "customer");
  if (lastIndex < 0) return { intent: "other", confidence: 0 };
  const last = turns[lastIndex].text;
  const latest = understandCustomerText(last, ctx, model);
  const hasEntities = latest.merchant !== undefined || latest.amountMinor !== undefined || latest.date !== undefined;
  // "Której z nich to dotyczy? Podaj jej numer... i napisz, czy...": a question asked near the end, whatever sentence closes the reply.
  const askedBack = turns[lastIndex - 1]?.role === "agent" && /\?/.test(turns[lastIndex - 1].text.trim().slice(-ASKED_WITHIN_LAST));
  const previousIndex = turns.slice(0, lastIndex).findLastIndex((t) => t.role === "customer");
  const previous = previousIndex < 0 ? undefined : turns[previousIndex];
  const leans = latest.intent === "unclear" || latest.intent === "other" || (FOLLOW_UP.test(last) && !applyRules(last) && latest.confidence < SURE);
  let before: Understanding | undefined;
  // The message before as it was understood in its own place in the conversation ("the pharmacy one" after "which payment?" is a refund).
  const readPrevious = () => (before ??= understandLatest(turns.slice(0, previousIndex + 1), ctx, model));
  // "the bakery one. and whats the monthly limit btw" after "which payment?": the answer, and another request beside it.
  const answeredBeside = askedBack && previous && latest.intent !== "refund" ? answerBeside(turns, lastIndex, ctx, model) : undefined;
  if (answeredBeside) return answeredBeside;
  // "and the other one?", "a ta za 3499?" after a question about where a request stands: the same question, about the request named or the customer's requests.
  // "nice. also the tapas bar charged me 41.50 for a 35 meal": a claim told of another payment is no such question.
  const toldAgainst = latest.intent === "refund" && latest.merchant !== undefined && (MONEY_TAKEN.test(last) || IS_WRONG.test(last));
  if (leans && previous && FOLLOW_UP.test(last) && !toldAgainst && readPrevious().intent === "status") {
    return { intent: "status", ...entitiesOf(latest), confidence: round(readPrevious().confidence * 0.9) };
  }
  // "zwrot?", "refund??" alone after a claim or a question about one: where it stands.
  if (previous && ONLY_THE_REFUND.test(last) && ["refund", "status", "cancel"].includes(readPrevious().intent)) {
    return { intent: "status", ...entitiesOf(latest), confidence: RULE_CONFIDENCE };
  }
  // "so?", "well??", "how much longer", "i co?" after a claim or a question about one: where it stands.
  if (leans && previous && NUDGE.test(foldText(last)) && ["refund", "status", "cancel"].includes(readPrevious().intent)) {
    return { intent: "status", ...entitiesOf(latest), confidence: RULE_CONFIDENCE };
  }
  // "and when this one goes through?" after an item not booked yet: the same question about it.
  const aboutPending = () =>
    readPrevious().intent === "pending" || resolvePending(previous!.text, readPrevious(), ctx.pending ?? [], ctx.transactions) !== undefined;
  if (previous && FOLLOW_UP.test(last) && WHEN_BOOKED.test(foldText(last)) && !hasEntities && aboutPending()) {
    return { ...readPrevious(), ...entitiesOf(latest), intent: "pending", confidence: round(readPrevious().confidence * 0.9) };
  }
  // "and for contactless?", "ATM?", "Online too." after the card's limits: the same question, of another of its limits.
  if (
    previous &&
    (FOLLOW_UP.test(last) || BARE_LIMIT_KIND.test(last)) &&
    LIMIT_KIND.test(last) &&
    last.split(/\s+/).length <= 5 &&
    readPrevious().intent === "limits"
  ) {
    return { intent: "limits", confidence: round(readPrevious().confidence * 0.9) };
  }
  if (leans && previous && (askedBack || FOLLOW_UP.test(last)) && ["unclear", "knowledge", "limits", "other"].includes(readPrevious().intent)) {
    const joined = understandText(`${previous.text}. ${last}`, ctx, model);
    if (joined.intent !== "unclear" && joined.intent !== "other") return { ...joined, ...entitiesOf(latest) };
  }
  // "sorry, my mistake, it was Green Grocer": a correction naming the payment, not a cancel.
  const correction = latest.intent === "cancel" && latest.merchant !== undefined && !CANCEL_SAID.test(last);
  // "and the kino one as well", "a ta z media expert też": a payment named after a refund, leaning on it.
  // A help question ("and what's the fee on the green grocer one?") is its own, unless "too" says more of the same and the topic is only the classifier's unsure guess.
  // "and the tapas?": a short follow-up naming only one of the customer's shops says nothing the classifier's topic could be about.
  const onlyAShop = latest.merchant !== undefined && ctx.transactions.some((t) => t.merchant === latest.merchant) && ONLY_A_SHOP.test(last);
  const guessedTopic = latest.intent === "knowledge" && (latest.confidence < SECOND_INTENT_FLOOR || onlyAShop) && !applyRules(last);
  // "no wait I meant the tapas": the claim before, about the payment the customer settles on.
  const corrects = latest.intent !== "knowledge" && new RegExp(CORRECTION.source, "iu").test(last);
  const continues =
    ((latest.intent !== "knowledge" || onlyAShop) && FOLLOW_UP.test(last)) ||
    ((latest.intent !== "knowledge" || guessedTopic) && ALSO_THIS_ONE.test(last)) ||
    // "nice. do the same for the book one then, Page & Co 18.99": the same asked of another payment, whatever topic the classifier guesses.
    ((latest.intent !== "knowledge" || guessedTopic) &&
      /\bdo\s+the\s+same\b|\bsame\s+(?:for|with)\b|\bsame\s+(?:thing|problem|issue)\s+(?:\w+\s+)?(?:happened\s+)?(?:with|for|at)\b/i.test(last)) ||
    corrects;
  // A classifier's unsure reading of such a fragment ("i jeszcze ta z Orlenu") tells less than the request it continues.
  const unsure = ["other", "unclear", "knowledge"].includes(latest.intent) || ((continues || askedBack) && latest.confidence < SURE && !applyRules(last));
  const names = hasEntities || ((continues || askedBack) && latest.ordinal !== undefined);
  // "and what's the fee on the green grocer one?" asks about the bank's fee, whatever the classifier makes of it.
  const asksFee = asksAboutFee(last) && !applyRules(last);
  if ((!unsure && !correction) || !names || !(askedBack || continues) || !previous || asksFee) return latest;
  const earlier = readPrevious();
  if (earlier.intent !== "refund") return latest;
  const { candidates: _candidates, also: _also, ...entities } = latest;
  // An answer to "which payment?" adds to what the claim said of it; "and the kino one as well" is another payment.
  const { merchant: _m, amountMinor: _a, date: _d, ordinal: _o, cardLast4: _c, also: _e, ...claim } = earlier;
  return {
    // "oj sorry, chodzilo mi o to pierwsze", "pomyliłam sklepy – chodzi o tę za 18,50": a place in the agent's list, or a correction, replaces what the claim named.
    ...(askedBack && latest.ordinal === undefined && !(corrects && (latest.merchant !== undefined || latest.amountMinor !== undefined)) ? earlier : claim),
    ...entities,
    intent: "refund",
    // Charged twice is said of one payment; the next one named is claimed for its own reason.
    reason: askedBack
      ? earlier.reason
      : latest.intent === "refund" && latest.reason
        ? latest.reason
        : earlier.reason === "duplicate"
          ? "other"
          : earlier.reason,
    category: earlier.category,
    confidence: round(earlier.confidence * 0.9),
  };
}

/** How near the end of the agent's reply a question mark makes it a question back (two short sentences). */
const ASKED_WITHIN_LAST = 200;

/** A nudge that asks nothing new (folded text): "so?", "well??", "any news", "how much longer", "i co?", "no i jak?". */
const NUDGE =
  /^\W*(?:(?:so|well|and|hello|hallo|hey|ok|okay|erm|um+|hm+|i|a|no|halo|czy|i\s+co|no\s+i|i\s+jak|no\s+i\s+jak|i\s+jak\s+tam|i\s+co\s+teraz)\W*){1,3}$|^\W*(?:so\s+|and\s+)?(?:any\s+(?:news|word|updates?|luck)|anything\s+yet|how\s+much\s+longer|how\s+long\s+(?:now|still|more)|still\s+nothing|nothing\s+yet|(?:is\s+it\s+)?done\s+yet|yet|(?:wait\W+)?(?:so\s+)?(?:is|has)\s+(?:it|that)\s+(?:been\s+)?(?:done|sorted|settled)(?:\s+(?:now|already|then))?(?:\s+or\s+.{0,30})?)\W*$/;

/** "zwrot?", "and the refund??": the word for the refund alone, asked. */
const ONLY_THE_REFUND = /^\W*(?:(?:a|i|and|so|no)\s+)?(?:(?:m[oó]j|the|my)\s+)?(?:zwrot|refund|pieni[aą]dze|kasa|money)\s*\?+\W*$/iu;

/** "ok cool.", "dzięki!": an acknowledgement before the message goes on. */
const ACKNOWLEDGED = String.raw`^\W*(?:(?:ok(?:ay)?|oh|cool|great|nice|perfect|thanks?|thx|cheers|okej|super|dobra|dzi[eę]ki)(?!\p{L})[\s.,!]+)*`;
/** The claim a first clause answers "which payment?" with, and the request the rest of the message makes beside it. */
function answerBeside(turns: ChatTurn[], lastIndex: number, ctx: OfflineContext, model: IntentModel): Understanding | undefined {
  const [head, ...tail] = splitClauses(turns[lastIndex]!.text);
  if (head === undefined || tail.length === 0) return undefined;
  const answer = understandCustomerText(head, ctx, model);
  const points = answer.merchant !== undefined || answer.ordinal !== undefined || answer.amountMinor !== undefined;
  const onlyPoints = ["unclear", "other", "refund"].includes(answer.intent) || (answer.intent === "knowledge" && answer.confidence < SECOND_INTENT_FLOOR);
  if (!onlyPoints || !points) return undefined;
  const { also: _also, candidates: _candidates, ...asked } = understandCustomerText(tail.join(" "), ctx, model);
  if (!PRECEDENCE.includes(asked.intent) || asked.intent === "refund" || asked.confidence < SECOND_INTENT_FLOOR) return undefined;
  const claim = understandLatest([...turns.slice(0, lastIndex), { ...turns[lastIndex]!, text: head }], ctx, model);
  return claim.intent === "refund" ? { ...claim, also: asked } : undefined;
}

/** "and the monthly one?", "what about online?", "ok cool. and the metro?": a message that leans on the one before it. */
const FOLLOW_UP = new RegExp(
  String.raw`${ACKNOWLEDGED}(?:(?:and|n|also|what\s+about|how\s+about|and\s+what\s+about)\b|(?:(?:and\s+)?(?:the\s+)?same\s+(?:for|with|goes\s+for)|(?:(?:can|could)\s+you\s+|pls\s+|please\s+)?do\s+the\s+same)\b|(?:it|that|this)\b|(?:a\s+(?:co|jak|ta|to|te|t[eę]|ten|tamt\p{L}*|ile|czy|w|we|na|przy|dla|i)|i\s+(?:jeszcze|ta|ten|to|te|t[eę]|tamt\p{L}*)|oraz|to|ta|t[eę]|tego|tej|ten)(?!\p{L})|a\s+\p{L}+\W*$)`,
  "iu",
);

/** One of a card's limits, named in a follow-up ("and for contactless?", "a online?"). */
const LIMIT_KIND =
  /\b(?:contactless|online|internet|atm|automat|machine|cash|monthly|daily|weekly|withdrawals?|abroad|ecommerce|e-commerce|per\s+day|a\s+day|per\s+month|(?:whole|full|entire)\s+(?:month|day|week))\b|(?<!\p{L})(?:zbli[zż]eniow\p{L}*|internetow\p{L}*|interne[ct]\p{L}*|w\s+sieci|bankomat\p{L}*|got[oó]wk\p{L}*|miesi[eę]czn\p{L}*|dzienn\p{L}*)(?!\p{L})/iu;
/** "ATM?", "Online too.": a kind of limit alone. */
const BARE_LIMIT_KIND =
  /^\W*(?:(?:and|also|what\s+about|how\s+about)\s+)?(?:the\s+|for\s+)?(?:contactless|online|internet|atm|cash|monthly|daily|weekly|withdrawals?|abroad|e-?commerce)(?:\s+(?:too|also|as\s+well|one|ones|limits?))?\W*$/i;
/** "the parking in germany too please", "ta z biedronki też": one more of the same. */
/** "and the tapas?", "what about the book nook one": a follow-up of a few words. */
const ONLY_A_SHOP = /^\W*(?:\S+\s+){0,5}\S+\W*$/;
const ALSO_THIS_ONE = /\b(?:too|as\s+well|also|either)\b(?:\s+(?:please|pls|plz))?\s*(?:[,.!;?]|$)|(?<!\p{L})(?:też|tez|również|rowniez)(?!\p{L})/iu;

/** Only what this message itself says about a payment. */
function entitiesOf(u: Understanding): Partial<Understanding> {
  const { merchant, amountMinor, date, ordinal, cardLast4 } = u;
  return defined({ merchant, amountMinor, date, ordinal, cardLast4 });
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
