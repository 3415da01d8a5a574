/** Keyword rules for phrasings they recognise reliably; they take precedence over the classifier. */
import type { RuleLabel } from "./banking77";
import { foldText } from "./intent-features";
import { languageOfMessage } from "./language";
import * as pl from "./rules-pl";
import { topicRule } from "./topic-rules";

/** A label with the Banking77 category it stands for, when there is one. */
export type { RuleLabel } from "./banking77";

/** A rule's English patterns, matched against the message as written, and its Polish ones, against the message folded (rules-pl.ts). */
type Rule = { label: RuleLabel; patterns: RegExp[]; polish?: RegExp[] };

/**
 * A message as the rules read it: as written, and folded to lower case without diacritics for
 * the Polish patterns; a message written in English is not read in Polish ("limit" is a word
 * of both).
 */
type Said = { body: string; folded: string };

const said = (body: string): Said => ({ body, folded: languageOfMessage(body) === "en" ? "" : foldText(body) });

/** Whether an English pattern matches the message, or a Polish one its folded form. */
const either = (m: Said, english: RegExp, polish: RegExp) => english.test(m.body) || polish.test(m.folded);

const CARD = String.raw`(?:(?:debit|credit|bank|visa|mastercard|physical|plastic|virtual)\s+)?(?:card|karta|karte|karty)`;

/** The customer asks for a person, or for something only a person may do. */
const HANDOVER: RegExp[] = [
  /\b(?:speak|talk|chat)\s+(?:to|with)\s+(?:a\s+|an\s+|the\s+|your\s+|some\s+)?(?:real\s+|actual\s+|live\s+)?(?:human|person|people|someone|somebody|agent|operator|manager|representative|advis[eo]r|colleague|staff|member\s+of\s+(?:staff|the\s+team)|staff\s+member|consultant)\b/i,
  /\b(?:human|real\s+person|live\s+agent)\s*(?:please|pls|now)?\s*[!.?]*$|\bget\s+me\s+(?:a\s+)?(?:human|person|manager)\b|\bi\s+(?:want|need)\s+a\s+(?:real\s+|actual\s+|live\s+)?(?:human|person)\b|(?<!\b(?:don'?t|do\s+not|not)\s+)\b(?:like|want|need|wish|prefer)\s+to\s+(?:discuss|go\s+through)\b.{0,30}\bwith\s+(?:a\s+|an\s+)?(?:human|real\s+person|person|colleague|human\s+colleague)\b/i,
  /\b(?:make|file|lodge|raise)\s+a\s+(?:formal\s+)?complaint\b/i,
  /\bget\s+me\s+(?:a\s+|an\s+)?(?:real\s+|live\s+|actual\s+)?(?:agent|human|person|manager|someone|somebody|operator)\b/i,
  /\b(?:connect|put|transfer|pass)\s+me\s+(?:through\s+)?(?:with|to)\s+(?:someone|somebody|whoever|(?:a|an|the|that)\s+(?:real\s+|actual\s+|live\s+)?(?:person|human|agent|operator|advis[eo]r)|customer\s+(?:service|support)|support|your\s+team)\b/i,
  /^\W*(?:operator|agent|human|representative|real\s+person)\W*$/i,
  /\b(?:is\s+there|are\s+there|have\s+you\s+got|do\s+you\s+have)\s+(?:a|an|any)\s+(?:real\s+|actual\s+|live\s+)?(?:human|person|people|agent|operator|member\s+of\s+(?:staff|the\s+team)|staff\s+member|advis[eo]r|consultant)s?\s+(?:(?:that|who)\s+)?(?:i\s+(?:can|could|might)|to)\s+(?:talk|speak|chat)\b/i,
  // "can some person from bank look at this", "could somebody from your team check it".
  /\b(?:can|could)\s+(?:some(?:one|body)|any(?:one|body)|(?:some|a|an|any)\s+(?:real\s+|actual\s+)?(?:person|human|people|staff|employee))\s+(?:(?:from|at|in)\s+(?:the\s+|your\s+)?(?:bank|team|support|branch)\s+)?(?:look\s+(?:at|into)|check|help\s+me|call\s+me)\b/i,
  // "honestly I'd like a person to go through my account with me".
  /\b(?:i'?d\s+like|i\s+would\s+like|i\s+want|i\s+need)\s+(?:a|an|some)\s+(?:real\s+|actual\s+|live\s+)?(?:person|human|advis[eo]r|consultant|member\s+of\s+staff)\s+to\b/i,
  // "I'd prefer to sort my card issue with a person", "I'd rather go through it with a consultant".
  /\b(?:prefer|rather)\s+(?:to\s+)?(?:sort|deal\s+with|discuss|go\s+through|handle|talk\s+about)\b.{0,40}\bwith\s+(?:a|an|some)\s+(?:real\s+|actual\s+|live\s+)?(?:human|person|consultant|advis[eo]r|agent|member\s+of\s+staff)\b/i,
];

/** Stopping or taking back a transfer already sent: only a person can try to recall it. */
const CANCEL_TRANSFER: RegExp[] = [
  /\b(?:cancel|reverse|undo|recall|stop|call\s+back|take\s+back)\b.{0,40}\b(?:transfer|money\s+i\s+sent|payment\s+i\s+(?:sent|made)\s+to)\b/i,
  /\bsent\s+(?:the\s+)?money\s+to\s+the\s+wrong\s+(?:person|account|iban)\b|(?<!\bif\s+(?:i\s+)?)\b(?:put|typed|entered|used)\s+(?:in\s+)?(?:the\s+|a\s+)?wrong\s+(?:iban|account\s+number)\s+(?:on|in|for|into)\s+(?:it|the\s+transfer|that\s+transfer|the\s+payment|that\s+payment)\b/i,
];

/** An identity check that keeps failing: only a person can verify the customer another way. */
const IDENTITY_REFUSED: RegExp[] = [
  // "app says it cant verify my identity, 3rd time now": a check that keeps failing.
  /\b(?:can'?t|cannot|couldn'?t|could\s+not|unable\s+to)\s+verify\s+(?:my\s+)?(?:identity|id)\b.{0,40}\b(?:again|(?:\d|2nd|3rd|4th|second|third|fourth)\s+time|times|keeps?)\b/i,
  /\b(?:id|identity|passport|selfie|photo\s+id|driving\s+licen[cs]e|documents?)\b.{0,40}\b(?:rejected|refused|failed|fails|failing|not\s+accepted|won'?t\s+accept|doesn'?t\s+accept|declined|invalid)\b|\b(?:keeps?|kept)\s+(?:rejecting|refusing|declining)\s+my\s+(?:id|passport|selfie|photo|documents?)\b/i,
];

/** A blocked PIN or a forgotten passcode: "unblock" here is about the PIN, not a frozen card. */
const PIN_BLOCKED: RegExp[] = [
  /\bpin\b.{0,70}\b(?:blocked|locked|block|lock|blok\w*|unblock|unlock)\b|\b(?:blocked|locked|unblock|unlock)\s+(?:my\s+|the\s+)?pin\b|\bwrong\s+pin\b.{0,30}\b(?:times|blocked|locked)\b/i,
];
const PASSCODE_FORGOTTEN: RegExp[] = [
  /\b(?:forgot|forgotten|lost|reset|can'?t\s+remember|don'?t\s+remember)\s+(?:my\s+|the\s+)?(?:app\s+)?(?:passcode|pass\s+code|password)\b|\b(?:passcode|password)\b.{0,20}\b(?:forgot|forgotten|reset)\b/i,
];

/** Words that place a problem at a cash machine rather than a card payment. */
export const AT_CASH_MACHINE =
  /\b(?:atm|cash\s*(?:point|machine|withdrawal)|cashpoint|withdr[ae]w\w*|took\s+(?:cash|money)\s+out|take\s+(?:cash|money)\s+out|(?:the\s+)?machine\s+(?:only\s+)?(?:gave|spat|dispensed|paid\s+out))\b/i;
/** Words that mean money was taken, without which "twice" or "abroad" says nothing about a payment. */
const CHARGED =
  /\b(?:charg\w*|paid|pay|payments?|took|taken|take|billed?|debit\w*|deducted|transactions?|purchases?|bought|spent|money|cost|twice\s+(?:at|from|by|on))\b|€|\beur\b|\d(?![\d.,]*\s*(?:digits?|times|x\b|days?|weeks?|hours?|minutes?|months?|years?))/i;

const CLOSE_ACCOUNT: RegExp[] = [/\b(?:close|terminate|delete|cancel|shut)\s+(?:down\s+)?(?:my|the)\s+(?:own\s+)?(?:bank\s+)?account\b/i];

/** Finding a card again comes before losing one: "I found my card" is not a loss. */
const UNFREEZE: RegExp[] = [
  /\bun-?freez\w*\b|\bun-?block\w*\b|\bthaw\b|\blift\s+(?:the\s+)?(?:temporary\s+)?(?:block|freeze)\b|\bmake\s+(?:it|the\s+card|my\s+card)\s+(?:active|work(?:ing)?)\s+again\b|\b(?:recovered|got\s+back)\s+(?:my|the)\s+card\b/i,
  /\bfound\s+(?:my|the)\s+card\b|(?<!\bnew\s|\breplacement\s|\bfrom\s+my\s|\bwith\s+my\s|\bby\s+my\s)\bcard\s+(?:turned|showed)\s+up\b(?!\s+(?:in|on)\s+(?:my|the)\s+(?:balance|account|statement|app))(?!.*\b(?:post|activat\w*|greyed|grayed|letter)\b)|\b(?:re-?activate|turn\s+back\s+on|switch\s+back\s+on)\s+(?:my|the)\s+card\b/i,
  /\b(?:it|the\s+card|my\s+card)\s+was\s+(?:in|under|behind)\s+(?:my|the)\s+(?:\w+\s+)?(?:coat|jacket|pocket|jeans|trousers|pants|bag|backpack|car|drawer|sofa|couch)\b.{0,20}\b(?:whole\s+time|all\s+along)\b|\bfou?n?d\s+it\b(?!\s+(?:was|is|odd|strange|weird|hard|difficult))|\bfound\s+my\s+(?:wallet|purse|bag)\b|\b(?:police|someone|somebody)\s+(?:has\s+|have\s+)?(?:found|returned|handed\s+in)\s+(?:my|the)\s+(?:wallet|purse|bag|card)\b/i,
  /\b(?:make|get)\s+it\s+work(?:ing)?\s+again\b|\bturn\s+it\s+on\s+again\b|\b(?:switch|turn)\s+(?:it|my\s+card|the\s+card)\s+back\s+on\b|\bi\s+can\s+use\s+(?:it|my\s+card|the\s+card)\s+again\b|\bundo\s+(?:the\s+)?(?:block|freeze|lock)\b|\b(?:it|the\s+card|my\s+card)\s+was\s+(?:in|under|behind|at)\s+(?:my|the)\s+(?:\w+\s+)?\w+\b.{0,40}\bundo\s+(?:that|it|this)\b|\bre-?activate(?:\s+it)?\b(?=\W*(?:please|pls|now|again)?\W*$)|\bunlock\s+(?:it|my\s+card|the\s+card)\b|\b(?:switch|turn)(?:ed)?\s+back\s+on\b|\b(?:have|get)\s+it\s+(?:switched|turned)\s+back\s+on\b|\bturn\s+(?:it|my\s+card|the\s+card)\s+back\s+on\b|\b(?:can|could)\s+i\s+use\s+(?:it|my\s+card|the\s+card)\s+again\b/i,
];

const STOLEN = /\bstolen\b|\bnicked\b|\bpick-?pocket\w*\b|\brobbed\b|\bmugged\b|\bthief\b/i;
const COMPROMISED =
  /\b(?:sent|gave|entered|typed|shared|told)\b.{0,40}\b(?:card\s+(?:number|details)|cvv|cvc|security\s+code)\b|\b(?:card\s+(?:number|details)|cvv|cvc)\b.{0,40}\b(?:sent|gave|entered|shared)\s+(?:them|it)\b|\b(?:gave|read|told|sent|typed|entered|put)\b.{0,30}\b(?:my\s+)?card\s+(?:number|numbers|details|data)\b|\b(?:data|details|numbers?)\s+(?:from|of)\s+my\s+card\b|\b(?:someone|somebody)\b.{0,60}\b(?:trying|tried|attempt\w*)\s+to\s+(?:buy|pay|use|spend|shop)\b.{0,40}\bwith\s+my\s+card\b|\bdeclined\s+(?:attempts?|tries)\b.{0,60}\b(?:none\s+of\s+them|not)\s+(?:me|mine)\b|\bcompromised\b|\bleak\w*\b|\bdata\s+breach\b|\b(?:photo|picture|pic)\s+of\s+my\s+card\b|\bskimm\w*\b|\bcloned\b|\b(?:someone|somebody)\s+(?:is|has\s+been|was|keeps?)\s+(?:spending|shopping|paying|buying)\b.{0,20}\b(?:on|with)\s+my\s+card\b|\bphish\w*\b|\b(?:someone|somebody|they)\s+(?:has|have|got|knows?|stole)\s+(?:my\s+)?(?:card\s+)?(?:details|number|pin|cvv)\b|(?<!\b(?:her|his|their|neighbou?r'?s|friend'?s)\s+(?:card\s+)?)\b(?:card\s+)?details\s+(?:were\s+|have\s+been\s+|got\s+)?(?:leaked|stolen|hacked)\b/i;

const FREEZE: RegExp[] = [
  /\b(?:mugged|robbed|pick-?pocketed)\b|(?<!\b(?:wife|husband|son|daughter|partner|kid|kids|child|mum|mom|mother|dad|father|brother|sister|friend|boyfriend|girlfriend|flatmate|roommate)\s+)\b(?:took|stole|nicked|grabbed|snatched)\s+(?:my\s+)?(?:wallet|purse|bag|handbag|card)\b(?!\s+(?:payment|details|number|info))/i,
  // "my daughter took my card without asking".
  /\b(?:took|taken|used|using|has)\s+my\s+card\s+without\s+(?:asking|permission|my\s+permission|telling\s+me|my\s+(?:ok|okay|consent))\b/i,
  /^\W*(?:(?:yes|yeah|yep|ok(?:ay)?|please|pls|then)\W+)*(?:freeze|freez|block|lock)\s+it(?:\s+(?:for\s+now|now|please|pls|asap|right\s+away|then))*\W*$|\b(?:freeze|freez|block|lock)\s+(?:it|them)\b(?=.*\bcards?\b)|\bcards?\b.*\b(?:freeze|freez|block|lock)\s+(?:it|them)\b|^(?=.*\b(?:stolen|lost|nicked|missing|robbed|mugged)\b).*\b(?:freeze|block|lock)\s+(?:it|them)\b/i,
  new RegExp(
    String.raw`\b(?:lost|stolen|misplaced|mislaid|can'?t\s+find|cannot\s+find|lose)\s+(?:my\s+|the\s+)?${CARD}\b|\b${CARD}\b.{0,40}\b(?:lost|stolen|missing|nicked|(?<!\bbe\s)taken(?!\s+(?:out|back|again)))\b|\b${CARD}(?:'s|\s+(?:is|has|has\s+been|was))?\s+(?:just\s+|totally\s+|completely\s+)?gone\b(?!\s+(?:blank|through|up|down|off|dead))`,
    "i",
  ),
  // "how does freezing actually work?": asked of freezing (answered from the help article, see asksHowToFreeze).
  /\bhow\s+does\s+(?:card\s+)?(?:freez|block)\w*\s+(?:\w+\s+)?work\b/i,
  // "make it stop working before somebody use it", "kill the card", "put the card on hold", "the card is away since yesterday", "my wallet is just... gone".
  /\bmake\s+(?:it|the\s+card|my\s+card)\s+stop\s+working\b|\b(?:kill|disable|deactivate|switch\s+off|turn\s+off)\s+(?:the|my|this)\s+card\b|\bput\s+(?:the|my)\s+card\s+on\s+hold\b|\bcard\s+is\s+away\b|\b(?:wallet|purse|handbag)\b.{0,40}\b(?:is|was|it'?s)\s+(?:(?:just|also|now|simply)\W+){0,2}gone\b|\bhaven'?t\s+seen\s+(?:my|the)\s+card\s+since\b|\b(?:someone|somebody)\s+(?:has|have|got)\s+my\s+card\b/i,
  // "can you put a hold on it before somebody runs up a tab", "the card is just... not there" after a night out, "block the whole card for now".
  /(?=.*\b(?:lost|stolen|missing|gone|nicked|not\s+there|can'?t\s+find|haven'?t\s+got|dropped)\b)(?=.*\bcard\b).*\b(?:can\s+you|could\s+you|please|pls|i\s+(?:want|need)\s+(?:you\s+)?to)\s+put\s+(?:a\s+)?(?:hold|block|stop|freeze)\s+on\s+(?:it|them|my\s+card|the\s+card)\b|\b(?:freeze|block|lock)\s+(?:the|my)\s+(?:whole|entire)\s+card\b/i,
  // "my card slipped out of my coat on the train", "place a temporary hold on my card", "someone is spending on my card right now".
  /\b(?:card|wallet|purse)\b.{0,30}\b(?:slipped|fell|dropped)\s+out\b(?!\s+of\s+(?:apple|google|the\s+app|my\s+(?:phone|app)|the\s+wallet\s+app))|\b(?:(?:i\s+(?:should|would)\s+like|i'?d\s+like|i\s+want|i\s+need)\s+(?:you\s+)?to|please|pls|can\s+you|could\s+you)\s+(?:put|place|set)\s+(?:a\s+)?(?:temporary\s+)?(?:hold|block|freeze|stop)\s+on\s+(?:my|the)\s+card\b|\bsuspend\s+(?:it|my\s+card|the\s+card)\b(?=.*\b(?:lost|mislaid|misplaced|missing|stolen)\b)/i,
  // "I think I am leaving my card in restaurant", "dropped my card on the tram", "make it not usable".
  /\b(?:left|leaving|leave|forgot|dropped|drop)\s+(?:my\s+|the\s+)?card\s+(?:(?:somewhere\s+)?(?:in|at|on|under)\s+(?!(?:my\s+)?home\b|my\s+(?:house|flat|desk|room|other)\b)(?:a|an|the|some)?\s*\p{L}+|somewhere|behind)|\bmake\s+(?:it|my\s+card|the\s+card)\s+(?:not\s+usable|unusable)\b/iu,
  /\b(?:nobody|no\s*one)\s+(?:else\s+)?(?:can|could)\s+use\s+(?:my|the)\s+card\b|\bmake\s+(?:sure|that)\s+(?:nobody|no\s*one|no\s+body)\s+(?:else\s+)?(?:can|could|is\s+able\s+to)\s+(?:use|pay\s+with|spend\s+with|shop\s+with)\s+(?:it|my\s+card|the\s+card)\b|\bi\s+(?:lsot|losst|lost)\s+my\s+(?:crad|cadr|card)\b/i,
  /\b(?:wallet|purse|bag|handbag)\b.{0,30}\b(?:stolen|lost|missing|nicked|taken|(?:was|is|has\s+been)\s+(?:just\s+|simply\s+)?gone)\b|\b(?:stolen|lost|lose)\b.{0,12}\b(?:wallet|purse)\b/i,
  new RegExp(
    String.raw`\b(?:freeze|block|lock|stop|suspend|deactivate)\s+(?:also\s+|too\s+)?(?:my\s+|the\s+)?${CARD}\b|\bpause\s+(?:my|the|this)\s+card\b(?!'s|\s+(?:payments?|online|abroad|for\s+(?:online|abroad|payments)))|\b${CARD}\s+(?:frozen|blocked|locked)\s+(?:now|immediately|please)\b`,
    "i",
  ),
  // "the machine kept my card", not "ATM Centrum took 100 from my card".
  // "the ticket machine took my card payment and spat out nothing" is a payment, not a card kept.
  /\b(?:atm|machine|cash\s*(?:point|machine)|cashpoint)\b.{0,30}\b(?:swallowed|ate|eaten|kept|took|taken|retained|keeps|has)\b(?!\s+(?:her|his|their|someone'?s|somebody'?s)\s)(?:(?!\bfrom\b)\D){0,15}\bcard\b(?!\s+(?:payment|details|number|info))|\bswallowed\s+my\s+card\b/i,
  // "and block the old one so nobody can use it".
  /\b(?:freeze|block|lock)\s+(?:the|my)\s+old\s+(?:one|card)\b/i,
  COMPROMISED,
];

const REPLACE: RegExp[] = [
  // "My card runs out at the end of next month, please send me a new one": an expiring card's replacement asked for in so many words, not whether one comes on its own.
  /^(?!.*\b(?:on\s+(?:your|its)\s+own|automatic\w*|by\s+yoursel(?:f|ves)|will\s+you|do\s+you|would\s+you)\b).*\b(?:expir\w*|runs?\s+out|running\s+out|valid\s+(?:thru|through|until|till))\b.*\b(?:(?:please|pls)\s+send|(?:can|could)\s+you\s+(?:please\s+)?send|send\s+me|order\s+me|i\s+(?:need|want)|i'?d\s+like|(?:please|pls)\s+order)\s+(?:me\s+)?(?:a\s+|the\s+)?(?:(?:new|another|fresh)\s+(?:one|card)|replacement(?:\s+(?:one|card))?|one(?=\W*$))\b/i,
  // "my surname is spelled wrong on the card... can i get one with the right name", "numbers nearly rubbed off... could I have a fresh one?", "make for me a new card".
  /\b(?:print|make|send|issue|give|get|have)\s+(?:me\s+)?(?:a\s+)?(?:new\s+)?(?:card|one)\s+with\s+(?:the\s+|my\s+)?(?:correct|right|proper)\s+(?:name|spelling)\b|\b(?:like|need|want)\s+a\s+(?:completely\s+|brand\s+|totally\s+)?new\s+card\s+with\s+a\s+(?:different|new)\s+number\b|\bsend\s+me\s+(?:the\s+|a\s+)?correct\s+card\b|\b(?:spelled|spelt|written|printed)\s+(?:wrong|wrongly|incorrectly)\b.{0,40}\bcard\b|\bwrong\s+name\s+on\s+(?:my|the)\s+card\b|(?=.*\b(?:rubbed\s+off|worn(?:\s+out)?|faded|chip\s+(?:error|is\s+broken|not\s+working|doesn'?t\s+work))\b).*\b(?:fresh|new|another|replacement)\s+(?:one|card)\b|\bmake\s+(?:for\s+)?me\s+(?:a\s+)?new\s+card\b/i,
  /^(?!.*\b(?:when|where|arriv\w*|activat\w*|track\w*|how\s+long|delivery|expir(?!ed\b)\w*|valid\s+(?:thru|through|until|till)|automatic\w*|by\s+yoursel(?:f|ves)|on\s+(?:your|its)\s+own|runs?\s+out|running\s+out|(?:showed|turned)\s+up|switch\s+(?:it\s+)?on)\b).*\b(?:send|order|need|want|get|give|like|post|mail)\s+(?:me\s+)?(?:a\s+)?(?:completely\s+|brand\s+)?(?:new|replace?ment|another|fresh)\s+(?:one|card)\b/i,
  /\b(?:need|want|get|order|send)\s+(?:me\s+)?(?:a\s+)?replace?ment\b|\bcard\b.{0,20}\b(?:snapped|broke|broken|cracked|damaged|chewed|bent|melted|split)\b|\b(?:snapped|broke|cracked|damaged|chewed|bent)\s+my\s+card\b|(?:^|[.!?]\s+)\W*(?:a\s+)?new\s+card\W*(?:please|pls|plz)\b|^(?=.*\bcard\b)(?!.*\b(?:pin|passcode|password|code)\b).*(?:^|[.!?]\s+)\W*(?:a\s+)?new\s+one\W*(?:please|pls|plz)\b|^(?=.*\bcard\b)(?!.*\b(?:pin|passcode|password|code)\b).*[+&]\s*(?:a\s+)?new\s+(?:one|card)\W*(?:please|pls|plz)?\W*$/i,
  new RegExp(
    String.raw`^(?!.*\b(?:when|where|arriv\w*|activat\w*|track\w*|how\s+long|delivery|expir\w*|(?:showed|turned)\s+up|switch\s+(?:it\s+)?on|came|receiv\w*|got\s+(?:my|the)|ordered|still\s+(?:nothing|not|no)|automatic\w*|on\s+(?:your|its)\s+own|by\s+yoursel(?:f|ves))\b).*(?:\b(?:send|order|need|want|get|request|issue)\b.{0,20}\b(?:new|replace?ment|another|fresh)\s+${CARD}\b|\breplace\s+(?:my\s+|the\s+)?${CARD}\b|\breplace?ment\s+${CARD}\b)`,
    "i",
  ),
];

/** An item told as not booked yet: "pending", "hasn't gone through yet", "still processing". */
const NOT_BOOKED_YET =
  /\bpending\b|\b(?:not|(?:has|have|is)n'?t)\s+(?:yet\s+)?(?:cleared|settled|gone\s+through)\b|\bstill\s+(?:processing|showing\s+as\s+processing)\b/i;

const PENDING: RegExp[] = [
  NOT_BOOKED_YET,
  /\b(?:transfer|payment|top[\s-]?up|withdrawal|deposit|money)\b.{0,40}\b(?:(?:has\s*n[o']?t|hasn't|have\s*n[o']?t|haven't|didn'?t|did\s+not|not|never|yet\s+to)\s+(?:yet\s+)?(?:arrived?|arrive|received?|reached|come\s+through|gone\s+through|show(?:n|ing)?\s+up|landed|appeared?))/i,
  // "the top up 50 which i send by transfer today, it stuck?", "my transfer is stuck".
  /\b(?:transfer|top[\s-]?up|withdrawal|deposit)\b.{0,50}\b(?:(?:is|it'?s|it|still|got)\s+)?stuck\b/i,
  /(?=.*\b(?:money|transfer\w*|sent|send|paid|payment|euros?|eur|cash|funds)\b)\b(?:recipient|beneficiary|landlord|friend|sister|brother|mum|mom|dad|he|she|they)\b(?:(?!\b(?:i|we)\b).){0,30}\b(?:hasn'?t|has\s+not|didn'?t|did\s+not|haven'?t|never)\s+(?:yet\s+)?(?:got|received|gotten|seen)\b/i,
];

const GREETING_ONLY =
  /^\W*(?:hi+|hello+|hey+|hiya|howdy|yo|greetings|good\s+(?:morning|afternoon|evening|day)|hallo|hola|bonjour)(?:\s+(?:there|again|team|all|everyone|guys|bank))?[\s!.,:)?\p{Extended_Pictographic}\uFE0F]*$/iu;

/** "anyone there?", "hi, how are you": a greeting that asks nothing yet. */
const GREETING_SMALL_TALK =
  /^\W*(?:(?:hi+|hello+|hey+|hiya|good\s+(?:morning|afternoon|evening))[\s,!.]*)?(?:is\s+)?(?:any(?:one|body)\s+(?:there|here|around)|(?:are\s+)?you\s+there|how\s+are\s+you(?:\s+doing)?(?:\s+today)?|how'?s\s+it\s+going)[\s?!.]*$/i;

const GREETING_PREFIX = /^\W*(?:hi+|hello+|hey+|hiya|good\s+(?:morning|afternoon|evening))(?:\s+there)?\b[\s!.,:-]*/i;

const CANCEL: RegExp[] = [
  // "pull my request back please".
  /\b(?:pull|take)\s+(?:my|the|that|this)\s+(?:\w+\s+)?(?:request|claim|refund|dispute|complaint)\s+back\b|(?!.*\b(?:never|not|didn'?t|did\s+not|someone|somebody|wasn'?t)\b)(?=.*\b(?:(?:wife|husband|son|daughter|partner|kid|mum|mom|dad)\s+(?:used|bought)|i\s+(?:did|actually)\s+(?:use|buy)|was\s+(?:me|mine))\b).*\b(?:undo|reverse)\s+(?:that|it|this)(?:\s+(?:claim|request|refund))?\W*$|\bpull\s+back\s+(?:my|the|that)\s+(?:\w+\s+)?(?:request|claim|refund|dispute|complaint)\b/i,
  /(?<!\b(?:was|were|got|been|is|are|be|film|flight|show|concert|event|train|trip)\s+)\bcancel\b(?!.*\b(?:card|account|subscription|membership|charge[sd]?|payments?|transactions?|purchases?|orders?|bookings?)\b)/i,
  /\bcancel+\s+(?:my|the|this|that)\s+(?:refund|request|claim|case|complaint|dispute|ticket)\b|\bcancel+\s+(?:the|that|this)\s+(?:[\w&'-]+\s+){1,3}one\b/i,
  /\bnever\s*mind\b|\bnvm\b|(?<!\b(?:i|we|you|they|always|often|sometimes|to|will|might|may|can|could|would|never)\s+)\bforget\s+(?:it|about\s+it|that)\b|\b(?:scratch|scrap)\s+that\b(?!\s+(?:idea|plan|thought))(?![\s,.:;-]+(?:it\s+was|it'?s|i\s+mean|i\s+meant|the\s+\w+\s+one)\b)|\bdrop\s+(?:it|the\s+(?:claim|request|case))\b/i,
  // "scratch the gadget hub dispute", "please drop the parking one".
  /\b(?:scratch|scrap|drop)\s+(?:the|that|my)\s+(?:[\w&'-]+\s+){0,3}(?:one|claim|request|dispute|refund|case|complaint|thing)\b/i,
  /\bfound\s+(?:the|my)\s+receipt\b|\bit\s+was\s+(?:me|mine)\s+after\s+all\b|\bi\s+remember\s+now\b|\bnow\s+i\s+remember\b|\bmy\s+(?:mistake|bad)\b/i,
  /\bi\s+(?:do\s+)?recogni[sz]e\s+(?:it|the\s+(?:payment|charge|transaction)|this|that)(?:\s+now)?\b|\bit\s+was\s+(?:just\s+)?my\s+(?:son|daughter|wife|husband|partner|kid|child|mum|mom|dad|brother|sister|flatmate|roommate)\b/i,
  /\bwithdraw\s+(?:one\s+of\s+|either\s+of\s+|both\s+of\s+)?(?:my|the|that|this)\s+(?:[\w'-]+\s+){0,3}(?:request|claim|complaint|dispute)s?\b/i,
  // "Please withdraw it, sorry!", "pls drop one of those requests".
  /\b(?:please|pls|plz|can\s+you|could\s+you|just)\s+withdraw\s+(?:it|that|this)\b(?!\s+(?:from|at|out|in|cash|money))|\bwithdraw\s+(?:the|that|this|my)\s+(?:[\w&'-]+\s+){0,3}one\b|\b(?:drop|withdraw|cancel)\s+(?:one|either)\s+of\s+(?:those|these|the|my)\s+(?:requests?|claims?|refunds?|disputes?|complaints?)\b/i,
  /\bchanged\s+my\s+mind\b|\b(?:don'?t|do\s+not|no\s+longer)\s+want\s+to\s+(?:go\s+ahead|proceed|continue|pursue)\b/i,
  /\b(?:no\s+longer|don'?t|do\s+not)\s+(?:need|want)\s+(?:the|a|my)\s+refund\b|\bstop\s+(?:the|my)\s+(?:refund|request|claim)\b/i,
];

const STATUS: RegExp[] = [
  // "so what happened with the gadget thing", "app says refund approved but theres no money in my account yet", "did that go through?", "so is the parking sorted now?", ", is it decided".
  /\bwhat\s+happen(?:e?d|ing)\s+(?:to|with)\s+(?:my|the|that)\s+(?:[\w&'-]+\s+){1,3}(?:thing|one|money)\b|\brefund\w*\s+(?:was\s+|is\s+|got\s+|been\s+)?(?:approved|accepted|done|paid)\b.{0,40}\b(?:no|not|nothing|isn'?t|haven'?t|hasn'?t)\b|^\W*(?:so\s+|and\s+|ok\W+)?(?:did|has)\s+(?:it|that|this)(?:\s+one)?\s+(?:go(?:ne)?|went)\s+through\b|^\W*(?:so\s+|and\s+|ok\W+)?(?:is|has)\s+(?:the|my|that)\s+(?:[\w&'-]+\s+){1,3}(?:been\s+)?(?:sorted|done|approved|decided|refunded|paid\s+back|through)\b|,\s*(?:is|has|was)\s+(?:it|that)\s+(?:been\s+)?(?:decided|approved|accepted|sorted|processed)\b/i,
  // "and the gadget one is still going right?", "the parking claim is still open?".
  /\b(?:the|my|that|this)\s+(?:[\w&'-]+\s+){0,3}(?:one|claim|refund|request|case|dispute|complaint)\s+(?:is|are)\s+still\s+(?:going|open|pending|on|active|running|in\s+progress|(?:being\s+)?(?:looked\s+at|reviewed|checked)|with\s+(?:you|someone|somebody|an?\s+operator))\b|\bwhere(?:'?s|\s+is|\s+are)\s+(?:the|my|that)\s+(?:[\w&'-]+\s+){1,3}(?:one|claim|request|case|dispute|complaint)s?(?:\s+(?:at|now))*\W*$/i,
  // "the state of my refund requests", "how are both of them going", "refund from shop still not here", "the shop refunded it a week ago, still don't see it".
  /\b(?:state|status|progress|stage)\s+(?:of|on|with)\s+(?:my|the|that|this|those|these)\s+(?:[\w&'-]+\s+){0,2}(?:refunds?|claims?|requests?|cases?|disputes?|complaints?)\b|\bhow\s+(?:are|is|r)\s+(?:both\s+(?:of\s+)?)?(?:them|they|those|these|both)(?:\s+both)?\s+(?:going|doing|looking|coming\s+along|progressing)\b|\brefund\w*\b.{0,30}\bstill\s+(?:not|isn'?t|hasn'?t|no)\b(?:\s+\w+)?\s+(?:here|in|there|arrived|received|come|showing|visible)\b|(?:\b(?:they|shop|store|seller|merchant)\s+(?:\w+\s+){0,5}(?:refunded|returned|sent\s+(?:\w+\s+){0,3}back)|\b(?:earlier|already|yesterday)\s+(?:you|u)\s+refund(?:ed)?)\b.{0,80}\b(?:still|not|don'?t|can'?t|haven'?t)\s+(?:\w+\s+)?(?:see|seen|there|here|arrived|received|got|showing|show)\b/i,
  // "and when will somebody decide about it?", "how long does the check on that usually take?", "whats going on with the fuel thing?".
  /\bwhen\s+will\s+(?:somebody|someone|anyone|you|they|an?\s+operator|the\s+operator)\s+(?:decide|make\s+a\s+decision|look\s+at\s+(?:it|that|this))\b|\bhow\s+long\s+(?:does|will|do)\s+(?:the|your|a)\s+(?:check|review|decision|investigation)\s+(?:on\s+(?:that|this|it|my\s+\w+)\s+)?(?:usually\s+|normally\s+|typically\s+)?take\b|\bwhat(?:'?s|\s+is)?\s+(?:happen(?:e?d|ing)|going\s+on)\s+(?:to|with)\s+(?:my|the|that)\s+(?:[\w&'-]+\s+){1,3}(?:thing|one|money)\b/i,
  // "how both of my claims turned out", "how do both of them look now".
  /\bhow\s+(?:both\s+of\s+)?(?:my|the)\s+(?:claims?|requests?|refunds?|disputes?|complaints?|cases?)\s+(?:turned|went|worked)\s+out\b|\bhow\s+(?:do|does)\s+(?:both\s+of\s+them|both|they|them|it|that(?:\s+one)?)\s+look(?:\s+now)?\W*$/i,
  // "when will I actually see it in my balance?", "when do i see it on my account", "when will the money show up in my account?".
  /\bwhen\s+(?:will|do|can|shall)\s+i\s+(?:actually\s+|finally\s+)?(?:see|get|have|receive)\s+(?:it|that|the\s+money|my\s+money|the\s+refund|my\s+refund)\s+(?:back\s+)?(?:in|on)\s+(?:my|the)\s+(?:balance|account|card)\b|\b(?:when\s+will\s+i\s+(?:actually\s+|finally\s+)?see\s+(?:it|that|the\s+money)|how\s+long\s+(?:till|until|before)\s+i\s+(?:actually\s+|finally\s+)?(?:get|see|have|receive)\s+(?:it|that|the\s+money|my\s+money)(?:\s+back)?)\W*$|\bwhen\s+(?:will|does|do)\s+(?:the|my)\s+(?!(?:[\w&'-]+\s+){0,3}?(?:top[\s-]?up|salary|wages|transfer|deposit)\b)(?:[\w&'-]+\s+){0,3}(?:money|refund)\s+(?:actually\s+|finally\s+)?(?:show\s+up|appear|arrive|land|be\s+back)\b/i,
  // "I want to know where are standing my refunds".
  /\bwhere\s+(?:are|is)\s+(?:standing|stand)\s+(?:my|the)\s+(?:refunds?|claims?|requests?|cases?|complaints?)\b|\banything\s+(?:moving|happening|new)\s+(?:on|with)\s+(?:that|it|this|my\s+(?:claim|request|refund|case))\b|^\W*(?:and\s+)?is\s+(?:the|my)\s+(?!(?:[\w&'-]+\s+){0,3}?(?:top[\s-]?up|salary|wages|transfer|deposit)\b)(?:[\w&'-]+\s+){0,3}money\s+(?:already\s+|back\s+)*(?:on|in)\s+my\s+(?:account|card|balance)\b|\bwhere\s+are\s+(?:they|them)\s+(?:both\s+|all\s+)?at\b/i,
  // "I was told my refund went through but I can't see the money anywhere".
  /\brefund\w*\s+(?:went|has\s+gone|had\s+gone|was\s+(?:sent|processed|paid|issued|done)|has\s+been\s+(?:sent|processed|paid|issued|done))\b.{0,60}\b(?:can'?t|cannot|don'?t|do\s+not|haven'?t|have\s+not|not|no)\s+(?:\w+\s+)?(?:see|seen|find|received?|got|there|money)\b/i,
  // "is the book nook money back yet", "whats the verdict on gadget hub?".
  /\b(?:is|has)\s+(?:the|my|that)\s+(?:[\w&'-]+\s+){0,3}(?:money|refund|cash)\s+(?:(?:already|actually)\s+)?(?:back|in|there|arrived|landed)\b|\bverdict\b|\boutcome\s+(?:of|on)\s+(?:my|the|that)\b/i,
  // "what is with my reclamation?", "until when I get an answer?", "until when comes my money back?": as customers writing English as a second language ask.
  /\bwhat\s+(?:is|'?s)\s+with\s+(?:my|the|this|that)\s+(?:(?:first|second|other|last|earlier)\s+)?(?:reclamation|reklamation|complaint|claim|refund|request|case|dispute|one)\b|\b(?:until|till)\s+when\b|\bwhen\s+comes?\s+(?:my|the)\s+(?:money|refund|answer|decision)\b/i,
  // "whether a decision has been reached on the request", "let me know where that request stands", "any refund requests currently open and where they stand".
  /\bdecision\s+(?:has\s+been\s+|was\s+|been\s+)?(?:reached|made|taken)\b|\bwhere\s+(?:that|this|the|my)\s+(?:\w+\s+){0,2}(?:request|claim|refund|case|dispute|complaint)s?\s+(?:stands?|is\s+at)\b|\bwhere\s+(?:they|it|things)\s+stand\b|\bwhere\s+(?:does|do|is|are)\s+(?:that|this|the|my)\s+(?:refund|request|claim|case|dispute|complaint)s?\s+(?:stand|at)\b|\bwhere\s+(?:all\s+)?(?:my|the)\s+(?:refund\s+)?(?:requests?|claims?|refunds?|cases?|disputes?)\s+(?:are|is|stand|at)\b|\b(?:any|my)\s+(?:refund\s+)?(?:requests?|claims?|disputes?|complaints?)\s+(?:currently\s+|still\s+)?(?:open|pending)\b/i,
  // "has it been approved yet", "did they accept it?": said of the request the conversation is about.
  /^\W*(?:so\s+|and\s+|ok,?\s+)?(?:has|have|is|was|did)\s+(?:it|that|this|that\s+one|this\s+one)\s+(?:been\s+|got(?:ten)?\s+)?(?:approved|accepted|decided|processed|reviewed|looked\s+at|checked|refunded|paid(?:\s+out)?)\b|^\W*(?:so\s+|and\s+|ok,?\s+)?(?:did|have|has)\s+(?:they|you|anyone|someone|somebody)\s+(?:approve[d]?|accept(?:ed)?|decided\s+on|process(?:ed)?|review(?:ed)?|looked\s+at|checked)\s+(?:it|that|this|that\s+one)\b/i,
  /\b(?:did|has|have|is|was)\s+(?:my|the|that|this)\s+(?:[\w&'-]+\s+){0,3}(?:refund|claim|request|case|dispute|complaint|money|thing|one)\s+(?:actually\s+|already\s+|finally\s+)?(?:been\s+)?(?:go(?:ne)?\s+through|went\s+through|come\s+(?:back|through)|paid(?:\s+out)?|approved|decided|sorted|processed|arrived?)\b/i,
  /\b(?:did|have|has)\s+(?:you|u|anyone|someone|they)\s+(?:decided?|made\s+a\s+decision)\b|\bwhat\s+(?:did|have)\s+(?:you|they)\s+decided?\b/i,
  /\bwhat(?:'?s|\s+is)?\s+(?:happened|happening|going\s+on)\s+(?:to|with)\s+(?:my|the|that)\s+(?:[\w'-]+\s+){0,3}(?:refund|claim|request|case|dispute|complaint)s?\b|\bwhat(?:'?s|\s+is)\s+(?:happening|going\s+on)\s+with\s+(?:that|this|it)(?:\s+one)?\s*(?:[.?!…]+\s*)?$/i,
  /\bwhere\s+(?:do|does|is|are)\s+(?:all\s+)?(?:my|the)\s+(?:[\w'-]+\s+){0,2}(?:claims?|requests?|refunds?|disputes?|complaints?|cases?)\s+(?:stand|at)\b|\b(?:claims?|requests?|refunds?|disputes?|complaints?)\s+(?:stand|at)\s*\??\s*$/i,
  /\b(?:any|my|which)\s+(?:of\s+my\s+)?(?:[\w'-]+\s+){0,2}(?:disputes?|claims?|requests?|complaints?|refunds?)\s+(?:are\s+|is\s+)?(?:still\s+)?(?:open|pending|outstanding|in\s+progress)\b|(?<!\b(?:please|pls|plz|to|you|u|and|then|just)\s+)\b(?:open|outstanding)\s+(?:disputes?|claims?|requests?|complaints?|refunds?)\b/i,
  /\bwhere(?:'?s|\s+is)\s+(?:my|the|that)\s+(?:\w+\s+){0,2}(?:refund|money|claim|request)\b|\bwhat\s+happen(?:e?d)\s+(?:to|with)\s+(?:my|the|that)\s+(?:\w+\s+){0,3}(?:refund|claim|request|case|dispute)\b/i,
  /\b(?:when\s+(?:will|do|can)|how\s+long\s+(?:until|till|before))\s+i\s+(?:\w+\s+)?(?:get|receive|see)\s+(?:my|the|that)\s+(?:refund|money)\b|\brefund\b.{0,30}\b(?:not|isn'?t|hasn'?t|still\s+not|nothing)\b.{0,20}\b(?:showing|shown|arrived|appeared|there|back|come|statement|account)\b/i,
  /\bwaiting\s+(?:for|on)\s+(?:my|the|that)\s+(?:\w+\s+){0,3}refund\b|\b(?:did|have|has)\s+(?:you|anyone|someone|they)\s+(?:approved?|processed?|accepted?|decided)\s+(?:on\s+)?(?:my|the)\s+(?:refund|claim|request|case)\b|\b(?:isn'?t|is\s+not|not)\s+back\s+on\s+my\s+(?:card|account)\b/i,
  /\bstatus\b|\bany\s+(?:news|upd\w*te\w*|updat\w*|progress|word)\b|\bupdate\s+on\s+my\b|\bcheck\s+(?:on|up\s+on)\s+(?:my|the)\s+(?:[\w&'-]+\s+){0,2}(?:refunds?|claims?|requests?|cases?|disputes?)\b|\bhow(?:'?s|\s+is|\s+are)\s+(?:the|my|that)\s+(?:[\w&'-]+\s+){0,3}(?:thing|one|claim|refund|request|case|dispute)s?\s+(?:going|coming\s+along|looking|doing)\b|\bstill\s+(?:with|being\s+(?:looked\s+at|checked|reviewed)\s+by)\s+(?:someone|somebody|an?\s+(?:operator|person|human|agent)|you|your\s+team)\b/i,
  /^\W*(?:(?:and|so|ok|okay)\W+)?(?:what(?:'?s)?\s+happen(?:ed|ing)\s+(?:to|with)|where(?:'?s|\s+is|\s+are)|how(?:'?s|\s+is)|any\s+news\s+(?:on|about))\s+(?:it|that|this|them|those)(?:\s+one)?(?:\s+(?:at|now|going))?\W*$|\bdid\s+(?:you|u|they|anyone|someone)\s+(?:sort(?:ed)?\s+out|deal\s+with|look\s+(?:at|into)|check|process|handle)\s+(?:my|the|that)\s+(?:[\w&'-]+\s+){0,3}(?:one|claim|refund|request|case|dispute|complaint|thing)\b/i,
  /\bwhere(?:'s|\s+is)\s+my\s+(?:refund|money|claim|request)\b|\bwhat\s+happened\s+(?:to|with)\s+my\s+(?:refund|claim|request|case)\b/i,
  // "yo whats up with my refunds", "so there is no refund going on for me at all?".
  /\bwhat'?s\s+up\s+with\s+(?:my|the|that)\s+(?:[\w&'-]+\s+){0,2}(?:refunds?|claims?|requests?|disputes?|complaints?)\b|\bno\s+(?:refunds?|claims?|requests?|disputes?)\s+(?:going\s+on|open|pending|waiting|at\s+all)\b/i,
  /\b(?:has|have|did|is|was)\s+(?:my|the)\s+(?:refund|claim|request|case)\s+(?:been\s+|get\s+|got\s+)?(?:come|gone|processed|approved|arrived|done|sorted|through|finished|resolved)/i,
  /\b(?:(?:has|have)\s+(?:my|the)\s+(?:money|refund|cash)\s+been|(?:is|was)\s+(?:my|the)\s+(?:money|refund|cash)\s+(?:been\s+)?)\s*(?:returned|refunded|paid\s+back|credited|given\s+back|sent\s+back)\b|\bdid\s+(?:i|you)\s+(?:get|send)\s+(?:my|the)\s+(?:money|refund)\s+back\b/i,
  /\b(?:still\s+)?(?:waiting|wait)\s+(?:for|on)\s+(?:my|the)\s+(?:refund|money\s+back)\b|\bhow\s+long\s+(?:will|does)\s+(?:my|the)\s+refund\b/i,
  /\b(?:did|have|has)\s+(?:you|anyone|someone)\s+(?:process(?:ed)?|look(?:ed)?\s+at|review(?:ed)?|check(?:ed)?)\s+my\s+(?:refund|claim|request|case)\b/i,
  /\bwhen\s+(?:will|do|can)\s+i\s+(?:get|receive|see)\s+(?:my|the)\s+(?:refund|money\s+back)\b|\brefund\s+(?:is\s+)?(?:not|isn'?t)\s+showing\b/i,
  // Asked about the review itself: who looks at it, when it is decided.
  /\b(?:is|are|r)\s+(?:any(?:one|body)|some(?:one|body)|they|you(?:r\s+team)?|u)\s+(?:actually\s+|even\s+|still\s+)?(?:(?:looking\s+at|reviewing|checking|working\s+on)\s+(?:it|this|that|them|my|the)|on\s+(?:it|this|that))\b/i,
  /\bwhen\s+(?:a|the|your|their)\s+decision\s+(?:can|will|may|should|is\s+going\s+to)\s+be\s+(?:expected|made|taken|reached)\b|\b(?:how\s+long|when)\s+(?:till|until|before)\s+(?:some(?:one|body)|any(?:one|body)|you|they|an?\s+operator)\s+decides?\b/i,
  // "where are both of these at", "some refund request open", "anything else still open", "what's left", "how both of my claims turned out".
  /\bwhere\s+are\s+(?:both|all)\s+(?:of\s+)?(?:them|these|those|my\s+\w+)\b|\bwhere(?:'?s|\s+is|\s+are)\s+(?:that|it|this|they|things)\s+at\b|\b(?:some|any)\s+(?:refund\s+)?(?:requests?|claims?|disputes?)\s+(?:still\s+)?(?:open|pending)\b|\b(?:anything|something)\s+(?:else\s+)?(?:still\s+)?(?:open|pending|waiting)\b|\bwhat(?:'?s|\s+is)\s+(?:still\s+)?(?:left|outstanding)\b(?!\s+(?:of|on|in|from)\b)|\bhow\s+(?:both\s+of\s+|all\s+of\s+)?(?:my|the)\s+(?:\w+\s+)?(?:claims?|requests?|refunds?|disputes?)\s+(?:turned\s+out|went|ended|are\s+going)\b/i,
  // "where does it stand", "has anyone actually done that yet", "and that's closed now, yeah?", "still nothing on my account from that refund".
  /\bwhere\s+does\s+(?:it|that|this)(?:\s+one)?\s+stand\b|\bhas\s+(?:any|some)(?:one|body)\s+(?:actually\s+|already\s+)?(?:done|looked\s+at|checked|reviewed)\s+(?:that|it|this)\b|^\W*(?:and\s+|so\s+)?(?:that'?s|it'?s|that\s+is|it\s+is)\s+(?:closed|done|sorted|finished|over)\s+(?:now|then)\b|\bnothing\s+(?:on|in)\s+my\s+(?:account|card|statement)\b.{0,20}\b(?:refund|money)\b/i,
  // "I've been waiting and waiting and nobody tells me anything": a wait for a decision, not for a card or a transfer.
  /^(?!.*\b(?:card|transfer|top[\s-]?up|delivery|parcel|post|phone|line|call|hold|queue|minutes?|hours?)\b).*(?:\b(?:i'?ve|i\s+have)\s+been\s+waiting\b|\bnobody\s+(?:tells|told|has\s+told)\s+me\b)/i,
  // "whats happening with the parking one now", "where are we on that one", "is that sorted or still open?".
  /\bwhat(?:'?s|s|\s+is)?\s+(?:happening|going\s+on)\s+with\s+(?:the|that|this|my)\s+(?:[\w&'.,-]+\s+){0,3}one\b|\bwhere\s+are\s+we\s+(?:on|with|at\s+with)\s+(?:that|this|it|the|my)\b|\b(?:sorted|done|resolved|settled|decided|paid)\s+or\s+(?:is\s+it\s+)?(?:still\s+)?(?:open|pending|waiting)\b|\b(?:is|it'?s)\s+(?:that|it|this)?\s*(?:one\s+)?still\s+open\b/i,
  // Several requests at once: "where are we with both", "status of both", "an overview of my claims".
  /\bwhere\s+(?:are\s+we|do\s+(?:we|things)\s+stand|do\s+(?:both|all)\s+(?:of\s+them\s+)?stand|are\s+(?:both|all)\s+of\s+them)\b.{0,20}\b(?:both|all|them|claims?|requests?|refunds?)\b|\bwhere\s+do\s+(?:both|all)\s+of\s+them\s+stand\b/i,
  // "where does that electro mart claim stand now?", "where does both stand", "how does the first matter stand?", "plus hows my refund".
  /\bwhere\s+(?:does|do|is|are)\s+(?:that|this|the|my|those|these)\s+(?:[\w&'-]+\s+){1,3}?(?:claim|request|refund|case|dispute|complaint|matter)s?\s+(?:stand|at)\b|\bwhere\s+(?:does|do)\s+(?:both|all|they|it|that|this)(?:\s+of\s+them)?(?:\s+one)?\s+stand\b|\bhow\s+(?:does|do)\s+(?:the|that|this|my)\s+(?:[\w&'-]+\s+){0,2}(?:matter|claim|request|refund|case|dispute|complaint|one)s?\s+(?:stand|look)\b|\bhow(?:'?s|s|\s+is|\s+are)\s+(?:my|the|that)\s+(?:[\w&'-]+\s+){0,2}(?:refund|claim|request|case|dispute|complaint)s?\s*(?:now|today|then|doing|going)?\W*$/i,
  // "how long will the parking one take then?", "how long does that review take?".
  /\bhow\s+long\s+(?:will|does|is|would)\s+(?:the|that|this|my)\s+(?!(?:[\w&'-]+\s+){0,3}?(?:new|replacement|card|top[\s-]?up|transfer|identity|id|verification|delivery|parcel|order)\b)(?:[\w&'-]+\s+){0,3}?(?:one|thing|claim|review|case|refund|request|decision|dispute|complaint)\s+(?:take|going\s+to\s+take|last)\b/i,
  // "did i get money back?", "is there any refund of mine in progress rn?", "whats happening w/ both now".
  /\bdid\s+(?:i|we)\s+(?:get|got)\s+(?:my\s+|the\s+|our\s+)?(?:money|refund|cash)\s+back\b|\b(?:is|are)\s+there\s+(?:any|a)\s+(?:refunds?|claims?|requests?|disputes?|cases?|complaints?)\s+(?:of\s+mine\s+|for\s+me\s+)?(?:still\s+)?(?:in\s+progress|open|pending|waiting|going\s+on|ongoing|running)\b|\bwhat(?:'?s|s|\s+is)?\s+(?:happening|going\s+on|up)\s+(?:with|w\/|w)\s+(?:both|them|those|these|all\s+of\s+them)(?:\s+(?:now|right\s+now|at\s+the\s+moment|then))?\W*$/i,
  /\b(?:overview|summary|rundown)\s+(?:of|on)\s+(?:all\s+)?(?:my|the)\s+(?:claims?|requests?|refunds?|cases?)\b|\b(?:claims?|requests?|refunds?|cases?)\b.{0,30}\bgive\s+me\s+an?\s+(?:overview|summary|update)\b/i,
  /\bwhat(?:'?s|\s+is)?\s+(?:happening|going\s+on)\s+with\s+(?:all\s+)?(?:of\s+)?my\s+(?:claims?|requests?|refunds?|cases?)\b|\bwhat\s+about\s+the\s+other\s+(?:claim|request|refund|case)\b|\bwhere(?:'?s|\s+is)\s+the\s+other\s+one\s+at\b/i,
];

const LIMITS: RegExp[] = [
  // "whether there is any ceiling on the total I may spend", "I want to buy a sofa for 1,800 with my card. It will go through or card will say no?".
  /^(?!.*\b(?:fees?|charg\w*|cost|cashback|exchange|rate|currency|transfers?|rent|landlord|send|sent)\b).*(?:\b(?:ceiling|upper\s+limit|maximum|cap)\b.{0,40}\b(?:spend|withdraw|pay|take\s+out)\b|\b(?:want|wanna|going|plan(?:ning)?|about|intend(?:ing)?)\s+to\s+(?:buy|spend|purchase|book)\b(?=.{0,60}\d).{0,120}\b(?:go\s+through|say\s+no|(?:be|get)\s+(?:declined|rejected|refused)|is\s+(?:that|it)\s+(?:ok|okay|possible|allowed))\b)/i,
  // "hw much can i tak out from atm in one day", "how much cash can I take from an ATM in one day?".
  /\b(?:how|hw)\s+much\s+(?:cash\s+|money\s+)?(?:can|cn)\s+(?:i|u)\s+(?:take|tak|get|withdraw|pull|draw)\b.{0,30}\b(?:atm|cash\s*machine|cashpoint)\b.{0,20}\b(?:a|per|in\s+(?:one|a))\s+day\b(?!.*\b(?:charg\w*|fees?|free|cost)\b)|\b(?:how|hw)\s+much\s+(?:can|cn)\s+(?:i|u)\s+(?:tak|take)\s+out\b/i,
  /(?<!\bage\s|\btop[\s-]?up\s|\btopping\s+up\s|\bdisposable\s+card\s|\bvirtual\s+card\s)\b(?:limit|limt|limmit|lmit|limti)(?:s|z|ations?)?\b(?!.{0,20}\b(?:top[\s-]?up|topping|disposable|virtual)\b)(?!.{0,30}\b(?:add|load|put\s+in)\b(?:\s+money)?\s+(?:by|with|via|using|from)\b)/i,
  /\bhow\s+much\s+(?:money\s+|cash\s+)?(?:can|could|may|am\s+i\s+(?:even\s+|actually\s+|really\s+)?allowed\s+to|am\s+i\s+(?:even\s+|actually\s+|really\s+)?able\s+to)(?!.*\b(?:charg\w*|fees?|free|cost)\b)\s+(?:i|they|someone|somebody|anyone|the\s+thief)?\s*(?:even\s+|actually\s+|really\s+)?(?:spend|withdraw|pay|take\s+out|pull\s+out|get\s+out|transfer|send|use)\b/i,
  // "how much I can pay in internet", "how much I can take from automat per day".
  /\bhow\s+much\s+(?:money\s+|cash\s+)?i\s+(?:can|could|may|am\s+allowed\s+to)\s+(?:spend|withdraw|pay|take|get|use)\b(?!.*\b(?:charg\w*|fees?|free|cost)\b)|\bhow\s+much\s+(?:per|a)\s+(?:day|month)\b/i,
  /\b(?:the\s+)?most\s+(?:money\s+)?i\s+(?:can|could|am\s+allowed\s+to)\s+(?:spend|withdraw|pay|take\s+out|transfer)\b|\bcap\s+on\b/i,
  // "no idea what I'm ALLOWED to spend", "the greatest sum I may spend with my debit card in one day".
  /\bwhat\s+(?:i'?m|i\s+am|am\s+i)\s+(?:even\s+|actually\s+|really\s+)?allowed\s+to\s+(?:spend|withdraw|pay|take\s+out)\b|\b(?:greatest|largest|biggest|highest|maximum|max)\s+(?:sum|amount)\s+(?:of\s+money\s+)?(?:that\s+)?i\s+(?:can|could|may|am\s+allowed\s+to)\s+(?:spend|withdraw|pay|take\s+out)\b/i,
  /\bmax(?:imum)?\s+(?:i\s+can|amount|spend|withdrawal|payment|per\s+day|daily|a\s+day)\b(?!.{0,20}\b(?:top[\s-]?up|topping|load)\b)|\bspending\s+(?:cap|allowance)\b|\bdaily\s+(?:max|cap)\b|\b(?:a|any|some)\s+cap\b/i,
  // "how much is max cash from atm per day?", "is there a max for internet purchases", "the most I can pull out of a cash machine", "whats the monthly cap", "my normal card, how much online?".
  /(?<!\btop[\s-]?up\s)\bmax(?:imum)?\s+(?:cash|money|for\s+(?:internet|online)|on\s+(?:internet|online)|(?:online|internet)\s+(?:spend\w*|purchases?|payments?))\b(?!.{0,30}\b(?:top[\s-]?up|topping|load|disposable|virtual)\b)|\b(?:the\s+)?most\s+(?:money\s+|cash\s+)?i\s+(?:can|could)\s+(?:pull|get|draw|take)\s+out\b|\b(?:monthly|daily|weekly|online|atm|overall)\s+cap\b|\bhow\s+much\s+(?:online|on\s+(?:the\s+)?internet|at\s+(?:an?\s+|the\s+)?atms?)\W*$/i,
];

/** A payment or top-up that came back by itself: the help article explains why. */
const REVERTED: RegExp[] = [
  /(?<!\b(?:want|need|like|get|have|had)\s+(?:it|that|this|them|the\s+\w+)\s+)\b(?:reverted|reversed)\b|\breversal\b|\bcancell?ed\s+and\s+refunded\b|\b(?:refunded|returned)\s+(?:automatically|by\s+itself)\b|\bautomatically\s+(?:refunded|returned|cancell?ed)\b/i,
];
/** A refusal, placed by where it happened. */
const DECLINED =
  /\b(?:declined|refused|rejected|denied)\b|\bkeeps?\s+(?:rejecting|declining|refusing)\b|\b(?:refuses?|rejects?|declines?)\s+(?:to\s+(?:give|carry\s+out|process|execute|send|make)|an?\s+(?:outgoing\s+)?(?:transfer|payment|withdrawal))\b/i;

/** A card that works except in one way: contactless, or the virtual card. */
const CONTACTLESS: RegExp[] = [
  /\b(?:contactless|tap(?:\s+to\s+pay|ping)?)\b.*\b(?:not|nothing|fail\w*|pin|declined|refused|insert\w*|chip|\w+n'?t)\b/i,
  /\b(?:not|\w+n'?t)\s+work\w*\s+(?:with|for|when\s+i\s+(?:use|try)|using)\s+(?:contactless|tap(?:\s+to\s+pay|ping)?)\b/i,
];
const VIRTUAL_NOT_WORKING: RegExp[] = [
  /\b(?:(?:virtual|digital)\s+card|card\s+in\s+the\s+app)\b.*\b(?:declined|rejected|refused|fail\w*|(?:not|\w+n'?t|dont)\s+(?:work\w*|go\s+through)|can'?t\s+be\s+(?:charged|used)|stopped\s+working)\b|\bstop\s+(?:a|the|my)\s+(?:virtual|digital)\s+card\s+from\s+working\b/i,
];

const DUPLICATE: RegExp[] = [
  /\btwice\b|\bdoubled?\b(?![\s-]*check)|\bduplicat\w*\b/i,
  /\b(?:two|2)\s+(?:identical\s+|same\s+)?(?:payments|charges|transactions)\b.{0,60}\b(?:same|only\s+(?:bought|paid|ordered|made|had)\s+(?:one|once))\b|\bonly\s+(?:bought|paid\s+for|ordered|made|had)\s+one\b|\b(?:two|2|three|3|multiple|several)\s*(?:times|x)\b|\b2x\b|\bx2\b|\bcharged\s+(?:me\s+)?again\b|\bmore\s+than\s+once\b/i,
  /\bsame\s+(?:charge|payment|transaction|amount|purchase)\s+(?:two|2|again|several|multiple)\b|\b(?:charged|billed)\s+for\s+(?:the\s+)?same\b/i,
];

const ABROAD: RegExp[] = [
  /\babroad\b|\boverseas\b|\bon\s+(?:a\s+)?(?:holiday|vacation|trip|business\s+trip)\b|\bon\s+holidays\b/i,
  /\bwhile\s+(?:i\s+was\s+)?(?:travel+ing|away|out\s+of\s+(?:the\s+)?(?:country|town))\b|\bi\s+was\s+(?:away|travel+ing)\b/i,
  /\b(?:out|outside)\s+of\s+(?:the\s+)?country\b|\b(?:was|were|been)\s+in\s+(?:another|a\s+different)\s+country\b/i,
  /\b(?:i\s+was|i'?d\s+been|i\s+had\s+been|we\s+were)\s+(?:in|visiting)\s+(?:spain|france|italy|portugal|germany|poland|greece|the\s+us|the\s+uk|england|austria|croatia|turkey|thailand|mexico|japan|canada)\b/i,
  /\b(?:wasn'?t|was\s+not|weren'?t|were\s+not)\s+(?:even\s+)?(?:in\s+(?:the\s+)?(?:country|town|city)|home)\b/i,
  /\b(?:I|we)\s+(?:was|were|had\s+been)\s+(?:in|visiting)\s+(?!The\b|My\b|A\b)[A-Z][a-z]{2,}/,
];

const UNRECOGNISED: RegExp[] = [
  /\b(?:don'?t|do\s+not|didn'?t|can'?t|cannot)\s+(?:recogni[sz]e|remember\s+(?:making|buying|paying)|remember(?:\s+(?:it|this|that|them))?(?=\s*[.!?]*\s*$)|know\s+(?:anything\s+)?(?:what(?!\s+(?:to|i\s+should|i\s+can|i'?m\s+(?:supposed|meant)\s+to|i\s+am\s+(?:supposed|meant)\s+to|i\s+(?:need|have)\s+to)\s+do\b)|where|this|that|about))\b/i,
  /\bnever\s+(?:even\s+)?set\s+foot\s+(?:in|there|inside)\b|\b(?:i|we)\s+(?:wasn'?t|was\s+not|weren'?t|were\s+not)\s+(?:even\s+)?at\s+(?:the|that)\s+(?:cinema|shop|store|restaurant|bar|cafe|hotel|station|pharmacy|bakery|supermarket|petrol\s+station)\b|^\W*\S.*,\s*(?:wasn'?t|was\s+not)\s+at\s+the\s+\w+\W*$|\bnot\s+recogni[sz]ed\b|\bunrecogni[sz]ed\b|\bunknown\s+(?:payment|charge|transaction|merchant|purchase)\b|\bnot\s+mine\b|\b(?:isn'?t|wasn'?t|aren'?t|weren'?t)\s+(?:mine|ours)\b|\bnot\s+(?:my|our)\s+(?:purchase|payment|charge|transaction|order|doing)\b/i,
  // "my old bank never did this" is said of someone else.
  /(?<!\b(?:bank|banks|they|he|she|shop|store|company|app)\s+)\b(?:didn'?t|did\s+not|never)\s+(?:make|made|do|did|buy|bought|order|ordered|purchase|purchased|authori[sz]e|authori[sz]ed|spend|spent|pay|paid|shop|shopped|use|used|go\s+(?:there|to)|been|stayed|stay|visited|ate|went)\b/i,
  /\bfraud\w*\b|\bunauthori[sz]ed\b|\bscam\w*\b|\bsuspicious\b/i,
  /\b(?:it\s+)?(?:wasn'?t|was\s+not|isn'?t|is\s+not)\s+me\b|\bnot\s+me\b|\b(?:was|were|is)\s+some(?:one|body)\s+else'?s\s+(?:bill|order|meal|purchase|tab|drinks?|food|shopping)\b|\b(?:i\s+)?(?:haven'?t|have\s+not)\s+(?:ever\s+)?(?:ordered|bought|purchased)\s+anything\s+(?:from|at|with)\b|\bsome(?:one|body)\s+(?:else\s+)?(?:used|took(?!\s+(?:it|them|my\s+(?:wallet|purse|bag|handbag|phone|card|keys)))|made|bought|charged|(?:is|has\s+been)\s+using)\b/i,
  /\b(?:can'?t|cannot|can\s+not)\s+(?:explain|account\s+for|place|identify)\b|\bno\s+idea\s+what\b(?!(?:'?s|\s+is)?\s+(?:up|going\s+on|wrong|happening|the\s+(?:problem|reason|matter))\b|\s+to\s+do\b)|\bwhat\s+is\s+(?:this|that)\b.*\b(?:charge|payment|transaction)\b|\bnever\s+heard\s+of\b/i,
  /\bwho\s+(?:is|are|the\s+hell\s+is)\b(?=.*\b(?:charg\w*|payments?|took|taken|left\s+my\s+account|debit\w*|billed)\b)/i,
];

const REFUND: RegExp[] = [
  /\brefund\w*\b|\brecla(?:mation|im)\b|\breklamation\b|\bi\s+want\s+(?:it\s+|them\s+|this\s+|that\s+)?back\b|\bmoney\s+back\b|\breimburs\w*\b|\bcharge\s?back\b|\bdisput\w*\b|\breturn\s+(?:my|the)\s+money\b|\b(?:want|get|have)\s+(?:it|them|that|the\s+difference)\s+back\b|\b(?:want|need)\s+my\s+(?:[\w€.,&]+\s+){1,4}back\b|\b(?:returned|sent\s+(?:\w+\s+){0,3}back)\b.{0,60}\b(?:never|didn'?t|haven'?t|not)\s+(?:got|get|received?|seen)\s+(?:my\s+|the\s+)?(?:money|refund|cash)\b|\b(?:returned|sent\s+(?:\w+\s+){0,3}back)\b.{0,80}\b(?:money|refund|\d+[.,]\d{2})\s+(?:never|still\s+(?:hasn'?t|has\s+not))\s+(?:came|come|arrived?|shown?\s+up)\b/i,
  /\b(?:one\s+of\s+)?(?:my|the|a|this|that)\s+(?:(?!card\b)[\w-]+\s+)?(?:payments?|charges?|transactions?)\b.{0,30}\b(?:is|are|looks?|was|seems?)\s+(?:wrong|incorrect|not\s+right)\b|\b(?:something|sth|smth)\s+(?:is\s+|'?s\s+)?wrong\s+with\s+(?:one\s+of\s+)?(?:my|a|the)\s+(?:[\w-]+\s+)?(?:payments?|charges?|transactions?)\b|\bovercharg\w*\b|\bcharged\s+too\s+much\b|\bwrong\s+amount\b|\bshould\s+(?:only\s+)?(?:have\s+)?be(?:en)?\s+(?:only\s+)?(?:€|eur\b|\d)|\breverse\s+(?:the|this|that)\b|(?<=\b(?:top[\s-]?up|payment|charge|transaction)\b[^.!?]{0,40})\breverse\s+it\b|\b(?:want|need|get|have)\s+(?:it|that|this|them)\s+(?:reversed|reverted)\b/i,
  // "Hotel Adler took 180 off my card last night": money said to be taken off the card.
  /(?<!\b(?:i|we|bank|you)\s+)\b(?:took|taken|deducted|charged)\s+(?:me\s+)?(?:€\s?)?\d[\d.,]*\s*(?:eur|euros?|€|zł|zl|pln)?\s+(?:off|from|out\s+of)\s+(?:me|my\s+card)\b/i,
  // "they billed 41.50 but the menu prices added up to way less": more taken than owed.
  /^(?!.*\b(?:rate|exchange|conver\w*|fees?)\b).*\b(?:charged|billed|took|taken)\b.{0,40}\bbut\b.{0,50}\b(?:(?:way|much|a\s+lot)\s+less|should\s+(?:have\s+)?been\s+(?:less|lower|cheaper))\b/i,
  // "paid but they didnt have the medicine and never gave it back": money the shop kept.
  /^(?!.*\b(?:landlord|deposit|rent|friend|brother|sister|mum|mom|dad|he|she)\b).*\b(?:paid|charged|took|billed)\b.{0,80}\b(?:never|didn'?t|did\s+not)\s+(?:gave|give|sent|send|paid|pay)\s+(?:it|the\s+money|my\s+money|them|that)\s+back\b/i,
  // "kino atlantic 24 charged but film was cancelled": a payment taken for what did not happen.
  /^(?!.*\b(?:transfers?|top[\s-]?ups?|card\s+(?:was|got|has\s+been)|account|will\s+i|already\s+refunded|refunded\s+(?:me|it)|(?:got|gave)\s+(?:my|the)\s+money\s+back)\b).*\b(?:charg\w*|took|billed|taken|paid)\b.{0,60}\b(?:but|though|although)\s+(?:the\s+|my\s+|our\s+)?(?:\w+\s+)?(?:was|were|got|is|has\s+been)\s+cancell?ed\b/i,
  // "...charged 23.40 but i returned all of it", "...210?? i only filled up for 110": said of a payment taken.
  /\b(?:charg\w*|took|billed|taken|paid)\b.{0,60}\b(?:but|and|though)\s+i\s+(?:returned|sent\s+back|took\s+back|brought\s+back|cancell?ed)\b|\bi\s+(?:only|just)\s+(?:spent|paid|bought|ordered|had|used|filled\s+up|fuell?ed|tanked|took\s+out|withdrew|put\s+in)\s+(?:\w+\s+){0,3}?(?:for\s+)?(?:€\s*)?\d+(?:[.,]\d+)?\b/i,
];

/**
 * In order of precedence: a request for a person and a card to stop come first; messages that
 * cancel, ask for status or about limits often mention refunds or travel too.
 */
const FIRST_RULES: Rule[] = [
  {
    label: { intent: "handover", category: "terminate_account" },
    patterns: CLOSE_ACCOUNT,
    polish: [/\b(?:zamkn\w*|zlikwid\w*|usun\w*|rozwiaz\w*)\s+(?:moje\s+|to\s+)?konto\b/],
  },
  { label: { intent: "handover" }, patterns: HANDOVER, polish: pl.PL_HANDOVER },
  { label: { intent: "handover", category: "cancel_transfer" }, patterns: CANCEL_TRANSFER, polish: pl.PL_CANCEL_TRANSFER },
  { label: { intent: "handover", category: "unable_to_verify_identity" }, patterns: IDENTITY_REFUSED, polish: pl.PL_IDENTITY_REFUSED },
  { label: { intent: "knowledge", category: "pin_blocked" }, patterns: PIN_BLOCKED, polish: pl.PL_PIN_BLOCKED },
  { label: { intent: "knowledge", category: "passcode_forgotten" }, patterns: PASSCODE_FORGOTTEN, polish: pl.PL_PASSCODE_FORGOTTEN },
  { label: { intent: "unfreeze_card" }, patterns: UNFREEZE, polish: pl.PL_UNFREEZE },
  { label: { intent: "freeze_card", category: "lost_or_stolen_card" }, patterns: FREEZE, polish: pl.PL_FREEZE },
  { label: { intent: "knowledge", category: "card_arrival" }, patterns: [], polish: [pl.PL_CARD_NOT_ARRIVED] },
  { label: { intent: "replace_card" }, patterns: REPLACE, polish: pl.PL_REPLACE },
  { label: { intent: "cancel" }, patterns: CANCEL, polish: pl.PL_CANCEL },
  { label: { intent: "status" }, patterns: STATUS, polish: pl.PL_STATUS },
  { label: { intent: "pending" }, patterns: PENDING, polish: pl.PL_PENDING },
  { label: { intent: "limits" }, patterns: LIMITS, polish: pl.PL_LIMITS },
];

/** After the help-article topics (topic-rules.ts): how a card works, and claims about one payment. */
const LATER_RULES: Rule[] = [
  { label: { intent: "knowledge", category: "contactless_not_working" }, patterns: CONTACTLESS, polish: [pl.PL_CONTACTLESS] },
  { label: { intent: "knowledge", category: "virtual_card_not_working" }, patterns: VIRTUAL_NOT_WORKING },
  { label: { intent: "refund", reason: "duplicate" }, patterns: DUPLICATE, polish: pl.PL_DUPLICATE },
  { label: { intent: "refund", reason: "abroad" }, patterns: ABROAD, polish: pl.PL_ABROAD },
  { label: { intent: "refund", reason: "unrecognised" }, patterns: UNRECOGNISED, polish: pl.PL_UNRECOGNISED },
  { label: { intent: "knowledge", category: "reverted_card_payment?" }, patterns: REVERTED, polish: pl.PL_REVERTED },
  { label: { intent: "refund", reason: "other" }, patterns: REFUND, polish: pl.PL_REFUND },
  { label: { intent: "knowledge", category: "declined_card_payment" }, patterns: [DECLINED], polish: [pl.PL_DECLINED] },
];

/** Thanks and a goodbye with nothing asked ("thank you, that was quick", "cheers, that's all", "dzięki, to wszystko"). */
const THANKS =
  /^\W*(?:(?:sorry|apologies)\s+for\s+(?:the|all\s+the|my)\s+(?:drama|fuss|panic|trouble|bother|hassle|confusion|rant)[\s,.!]+(?:and\s+)?)?(?:(?:ok(?:ay)?|great|good|ok\s+good|perfect|brilliant|fine|alright|lovely|nice|awesome|cool)[\s,.!]+)?(?:thanks?|thank\s+(?:you|u|ya)|thanku|thx|ty|ta|cheers|many\s+thanks|danke(?:\s+sch[oö]n)?|dzi[eę]kuj[eę])(?:\s+(?:so\s+much|a\s+lot|very\s+much|ever\s+so\s+much|again|earlier|today|dear|love|mate|man|buddy|guys|for\s+(?:your|the|all\s+the)\s+help)|,?\s+(?:young\s+(?:man|lady)|(?:kind\s+)?sir|madam|ma'?am|my\s+(?:dear|friend)|friend|pal|folks|everyone))*(?:[\s!.,]+(?:that\s+was\s+(?:quick|fast|easy|helpful)|that'?s\s+(?:all|everything|it)|(?:you'?ve|you\s+have)\s+been\s+(?:so\s+|very\s+)?(?:great|helpful|patient|kind|lovely)(?:\s+with\s+me)?|that(?:'s|\s+is)\s+(?:very\s+|so\s+)?(?:kind|nice|lovely)(?:\s+of\s+you)?|all\s+(?:good|sorted|fine)(?:\s+now)?|what\s+a\s+relief|phew|my\s+heart\s+is\s+still\s+(?:racing|pounding)|you(?:'re|\s+are)\s+(?:a\s+)?(?:lifesaver|life\s+saver|star|hero|the\s+best)|(?:and\s+)?sorry\s+(?:again\s+)?(?:for\s+the\s+(?:trouble|bother|hassle|confusion)|to\s+(?:bother|trouble)\s+you)|bye|tsch[uü]ss|ciao|have\s+(?:a\s+)?(?:good|nice|great)\s+(?:day|evening|weekend)))*[\s!.,:)🙂😊👍🙏]*$/iu;
const PL_THANKS =
  /^\W*(?:(?:ok|oki|okej|super|dobra|dobrze|[sś]wietnie)[\s,!.]+)?(?:dzi[eę]kuj[eę]|dzi[eę]ki|dziekuje|dzieki|dzi[eę]kuj[eę]\s+bardzo)(?:\s+(?:bardzo|serdecznie|wielkie|za\s+pomoc|za\s+wszystko))*(?:[\s!.,–-]+(?:to\s+(?:by\s+by[lł]o\s+)?(?:wszystko|na\s+tyle|tyle)(?:\s+na\s+dzi[sś])?|pomog[lł]o|szybko\s+posz[lł]o|do\s+widzenia|do\s+us[lł]yszenia|mi[lł]ego\s+(?:dnia|wieczoru|weekendu)|pozdrawiam))*[\s!.,:)🙂😊👍🙏]*$/iu;

/** "great, that's everything, thank you!": a goodbye that says it is all, with thanks after. */
const ALL_DONE =
  /^\W*(?:(?:ok(?:ay)?|great|perfect|brilliant|lovely|fine|cool|good|super)[\s,!.]+)?(?:that'?s|that\s+is)\s+(?:all|everything|it)(?:\s+for\s+(?:now|today))?[\s,!.]+(?:thanks?|thank\s+you(?:\s+so\s+much)?|thx|cheers)[\s!.:)🙂😊👍🙏]*$/iu;

/** A greeting that asks nothing yet, in either language. */
function isGreeting(text: string): boolean {
  const m = said(text.trim());
  return either(m, GREETING_ONLY, pl.PL_GREETING_ONLY) || either(m, GREETING_SMALL_TALK, pl.PL_GREETING_SMALL_TALK);
}

/** Help articles about limits that are not the customer's card limits. */
const LIMIT_TOPICS = new Set(["top_up_limits", "disposable_card_limits"]);

/** "what is this city parking charge??", "co to w ogóle jest?": asking what a payment is. */
const WHAT_IS_IT =
  /\bwhat(?:'s|s|\s+is|\s+was|\s+are)\s+(?:this|that|these|those|the)\b|(?<!\p{L})co\s+to\s+(?:w\s+og[oó]le\s+)?(?:jest|by[lł]o|za)(?!\p{L})|(?<!\p{L})czym\s+jest(?!\p{L})/giu;

/**
 * Whether a message only asks what a payment is, saying nothing against it ("what is this city
 * parking charge??", "Apteka Gemini 46,20 zł - co to w ogóle jest?"): a question to answer
 * before any claim. "...I did not buy anything there" beside it is a claim.
 */
/** Words said against a payment ("not me", "never", "twice", "to nie ja", "oddajcie"): beside it, a message is a claim. */
export const SAID_AGAINST =
  /\b(?:back|wrong|twice|double|refund\w*|dispute|never|not|no\s+idea|fraud\w*|unknown)\b|n't\b|\b(?:dont|didnt|doesnt|wasnt|isnt|cant|wont|havent|hasnt|werent|arent)\b|(?<!\p{L})(?:zwr[oó]\p{L}*|oddaj\p{L}*|nie|dwa\s+razy|podw[oó]jn\p{L}*|2x)(?!\p{L})/iu;

/** "Bilet oddałam w kasie, a pieniądze nie wróciły", "I sent it back and the money never came": a merchant's refund that never came. */
export const MONEY_NOT_BACK =
  /\b(?:returned|(?:sent|brought|gave|took)\s+(?:\w+\s+){0,3}back|cancell?ed)\b.{0,100}\b(?:never|not|didn'?t|hasn'?t|haven'?t|wasn'?t|isn'?t)\b|(?<!\p{L})(?:odda[lł]\p{L}*|zwr[oó]ci[lł]\p{L}*|odes[lł]a[lł]\p{L}*|anulowa[lł]\p{L}*)(?!\p{L}).{0,80}(?<!\p{L})nie\s+(?:wr[oó]ci[lł]\p{L}*|wp[lł]yn[eę][lł]\p{L}*|dosta[lł]\p{L}*|przysz[lł]\p{L}*|ma)(?!\p{L})/iu;

/** "I returned the TV, the shop said money comes back in 3 days, it's been almost a week": told, not asked, a merchant's refund still awaited. */
export const MONEY_PROMISED =
  /\b(?:returned|(?:sent|brought|gave|took)\s+(?:\w+\s+){0,3}back|cancell?ed)\b.{0,100}\b(?:still|it'?s\s+been|(?:they|shop|store|seller)\s+(?:said|promised|confirmed))\b/i;

export function asksWhatItIs(text: string): boolean {
  if (!new RegExp(WHAT_IS_IT.source, "iu").test(text)) return false;
  const rest = text.replace(WHAT_IS_IT, " ");
  // Anything said against it ("i never went there", "nie przypominam sobie") makes the message a claim.
  return applyRules(rest)?.intent !== "refund" && !SAID_AGAINST.test(rest);
}

/** The label a reliable keyword rule gives the message, or undefined when none applies. */
export function applyRules(text: string): RuleLabel | undefined {
  if (isGreeting(text)) return { intent: "greeting" };
  if (THANKS.test(text.trim()) || PL_THANKS.test(text.trim()) || ALL_DONE.test(text.trim())) return { intent: "greeting", category: "thanks" };
  const m = said(stripGreeting(text));
  const matching = (rules: Rule[]) =>
    rules.find((r) => (r.patterns.some((p) => p.test(m.body)) || r.polish?.some((p) => p.test(m.folded))) && applies(r.label, m))?.label;
  const first = matching(FIRST_RULES);
  // A limit on top-ups or on one-off cards has its own article; "limits" are the customer's card's.
  const topic = topicRule(m.body);
  const label = first?.intent === "limits" && topic?.category && LIMIT_TOPICS.has(topic.category) ? topic : (first ?? topic ?? matching(LATER_RULES));
  // "a payment attempt from some online store I've never heard of": nothing taken, the card's details are in someone's hands.
  if (label?.intent === "refund" && ATTEMPTED.test(m.body) && !TAKEN_AGAIN.test(m.body))
    return { intent: "freeze_card", category: "compromised_card", cardReason: "compromised" };
  if (label?.intent === "refund") return refundAt(label, m);
  if (label?.category === "reverted_card_payment?" && either(m, /\btop[\s-]?up\b|\btopped\s+up\b|\b(?:added|loaded|put)\s+money\b/i, pl.PL_TOP_UP))
    return { intent: "knowledge", category: "top_up_reverted" };
  if (label?.category === "declined_card_payment") return declinedAt(m) ?? undefined;
  if (label?.intent !== "freeze_card") return label;
  // "What happens if a cash machine keeps my card?": the help article, nothing to freeze.
  if (either(m, /\bswallow|\b(?:atm|machine|cash\s*point)\b/i, pl.PL_SWALLOWED) && /\bwhat\s+happens\s+if\b/i.test(m.body))
    return { intent: "knowledge", category: "card_swallowed" };
  if (asksHowToFreeze(m)) return { intent: "knowledge", category: "lost_or_stolen_card" };
  if (either(m, COMPROMISED, pl.PL_COMPROMISED)) return { intent: "freeze_card", category: "compromised_card", cardReason: "compromised" };
  if (either(m, /\bswallow|\b(?:atm|machine|cash\s*point)\b/i, pl.PL_SWALLOWED))
    return { intent: "freeze_card", category: "card_swallowed", cardReason: "lost" };
  const asked = either(m, /\b(?:freeze|block|lock|stop|suspend|pause)\b/i, pl.PL_FREEZE_ASKED) && !either(m, /\blost\b/i, pl.PL_LOST);
  return { ...label, cardReason: either(m, STOLEN, pl.PL_STOLEN) ? "stolen" : asked ? "customer_request" : "lost" };
}

/** "how would I block it?", "is it possible to freeze my card myself", "jak mogę zablokować kartę": how to stop a card. */
const HOW_TO_FREEZE =
  /\bhow\s+does\s+(?:card\s+)?(?:freez|block)\w*\s+(?:\w+\s+)?work\b|\bif\s+i\s+(?:freeze|block|lock)\s+(?:my|the)\s+card\b|\b(?:how\s+(?:do|would|can|could|should|does)\s+(?:i|one|you)|is\s+it\s+possible\s+to|(?:can|could)\s+i|am\s+i\s+able\s+to|do\s+i\s+have\s+to)\b[^.?!]{0,40}\b(?:freeze|block|lock|suspend|put\s+a\s+hold)\b/i;
const PL_HOW_TO_FREEZE = /\b(?:jak|czy\s+(?:moge|mozna|da\s+sie))\b[^.?!]{0,40}\bzablok\w*/;
/** "if I ever lose it", "just asking", "I've got it right here", "myself", "in the app": nothing is lost now. */
const NOTHING_LOST_NOW =
  /\bwhat\s+happens\s+if\b|\bnothing'?s\s+wrong\b|\bif\s+i\s+(?:freeze|block|lock)\b|\bif\s+(?:i\s+)?(?:ever|someday|one\s+day)\b|\bif\s+i\s+(?:lose|lost)\b|\b(?:should|were)\s+i\s+(?:ever\s+|to\s+)?lose\b|\bwhat\s+if\s+i\s+lose\b|\bjust\s+(?:asking|curious|wondering)\b|\b(?:for|in)\s+(?:the\s+)?future\b|\bin\s+case\b|\b(?:got|have)\s+it\s+(?:right\s+)?here\b|\bmyself\b|\bin\s+the\s+app\b/i;
const PL_NOTHING_LOST_NOW = /\b(?:na\s+przyszlosc|w\s+razie|gdyby\w*|sam|sama|samodzielnie|w\s+aplikacji|tak\s+pytam|z\s+ciekawosci)\b/;
/** Words telling that a card is gone now: then "how do I block it?" asks for it to be done. */
const LOST_NOW = /\b(?:lost|stolen|missing|gone|nicked|can'?t\s+find|cannot\s+find|left\s+it|took\s+it|haven'?t\s+seen|someone)\b/i;
const PL_LOST_NOW = /\b(?:zgubi\w*|ukradl\w*|ukradzi\w*|skradzion\w*|zginel\w*|zginela|nie\s+mam|nie\s+moge\s+znalezc|ktos)\b/;

/** "nothing is lost", "it isn't stolen": a loss denied. */
const NOT_LOST = /\bnothing(?:\s+is|\s+was|'s|\s+has\s+been|\s+got)\s+(?:lost|stolen|missing|gone)\b/gi;
/** "should I lose my card while abroad", "if my card ever gets stolen": a loss supposed, not told. */
const SUPPOSED_LOSS =
  /\b(?:should|were)\s+i\s+(?:ever\s+|to\s+)?lose\b|\b(?:if|in\s+case|what\s+if|suppose)\s+i\s+(?:ever\s+|someday\s+|one\s+day\s+)?lose\b|\b(?:if|in\s+case|what\s+if|suppose)\s+(?:my|the)\s+card\s+(?:ever\s+|someday\s+)?(?:gets?|is|were|was)\s+(?:lost|stolen)\b/gi;

/** A question how to freeze a card, with nothing lost now ("if I ever lose my card, how would I block it?"): the help article answers it. */
function asksHowToFreeze(m: Said): boolean {
  const unlost = m.body.replace(NOT_LOST, " ");
  const told = unlost.replace(SUPPOSED_LOSS, " ");
  if (LOST_NOW.test(told) || PL_LOST_NOW.test(m.folded)) return false;
  if (told !== unlost) return true;
  const how = HOW_TO_FREEZE.exec(m.body)?.[0];
  if (how) return either(m, NOTHING_LOST_NOW, PL_NOTHING_LOST_NOW) || !/^(?:can|could)\s+i\b/i.test(how);
  return PL_HOW_TO_FREEZE.test(m.folded) && PL_NOTHING_LOST_NOW.test(m.folded);
}

/** Words asking for money back, and the kinds of item not booked yet a claim may still be about. */
const CLAIM_WORDS = /\b(?:refund\w*|disput\w*|money\s+back|charge\s?back|reclaim\w*)\b/i;
const MONEY_MOVED = /\b(?:transfer\w*|top[\s-]?up\w*|withdraw\w*|deposit\w*|hotel|atm)\b/i;

/** "is my card broken or what": a question whether it is, with no new card asked for. */
const ASKS_IF_BROKEN = /\b(?:is|was)\s+(?:my|the|this)\s+card\s+(?:\w+\s+)?(?:broken|damaged|faulty|dead)\b/i;
const ASKS_FOR_A_CARD = /\b(?:send|order|new|replace\w*|another)\b/i;

/** A card that no longer works in the hand: asking about a new one is asking for one. */
/** "a new one sent out", "posted to me": the customer asks for the card, not how to get one. */
const SENT_TO_ME = /\b(?:new|replacement|another)\s+(?:one|card)\s+(?:sent|posted|mailed|shipped|delivered)\b/i;
const DAMAGED = /\b(?:snapped|broke|broken|cracked|damaged|chewed|bent|melted|split|worn\s+out|scratched|demagneti[sz]ed)\b/i;
/** "How do I get a new card?" asks how; "send me a new card", "can you send me a new card?" and "can I get a new one sent out?" ask for one. */
const ASKS_HOW =
  /^\W*(?:how|where|what|when|why|is\s+it\s+possible|is\s+there|do\s+you|does\s+it|can\s+i|could\s+i|am\s+i\s+able|will\s+(?:you|i|it)|would\s+you|do\s+i|should\s+i|are\s+you\s+going)\b/i;

/** The message without the words joining it to one before ("and how do I...", "a jak..."). */
const unjoined = (m: Said): Said => ({
  body: m.body.replace(/^\W*(?:(?:and|also|plus|oh|but|so|then)\b\W*)+/i, ""),
  folded: m.folded.replace(/^\W*(?:(?:a|i|oraz|no|to)\b\W*)+/, ""),
});

/**
 * "twice" and "abroad" mean a refund only where money was taken: "it failed twice", "can I
 * use my card abroad?" are not claims; a question about replacements orders none.
 */
/** "I froze it myself in the app", "now I find it in my shoe": a card the customer stopped already, or found again, is not to be frozen. */
export const ALREADY_STOPPED =
  /\b(?:froze|frozen|blocked|locked)\s+it\s+(?:myself|already|(?:my)?self\s+in\s+the\s+app)\b|\balready\s+(?:froze|frozen|blocked|locked)\b|\b(?:now|then)\s+i\s+(?:find|found)\s+it\b|\bthought\b.{0,30}\b(?:lost|stolen|gone)\b.{0,80}\b(?:found|find)\s+it\b/i;

/** A transfer or top-up told as failed or declined. */
export const FAILED_MOVE =
  /^(?=.*\b(?:fail\w*|declin\w*|bounced|rejected)\b)(?=.*\b(?:transfer\w*|sent\s+money|send\s+money|top[\s-]?up\w*|topped\s+up|payment\s+to)\b)/is;

function applies(label: RuleLabel, m: Said): boolean {
  // "sent money to my friend... now it says 'failed'. where is my money now?": a transfer or top-up that failed, not a refund asked about.
  if (label.intent === "status" && FAILED_MOVE.test(m.body) && !/\b(?:refund\w*|claims?|requests?|disputes?|complaints?)\b/i.test(m.body)) return false;
  // "180 from Hotel Adler that hasn't gone through yet - what's going on with it?": an item not booked yet asked about, no request.
  if (label.intent === "status" && NOT_BOOKED_YET.test(m.body) && !/\b(?:refund\w*|claims?|requests?|disputes?|complaints?|cases?)\b/i.test(m.body))
    return false;
  if (label.intent === "freeze_card" && ALREADY_STOPPED.test(m.body) && !/\b(?:other|another|second)\s+card\b/i.test(m.body)) return false;
  if (label.intent === "replace_card" && ASKS_IF_BROKEN.test(m.body) && !ASKS_FOR_A_CARD.test(m.body)) return false;
  // "chcę reklamować płatność w Media Expert, zamówienie nie doszło", "dispute the payment, the order never arrived": a claim, not an item not booked yet.
  if (label.intent === "pending" && either(m, CLAIM_WORDS, pl.PL_CLAIM_WORDS) && !either(m, MONEY_MOVED, pl.PL_MONEY_MOVED)) return false;
  if (label.intent === "replace_card") return !either(m, ASKS_HOW, pl.PL_ASKS_HOW) || either(m, DAMAGED, pl.PL_DAMAGED) || SENT_TO_ME.test(m.body);
  if (label.intent !== "refund" || (label.reason !== "duplicate" && label.reason !== "abroad")) return true;
  if (label.reason === "abroad" && either(m, /\b(?:exchange|rate|conver\w*)\b/i, /\b(?:kurs\w*|przewalutow\w*|wymian\w*)/)) return false;
  // Money sent to the customer from abroad is not a payment taken from them.
  if (
    label.reason === "abroad" &&
    either(m, /\b(?:send(?:s|ing)?\s+me|sent\s+me|receiv\w*|incoming|pay(?:s|ing)?\s+me)\b/i, /\b(?:przysl\w*\s+mi|wysl\w*\s+mi|otrzyma\w*|odebra\w*)/)
  )
    return false;
  if (refusedNotTaken(m)) return false;
  // "how do I send money abroad in the app?", "jak zapłacić za granicą?": how to do it, not a payment taken.
  if (label.reason === "abroad" && either(unjoined(m), ASKS_HOW, pl.PL_ASKS_HOW) && !either(m, TAKEN_AGAIN, pl.PL_TAKEN) && !/\d/.test(m.body)) return false;
  const asks = either(m, /^\s*(?:can|could|will|does|do|is|are)\s+(?:i|my|you|it)\b/i, /^\s*czy\s+(?:moge|mozna|moja\s+karta|karta|dziala)\b/);
  return either(m, CHARGED, pl.PL_CHARGED) && !asks;
}

/** A payment tried, not made: "payment attempts", "someone tried to pay with my card". */
const ATTEMPTED =
  /\battempt\w*|\battemps\b|\btried\s+to\s+(?:charge|pay|take|buy|use)\b|\b(?:rang|called|phoned|texted)\s+me\b.{0,80}\b(?:scam|fraud|bank|card)\b|\bphishing\b|\bscam\s+(?:call|text|sms|e-?mail|site|link|page)\b/i;

/** Refused or failed "twice", "three times", with nothing said about money taken: tries that failed, not a payment taken twice. */
const REFUSED_AGAIN =
  /\b(?:declined|refused|rejected|denied|failed|fails|failing|went\s+wrong|didn'?t\s+(?:work|go\s+through))\b|\b(?:tried|trying)\b.{0,40}\b(?:twice|times)\b|\bkeeps?\s+(?:saying|failing|getting)\b/i;
const TAKEN_AGAIN = /\b(?:charg\w*|took|taken|billed?|debit\w*|deducted|came\s+out|left\s+my\s+account|went\s+out|paid)\b/i;
function refusedNotTaken(m: Said): boolean {
  return REFUSED_AGAIN.test(m.body) && !TAKEN_AGAIN.test(m.body);
}

/**
 * A claim about a cash withdrawal or a direct debit is not a card payment to refund: the help
 * article says what to do ("who is this direct debit from?", "the ATM gave me less").
 */
function refundAt(label: RuleLabel, m: Said): RuleLabel {
  if (either(m, /\bdirect\s+debits?\b|\bmandates?\b/i, pl.PL_DIRECT_DEBIT)) return { intent: "knowledge", category: "direct_debit_payment_not_recognised" };
  if (!either(m, AT_CASH_MACHINE, pl.PL_AT_CASH_MACHINE)) return label;
  if (label.reason === "unrecognised") return { intent: "knowledge", category: "cash_withdrawal_not_recognised" };
  if (either(m, /\b(?:less|wrong\s+amount|only\s+(?:gave|got)|gave\s+(?:me\s+)?only|short|didn'?t\s+(?:give|get)\s+(?:me\s+)?(?:all|the))\b/i, pl.PL_LESS_CASH))
    return { intent: "knowledge", category: "wrong_amount_of_cash_received" };
  return label;
}

/**
 * A declined cash withdrawal, transfer or top-up has its own help article, and so has a
 * declined card payment; "it got declined" alone says not which, and is left to the classifier
 * and the conversation.
 */
function declinedAt(m: Said): RuleLabel | null {
  // "...declined again. I ended up paying with cash I had on me": cash paid instead says where nothing was declined.
  const cashPaid = /\b(?:pa(?:y|id|ying)|settled)\s+(?:\w+\s+)?(?:with|in|by)\s+(?:the\s+)?cash\b|\bcash\s+i\s+had\b/i.test(m.body);
  if (either(m, AT_CASH_MACHINE, pl.PL_AT_CASH_MACHINE) || (/\bcash\b/i.test(m.body) && !cashPaid))
    return { intent: "knowledge", category: "declined_cash_withdrawal" };
  if (either(m, /\btop[\s-]?up\b|\btopping\s+up\b/i, pl.PL_TOP_UP)) return { intent: "knowledge", category: "top_up_failed" };
  if (either(m, /\b(?:transfer\w*|send\w*|sent|beneficiar\w*|recipient|iban)\b|\bmoney\s+to\b/i, pl.PL_TRANSFER))
    return { intent: "knowledge", category: "declined_transfer" };
  // "my card has stopped functioning: it is refused at shop terminals whether I insert it or tap it": the card, not one payment.
  if (/\bstopped\s+(?:working|functioning)\b|\b(?:insert\w*|tap\w*)\s+(?:it\s+)?or\s+(?:insert\w*|tap\w*)\b/i.test(m.body))
    return { intent: "knowledge", category: "card_not_working" };
  if (either(m, /\b(?:card|payment|pay|purchase|shop|store|online|terminal|supermarket|restaurant|merchant)\b/i, pl.PL_CARD_PAYMENT))
    return { intent: "knowledge", category: "declined_card_payment" };
  return null;
}

/**
 * The claim a message makes about a payment, read by the claim rules alone: what a message
 * naming one of the customer's own payments asks for even where a help topic's words are in
 * it too ("coffee corner took 4.90 twice, refund the extra one").
 */
export function claimRule(text: string): RuleLabel | undefined {
  const m = said(stripGreeting(text));
  const claim = LATER_RULES.find(
    (r) => r.label.intent === "refund" && (r.patterns.some((p) => p.test(m.body)) || r.polish?.some((p) => p.test(m.folded))) && applies(r.label, m),
  );
  return claim?.label;
}

/** The message without a leading "hi", "hello there," "dzień dobry," etc. */
export function stripGreeting(text: string): string {
  const english = text.replace(GREETING_PREFIX, "");
  if (english !== text) return english;
  // The Polish greeting's length in the folded text is its length as written: folding keeps one letter per letter.
  const polish = pl.PL_GREETING_PREFIX.exec(foldText(text));
  return polish ? text.slice(polish[0].length) : text;
}
