/**
 * Help-article topics that keywords tell apart better than the classifier. Banking77 has
 * neighbouring categories that differ by one word ("how long do transfers take" and "my
 * transfer hasn't shown up"; "exchange in the app" and "the exchange fee"), and the words that
 * decide are the bank's own vocabulary: a SEPA transfer, a payee, a plastic card, Swiss francs.
 * Each topic is asked about in general; a message about one payment of the customer's (a
 * merchant named, money back asked for, a charge taken twice) is left to the claim rules.
 */
import type { RuleLabel } from "./banking77";

type Topic = {
  category: string;
  /** Every pattern must match. */
  when: RegExp[];
  /** None may match. */
  unless?: RegExp | RegExp[];
};

const CURRENCY = String.raw`(?:yen|francs?|crowns?|korun[ay]?|kroner?|dollars?|pounds?|sterling|zloty|zlotys|koruna|krona|kronor|krone|rupees?|yuan|renminbi|pesos?|lira|forint|lei|leu|rand|dirhams?|usd|gbp|chf|jpy|pln|czk|sek|nok|dkk|huf|currenc(?:y|ies))`;
const TRANSFER =
  /\b(?:transfers?|sepa|swift|wire|send(?:ing)?\s+money|money\s+i\s+send|sent\s+money|payments?\s+to\s+(?:another|an\s+other|a\s+different)\s+(?:bank|account))\b/i;
const FEE = /\b(?:fees?|charges?|charged|charging|cost|costs|commission|free)\b/i;
const TOP_UP =
  /\b(?:top[\s-]?up\w*|topping\s+up|topped\s+up|add(?:ing)?\s+money|load(?:ing)?\s+money|put\s+(?:€?\d+\w*|money|some\s+money)\s+(?:in|on)(?:to)?)\b/i;
/** Something went wrong with one payment: a claim or a failure, not a question about the topic. */
const TROUBLE = /\b(?:fail\w*|declin\w*|reject\w*|revert\w*|pending|refus\w*|twice|double\w*|again|refund\w*|money\s+back|overcharg\w*)\b/i;
const CASH = /\b(?:atm|cash\s*(?:point|machine)|cashpoint|withdr[ae]w\w*|cash)\b/i;
const CARD_PAYMENT = /\b(?:card\s+payments?|paid\s+(?:by|with)\s+(?:my\s+)?card|purchases?|bought|shop(?:ping)?)\b/i;
const PAST_ONE = /\b(?:ago|yesterday|last\s+\w+|still|has\s*n[o']?t|have\s*n[o']?t|hasn'?t|haven'?t|didn'?t|not\s+(?:arrived|received|there|yet))\b/i;

/** "my balance is the same", "the balance hasn't changed": money that did not arrive. */
const BALANCE_UNCHANGED =
  /\bbalance\b.{0,40}\b(?:same|unchanged|(?:has\s*n[o']?t|hasn'?t|didn'?t|did\s+not|not|never|doesn'?t)\s+(?:been\s+)?(?:chang|updat|gone\s+up|go\s+up|mov|increas|show|reflect)\w*)/i;
const RATE = /\b(?:rate|exchange)\b/i;
/** A rate the customer finds wrong. */
const BAD = /\b(?:wrong|bad|terrible|awful|poor|unfair|incorrect|rip\w*|too\s+(?:high|low|much)|worse|off)\b/i;

const TOPICS: Topic[] = [
  {
    // "can I add money here with card from a different bank, like American Express, or only some types?"
    category: "supported_cards_and_currencies",
    when: [
      /\b(?:american\s+express|amex|diners|which\s+(?:cards|kinds?\s+of\s+cards?|types?\s+of\s+cards?)|what\s+(?:kinds?|types?)\s+of\s+cards?|only\s+some\s+(?:types|kinds|cards))\b/i,
      TOP_UP,
    ],
    unless: new RegExp(String.raw`${FEE.source}|${TROUBLE.source}`, "i"),
  },
  {
    category: "verify_top_up",
    when: [
      /\b(?:\d|four|six)[\s-]?digit\s+code\b.{0,60}\b(?:charge|payment|statement)\b|\bcode\b.{0,40}\b(?:small|tiny|little)\s+(?:charge|payment|amount)\b|\b(?:small|tiny|little)\s+(?:charge|payment|amount)\b.{0,60}\bcode\b/i,
    ],
  },
  {
    // "the app wants me to verify this card first, why is this needed?": a card to top up from.
    category: "verify_top_up",
    when: [
      /\b(?:verif\w*|confirm)\s+(?:this|the|my|that|a|the\s+new|my\s+other)\s+card\b/i,
      /\b(?:top[\s-]?up|topping\s+up|load|add\s+money|first|before|small\s+(?:charge|payment|amount))\b/i,
    ],
    unless: /\b(?:identity|passport|selfie|id|documents?|activat\w*)\b/i,
  },
  {
    // "a cash machine in Porto just kept her card... What happens if that happens to me?": someone else's card, or a card kept only in a what-if.
    category: "card_swallowed",
    when: [
      /\b(?:atm|cash\s*(?:point|machine)|cashpoint|machine)\b.{0,30}\b(?:swallowed|ate|eaten|kept|keeps|retained)\b/i,
      /\b(?:her|his|their|someone'?s|somebody'?s|a\s+friend'?s|colleague'?s)\s+card\b|\bwhat\s+(?:happens|would\s+happen|do\s+i\s+do|should\s+i\s+do)\s+if\b/i,
    ],
  },
  {
    // "How long am I going to be stuck without a card then?" after a new card is ordered.
    category: "card_delivery_estimate",
    when: [/\bhow\s+long\b.{0,40}\bwithout\s+(?:a|my|the|any)\s+card\b/i],
  },
  {
    // "When it arrives, must I do anything to it before I may pay with it?"
    category: "activate_my_card",
    when: [
      /\bwhen\s+(?:it|the\s+(?:new\s+)?card|my\s+(?:new\s+)?card)\s+(?:arrives|comes|gets\s+here)\b/i,
      /\b(?:do\s+anything|anything\s+to\s+do|set\s+(?:it\s+)?up|before\s+i\s+(?:can|may|could)\s+(?:use|pay))\b/i,
    ],
  },
  {
    category: "card_about_to_expire",
    when: [
      /\b(?:valid\s+(?:thru|through|until|till)|expir(?:es|ing|y)|runs?\s+out|about\s+to\s+expire)\b/i,
      /\b(?:new|another|replacement)\s+(?:one|card)\b|\brenew\w*|\bautomatic\w*|\bby\s+yoursel(?:f|ves)\b/i,
    ],
    unless: /\b(?:expired|lost|stolen|broken|damaged|declin\w*)\b/i,
  },
  {
    category: "lost_or_stolen_phone",
    when: [
      /\b(?:phone|mobile|iphone|smartphone)\b.{0,40}\b(?:stolen|lost|nicked|pinched|missing)\b|\b(?:lost|stole|nicked|pinched|grabbed|snatched|left)\s+(?:my\s+)?(?:phone|mobile|iphone|smartphone)\b/i,
    ],
  },
  {
    category: "activate_my_card",
    when: [
      /\b(?:new|replacement)\s+card\b|\bcard\s+(?:came|arrived|turned\s+up|is\s+here)\b/i,
      /\bgr[ae]yed\s+out\b|\bbefore\s+i\s+can\s+(?:use|start\s+using|pay\s+with)\b|\bstart\s+using\b|\bready\s+to\s+use\b|\bactivat\w*|\bswitch\s+(?:it\s+)?on\b|\b(?:6|six)[\s-]digit\s+code\b|\bletter\b.{0,40}\bcode\b/i,
    ],
    unless: /\b(?:pin|lost|stolen|declin\w*|refus\w*|charg\w*|when|how\s+long)\b/i,
  },
  {
    category: "card_arrival",
    when: [
      /\bcard\b/i,
      /\bstill\s+(?:nothing|no\s+(?:sign|card)|not\s+(?:here|arrived|come))\b|\b(?:hasn'?t|has\s+not|didn'?t|did\s+not|never)\s+(?:arrived|arrive|come|turned\s+up|shown\s+up)\b|\bwould\s+be\s+here\b|\bshould\s+(?:have\s+)?(?:be\s+here|arrived|come)\b/i,
    ],
    unless: /\b(?:refund\w*|money|transfer\w*|top[\s-]?up\w*|payments?|cash|pin|lost|stolen|charg\w*|atm|machine|stuck|swallow\w*|kept|back\s+out)\b/i,
  },
  {
    category: "top_up_failed",
    when: [
      /\b(?:top[\s-]?up\w*|topping\s+up|add(?:ing|ed)?\s+(?:money|funds|€?\d+\w*)|load(?:ing|ed)?\s+(?:money|funds|€?\d+\w*)|put(?:ting)?\s+(?:money|€?\d+\w*)\s+(?:in|on))\b/i,
      /\b(?:fail\w*|went\s+wrong|error|didn'?t\s+work|won'?t\s+go|wouldn'?t\s+go|keeps?\s+(?:saying|failing)|not\s+working)\b/i,
    ],
    unless: /\b(?:charg\w*|twice|double\w*|refund\w*|revert\w*|reversed|pending|transfers?)\b/i,
  },
  {
    category: "atm_support",
    when: [
      /\b(?:withdraw\w*|take\s+out|get)\s+(?:cash|money)\b.{0,30}\b(?:any|every|other|foreign)\s+(?:atms?|cash\s*machines?|banks?)\b|\b(?:at|from)\s+(?:any|every|which|other|foreign)\s+(?:atms?|cash\s*machines?)\b|\b(?:which|what|where)\s+(?:atms?|cash\s*(?:points?|machines?))\s+(?:can|could|do|should)\b|\bwhere\s+(?:can|could)\s+i\s+(?:take\s+out|get|withdraw|draw)\s+(?:some\s+)?(?:cash|money)\b/i,
    ],
    // "which atms can i use", not how much, what it costs, or where a card was kept.
    unless: new RegExp(String.raw`${TROUBLE.source}|${FEE.source}|\b(?:limits?|max\w*|most|much|swallow\w*|kept|ate|rate)\b`, "i"),
  },
  {
    category: "balance_not_updated_after_cheque_or_cash_deposit",
    when: [BALANCE_UNCHANGED, /\b(?:cheques?|(?:a|the|my)\s+checks?|cash|deposit\w*)\b/i],
    unless: /\btransfer\w*\b/i,
  },
  {
    category: "balance_not_updated_after_bank_transfer",
    when: [BALANCE_UNCHANGED],
  },
  {
    category: "transfer_timing",
    when: [
      /\b(?:how\s+(?:long|quick(?:ly)?|fast|soon|many\s+(?:\w+\s+)?(?:days|hours))|when\s+(?:will|does|do|would)|what\s+time|cut-?off(?:\s+time)?|same[\s-]day)\b/i,
      TRANSFER,
    ],
    unless: new RegExp(String.raw`${PAST_ONE.source}|\b(?:sent|made|cards?|refund\w*|top[\s-]?up\w*|fees?|cost)\b`, "i"),
  },
  {
    category: "top_up_by_bank_transfer_charge",
    when: [
      FEE,
      new RegExp(String.raw`${TOP_UP.source}|\b(?:move|moving|put|bring|send)\s+money\s+in\b`, "i"),
      /\b(?:transfer|bank\s+account|other\s+bank|another\s+bank|sepa|from\s+my\s+[\w-]+\s+account)\b/i,
    ],
    // "the fee if i top up with my card from another bank": the card is how the money comes.
    unless: new RegExp(String.raw`${TROUBLE.source}|\b(?:with|by|using|via)\s+(?:my|a|the)\s+(?:[\w'’-]+\s+){0,3}card\b`, "i"),
  },
  {
    category: "top_up_by_card_charge",
    when: [FEE, TOP_UP, /\bcard\b/i],
    unless: TROUBLE,
  },
  {
    category: "top_up_limits",
    when: [
      /\b(?:how\s+much|max(?:imum)?|most|limits?|biggest|largest|highest)\b.{0,40}\b(?:top[\s-]?up|topping\s+up|load|add)\b|\b(?:top[\s-]?up|load|add)\b.{0,60}\b(?:limits?|max(?:imum)?|at\s+once|in\s+one\s+go)\b|\b(?:cap|limit|max(?:imum)?)\s+(?:on|for)\s+(?:adding|loading|putting\s+in|depositing|topping\s+up)\b/i,
    ],
    unless: new RegExp(String.raw`${FEE.source}|${TROUBLE.source}`, "i"),
  },
  {
    category: "topping_up_by_card",
    when: [
      /\b(?:top[\s-]?up|add\s+money|load\s+money|put\s+money|move\s+money\s+(?:onto|into|to))\b.{0,40}\b(?:with|using|by|from)\s+(?:my\s+|a\s+|an\s+)?(?:\w+\s+){0,2}card\b/i,
    ],
    unless: new RegExp(String.raw`${FEE.source}|${TROUBLE.source}|\b(?:verif\w*|code|limits?)\b`, "i"),
  },
  {
    category: "top_up_by_bank_transfer_charge",
    when: [
      /\b(?:fees?|charges?|charge|cost|costs|commission|free)\b/i,
      /\bfrom\s+(?:my\s+)?(?:other|another|old)\s+(?:bank|account)\b/i,
      /\b(?:send|sending|transfer\w*|wire)\b/i,
    ],
    unless: TROUBLE,
  },
  {
    category: "cash_withdrawal_charge",
    when: [
      /\b(?:atm|cash\s*(?:point|machine)|cashpoint|withdr[ae]w\w*|hole\s+in\s+the\s+wall)\b|\b(?:get|getting|take|taking|took)\s+(?:cash|money)\s+out\b|\bcash\s+out\b/i,
      /\b(?:fees?|charg\w*|free|cost|costs|commission|take\s+a\s+cut)\b/i,
    ],
    unless: /\b(?:rate|exchang\w*|conver\w*|recogni[sz]\w*|wasn'?t\s+me|not\s+me|declin\w*|refus\w*|top[\s-]?up\w*|limit\w*|wrong\s+amount|twice|refund\w*)\b/i,
  },
  {
    category: "card_payment_fee_charged",
    when: [
      /\b(?:fees?|charge\s+(?:anything|me|extra)|charg\w*\s+(?:anything|for\s+(?:it|that|card))|take\s+a\s+(?:cut|bit)|cost\s+(?:anything|extra))\b/i,
      /\bpay(?:ing)?\s+(?:by|with)\s+(?:my\s+|your\s+|the\s+)?card\b|\bcard\s+payments?\b/i,
    ],
    unless: new RegExp(String.raw`${CASH.source}|${TOP_UP.source}|\b(?:exchang\w*|conver\w*|rate|abroad|transfer\w*|declin\w*|twice|refund\w*)\b`, "i"),
  },
  {
    category: "getting_spare_card",
    when: [/\b(?:extra|spare|second|additional|backup|back-up)\s+(?:card|one|physical\s+card)\b/i],
    unless:
      /\b(?:lost|stolen|broken|damaged|replace\w*|virtual|disposable|single[\s-]use|declin\w*|pin|limit\w*|charged|payment|back|twice|refund\w*|took|money)\b/i,
  },
  {
    // "no idea what the four digits are. Is there a way to look them up in the app?": the card's PIN.
    category: "get_physical_card",
    when: [/\b(?:four|4)[\s-]?digits?\b/i, /\b(?:look\s+(?:it|them)\s+up|find|see|where|no\s+idea|forgot\w*|remember)\b/i],
    unless:
      /\b(?:block\w*|lock\w*|change|new|different|another|set|wrong|passcode|password|code\s+(?:by|in|via)\s+(?:sms|text)|payments?|charges?|ending)\b|\blast\s+(?:four|4)\b/i,
  },
  {
    // "A website only takes one of the two big card brands. Which of them are your cards issued on?"
    category: "visa_or_mastercard",
    when: [
      /\bcard\s+(?:brands?|networks?|schemes?)\b|\b(?:brands?|networks?|schemes?)\s+of\s+(?:cards?|your\s+cards?)\b|\bissued\s+(?:on|by|under)\s+(?:which|what)\b|\b(?:which|what)\b.{0,30}\bissued\s+(?:on|by|under)\W*$/i,
    ],
    unless: /\b(?:phone|mobile|wifi|signal)\b/i,
  },
  {
    category: "get_physical_card",
    when: [/\b(?:where|how)\b.{0,40}\b(?:find|see|get|look\s+up|check|view)\b.{0,25}\bpin\b|\bpin\b.{0,60}\bwhere\s+(?:can|do)\s+i\s+(?:find|see|get|look)\b/i],
    unless: /\b(?:block\w*|lock\w*|change|new|different|forgot\w*\s+(?:my\s+)?(?:passcode|password)|wrong)\b/i,
  },
  {
    category: "transfer_fee_charged",
    when: [/\b(?:fees?|charges?|charged|cost|costs|commission)\b/i, TRANSFER],
    unless: new RegExp(
      String.raw`${TROUBLE.source}|${TOP_UP.source}|\b(?:exchang\w*|conver\w*|atm|cash)\b|\bfrom\s+(?:my\s+)?(?:other|another|old)\s+(?:bank|account)\b|\b(?:move|moving|put|bring)\s+money\s+in\b`,
      "i",
    ),
  },
  {
    category: "failed_transfer",
    when: [
      /\b(?:fail\w*|didn'?t\s+go\s+through|did\s+not\s+go\s+through|(?:not|un)\s*successful|bounced|went\s+wrong)\b/i,
      /\b(?:transfers?|sent\s+money|send\s+money|payment\s+to\s+(?:another|an\s+other|a\s+different|someone|my\s+\w+)|to\s+(?:another|a\s+different|my\s+\w+(?:'s)?)\s+account)\b/i,
    ],
    unless: new RegExp(String.raw`${TOP_UP.source}|${CASH.source}|\bcard\s+payment\b|\b(?:declin\w*|refus\w*|reject\w*)\b`, "i"),
  },
  {
    // "your system refuse his account number as receiver".
    category: "beneficiary_not_allowed",
    when: [/\b(?:account\s+number|iban|receiver)\b/i, /\b(?:refus\w*|reject\w*|(?:won'?t|doesn'?t|does\s+not)\s+accept|not\s+(?:allowed|accepted|valid))\b/i],
    unless: /\b(?:fail\w*|pending|twice|refund\w*|money\s+back)\b/i,
  },
  {
    category: "beneficiary_not_allowed",
    when: [
      /\b(?:payees?|beneficiar\w*|recipients?)\b/i,
      /\b(?:can'?t|cannot|won'?t|unable|not\s+(?:allowed|able|possible|permitted)|\w+n'?t\s+(?:allowed|permitted)|(?:doesn'?t|does\s+not|won'?t|will\s+not)\s+let|refus\w*|block\w*)\b/i,
    ],
  },
  {
    category: "receiving_money",
    when: [
      /\bget\s+paid\b|\bsalary\b|\bwages?\b|\bpaid\s+into\s+my\b|\breceiv\w*\s+(?:money|payments?|a\s+payment|transfers?)\b|\bsomeone\s+(?:to\s+)?send\s+me\s+money\b/i,
    ],
    unless: PAST_ONE,
  },
  {
    category: "transfer_into_account",
    when: [
      /\b(?:iban|account\s+number|account\s+details|bank\s+details|sort\s+code|routing\s+number)\b/i,
      /\b(?:transfers?|top[\s-]?up|add\s+money|pay\s+in|fund|deposit)\b/i,
    ],
    unless: new RegExp(String.raw`${PAST_ONE.source}|${TROUBLE.source}|\b(?:send(?:ing)?|sent)\s+(?:\w+\s+){0,2}to\s+(?:my|a|the|his|her)\b`, "i"),
  },
  {
    category: "order_physical_card",
    when: [/\b(?:physical|plastic|real|actual)\s+(?:card|one|version|copy)\b/i],
    // "a virtual card so I don't have to type my real card number": the virtual one is asked for.
    unless:
      /\b(?:arriv\w*|deliver\w*|post|track\w*|when|come|came|activat\w*|pin|lost|stolen|expir\w*|declin\w*|reject\w*|refus\w*|fail\w*|broken|(?:\w+n'?t|not)\s+work\w*)\b|\b(?:real|actual)\s+card\s+(?:number|details|data)\b/i,
  },
  {
    category: "disposable_card_limits",
    when: [
      /\b(?:single[\s-]?use|one[\s-]?(?:time|off)(?:[\s-]?use)?|disposable|burner|throw[\s-]?away|(?:only\s+)?work\s+(?:only\s+)?once|disappear\s+after\s+(?:one|a\s+single|the\s+first)\s+(?:purchase|payment|use))\b/i,
      /\bmax(?:imum)?\b.{0,30}\b(?:spend|pay)\b|\b(?:spend|pay)\s+with\s+(?:one|it|them|those|these)\b|\b(?:limits?|caps?|how\s+many(?:\s+times)?|how\s+often|more\s+than\s+once|stop\s+working|after\s+the\s+first|subscriptions?|recurring|every\s+month)\b|\bhow\s+much\s+(?:goes|can\s+go)\s+on\b/i,
    ],
  },
  {
    // "my card just dosent work anywhere since this morning", "my card has stopped functioning: it is refused at shop terminals whether I insert it or tap it".
    category: "card_not_working",
    when: [
      /\bcard\b/i,
      /\b(?:doesn'?t|dosent|doesnt|does\s+not|won'?t|wont|isn'?t|is\s+not)\s+work\w*\s+(?:anywhere|at\s+all|anymore|any\s+more)\b|\bstopped\s+(?:working|functioning)\b|\brefused\s+(?:at|by)\s+(?:\w+\s+)?(?:terminals?|machines?|tills?)\b.{0,40}\b(?:insert|tap|chip|contactless|swipe)/i,
    ],
    unless: new RegExp(
      String.raw`${TROUBLE.source}|\b(?:contactless\s+(?:only|just)|only\s+contactless|virtual|online|abroad|pin|apple|google|lost|stolen)\b`,
      "i",
    ),
  },
  {
    category: "get_disposable_virtual_card",
    when: [
      /\bdisposable\b|\b(?:single[\s-]?use|one[\s-]?(?:time|off)(?:[\s-]?use)?|burner|throw[\s-]?away)\s+(?:virt\w*\s+|online\s+)?cards?\b|\b(?:cards?|ones?)\s+that\s+(?:disappear|vanish|expire|self[\s-]destruct)\s+after\s+(?:one|a\s+single|the\s+first)\s+(?:purchase|payment|use)\b|\b(?:get|create|make|order)\s+(?:one\s+of\s+)?(?:those\s+|these\s+)?(?:single[\s-]?use|one[\s-]?time|burner)\s+(?:virtual\s+|online\s+)?cards\b/i,
    ],
    // "how many of those one-time cards can i make in a day?" asks the limits.
    unless: /\b(?:how\s+many|max\w*|limits?|per\s+day|a\s+day|in\s+a\s+day)\b/i,
  },
  {
    category: "apple_pay_or_google_pay",
    when: [
      /\b(?:apple|google|samsung)\s*(?:pay|wallet)\b|\b(?:iphone|android|phone'?s?)\s+wallet\b|\bwallet\s+app\b|\b(?:put|add|load|link)\s+(?:my\s+|the\s+)?card\s+(?:on|to|onto|into|in)\s+(?:my\s+)?(?:i?phone|android|watch|pixel|samsung)\b|\bpay\s+with\s+(?:my\s+|the\s+)?(?:i?phone|phone|watch)\b/i,
    ],
    unless: new RegExp(String.raw`${TROUBLE.source}|\b(?:lost|stolen|(?:\w+n'?t|not)\s+work\w*)\b`, "i"),
  },
  {
    category: "card_acceptance",
    when: [
      /\b(?:will|would|can|does|do)\s+(?:my|the|your|this)\s+card\s+(?:work|be\s+accepted|be\s+used)\b|\b(?:will|would|does)\s+it\s+(?:work|be\s+accepted)\s+(?:in|over\s+there|abroad|overseas)\b|\b(?:card|it)\s+(?:won'?t|will\s+not|wouldn'?t)\s+(?:be\s+any\s+good|work|be\s+accepted)\s+(?:in|over\s+there|abroad|overseas)\b|\b(?:whether|if)\s+it\s+(?:can|could|will)\s+(?:be\s+used|work)\s+(?:in|abroad|overseas)\b|\b(?:can|could)\s+it\s+be\s+used\s+(?:in|abroad|overseas)\b|\bcan\s+i\s+(?:use|pay\s+with)\s+(?:my|the|this|your)\s+card\s+(?:in|at|abroad|overseas|everywhere|anywhere)\b|\bwhere\s+can\s+i\s+use\s+(?:my|the|your)\s+card\b|\b(?:places?|shops?|stores?|countries|websites?|merchants?)\s+(?:where|that)\s+(?:my|the|your)\s+card\s+(?:just\s+)?(?:won'?t|wont|will\s+not|isn'?t|is\s+not|can'?t|cannot|doesn'?t)\s+(?:be\s+)?(?:taken|accepted|work)\b/i,
    ],
    unless: new RegExp(String.raw`${CASH.source}|\b(?:again|online|wallet|apple|google|contactless)\b`, "i"),
  },
  {
    category: "change_pin",
    when: [
      /\b(?:new|different|another|other)\s+pin\b|\b(?:change|chnage|chagne|cahnge|chang|swap|switch|alter|update|pick|choose)\s+(?:my\s+|the\s+)?pin\b|\bset\s+(?:a\s+|my\s+)?(?:new|different|own)\s+pin\b|\b(?:set|choose|pick)\s+(?:one|a\s+number|my\s+own)\s+(?:that\s+)?i\s+can\s+(?:actually\s+)?remember\b/i,
    ],
  },
  {
    // "replace the four-digit number I use with my card by a new one", "my wife knows the secret number of my card, I want to make new one".
    category: "change_pin",
    when: [/\b(?:four[\s-]digit|4[\s-]digit|secret|security|personal)\s+(?:number|code)\b/i, /\b(?:new|change|replace|different|another|swap|reset)\b/i],
    unless: /\b(?:lost|stolen|forgot\w*|blocked|locked)\b/i,
  },
  {
    category: "card_delivery_estimate",
    when: [
      /\bcard\b/i,
      /\bif\s+i\s+order\b|\b(?:how\s+long|how\s+many\s+(?:\w+\s+)?days|when)\b.{0,40}\b(?:deliver\w*|get\s+here|arriv\w*|ship\w*|in\s+the\s+(?:post|mail))\b/i,
      /\b(?:order\w*|new|if)\b/i,
    ],
    unless: new RegExp(String.raw`${PAST_ONE.source}|\b(?:already|sent|lost|stolen)\b`, "i"),
  },
  {
    category: "wrong_exchange_rate_for_cash_withdrawal",
    when: [RATE, BAD, CASH],
  },
  {
    // "Which exchange rate do you use for ATM withdrawals in another currency?": asked before the cash is taken.
    category: "wrong_exchange_rate_for_cash_withdrawal",
    when: [RATE, /\b(?:atm|cash\s*(?:point|machine)|cashpoint|withdraw\w*|take\s+out)\b/i, new RegExp(String.raw`\b${CURRENCY}\b|\b(?:abroad|foreign)\b`, "i")],
    unless: FEE,
  },
  {
    // "card purchases in USD - is the conversion the live market rate?", "if I pay with my card in GBP, how is the price converted?".
    category: "card_payment_wrong_exchange_rate",
    when: [
      /\b(?:conver\w*|rates?)\b/i,
      new RegExp(
        String.raw`\b(?:pa(?:y|id|ying)|purchases?|order(?:ing)?|buy(?:ing)?|bought|spen[dt](?:ing)?)\b.{0,40}\b(?:in|with)\s+(?:another\s+|a\s+foreign\s+|foreign\s+)?${CURRENCY}`,
        "i",
      ),
    ],
    unless: new RegExp(String.raw`${FEE.source}|${CASH.source}`, "i"),
  },
  {
    category: "card_payment_wrong_exchange_rate",
    when: [RATE, BAD, new RegExp(String.raw`${CARD_PAYMENT.source}|\b(?:card|paid|payment)\b`, "i")],
  },
  {
    // "where does the number come from when you convert between currencies? is it the real market one or your own?"
    category: "exchange_rate",
    when: [
      /\b(?:conver\w*|exchang\w*|currenc(?:y|ies))\b/i,
      /\b(?:market|interbank|mid[\s-]?market|where\s+does\s+the\s+(?:number|rate|price)\s+come\s+from|your\s+own\s+(?:rate|one)|what\s+rate|which\s+rate)\b/i,
    ],
    unless: new RegExp(String.raw`${BAD.source}|${FEE.source}|${CASH.source}`, "i"),
  },
  {
    // "Do you add anything when I pay in a currency other than euro?": a surcharge on paying in another currency.
    category: "exchange_charge",
    when: [
      /\b(?:surcharge|add(?:s|ed)?\s+(?:anything|something|extra|a\s+(?:fee|charge|bit))|on\s+top)\b/i,
      /\b(?:foreign|other|different)\s+currenc(?:y|ies)\b|\bcurrenc(?:y|ies)\s+other\s+than\b/i,
    ],
    unless: new RegExp(String.raw`${TROUBLE.source}|${CASH.source}|${TOP_UP.source}|\b(?:wrong|bad)\b`, "i"),
  },
  {
    category: "exchange_charge",
    when: [
      /\b(?:fees?|charges?|charged|cost|costs|commission|mark-?up)\b/i,
      new RegExp(String.raw`\b(?:exchang\w*|conver\w*|swap\w*)\b|\bchange\b.{0,30}\b(?:into|to)\s+(?:\w+\s+)?${CURRENCY}\b`, "i"),
    ],
    unless: new RegExp(String.raw`${CARD_PAYMENT.source}|${CASH.source}|${TOP_UP.source}|\b(?:wrong|bad|rate)\b`, "i"),
  },
  {
    category: "exchange_via_app",
    when: [
      new RegExp(
        String.raw`\b(?:exchang\w*|conver\w*|swap\w*|change)\b.{0,40}\b(?:${CURRENCY}|eur|euros?|balance|money)\b.{0,30}\b(?:to|into|for)\b|\b(?:exchang\w*|conver\w*|swap\w*)\b.{0,40}\b(?:in|through|with|via|using)\s+the\s+app\b`,
        "i",
      ),
    ],
    unless: new RegExp(String.raw`${CASH.source}|${CARD_PAYMENT.source}|\b(?:rate|fees?|charge\w*|cost|commission|wrong|bad|paid|payment)\b`, "i"),
  },
  {
    category: "fiat_currency_support",
    when: [
      new RegExp(
        String.raw`\b(?:support|accept|hold|keep|store|have|open)(?:s|ing)?\b.{0,40}\b${CURRENCY}\b|\b(?:which|what)\s+currencies\b|\b(?:crypto\w*|bitcoins?|btc|ethereum)\b`,
        "i",
      ),
    ],
    unless: new RegExp(
      String.raw`${CASH.source}|${CARD_PAYMENT.source}|${TOP_UP.source}|\b(?:exchang\w*|conver\w*|swap\w*|rate|fees?|charge\w*|paid|pay|transfer\w*|send|sent|receiv\w*)\b`,
      "i",
    ),
  },
  {
    category: "extra_charge_on_statement",
    when: [
      /\bextra\b.{0,30}\b(?:charge|fee|amount|payment|euros?|eur)\b|\b(?:(?:random|unexpected|mystery|strange|weird|odd|small|unknown|little|extra)\s+){1,3}(?:charges?|fees?)\b.{0,40}\b(?:statement|account)\b/i,
    ],
    unless: [/\b(?:refund\w*|money\s+back|twice|double\w*|overcharg\w*)\b/i, /\b(?:at|from|by)\s+(?!My\b)[A-Z]/],
  },
  {
    category: "verify_my_identity",
    when: [
      /\b(?:what|which)\b.{0,30}\b(?:documents?|do\s+you\s+need|do\s+i\s+need|need\s+to)\b.{0,30}\b(?:verif\w*|identity|who\s+i\s+am|prove|id)\b|\b(?:verif\w*|identity|who\s+i\s+am|id\s+check)\b.{0,80}\b(?:what|which)\b.{0,30}\b(?:documents?|do\s+i\s+need|need\s+to\s+have|have\s+ready)\b/i,
    ],
    unless: /\bwhy\b/i,
  },
  {
    // "can i create other card number only for online?", "a separate card just for internet shopping".
    category: "getting_virtual_card",
    when: [
      /\b(?:separate|other|another|second|extra|different)\s+card\s+(?:number\s+)?(?:only\s+|just\s+)?(?:for|to\s+use\s+(?:for|on))\s+(?:online|internet|the\s+internet|web|shopping\s+online)\b/i,
    ],
    unless: /\b(?:disposable|one[\s-]?time|single[\s-]?use|once|limits?)\b/i,
  },
  {
    // "is there a way to put that card into your app so I see it there", "add my other bank's card to the app".
    category: "card_linking",
    when: [/\b(?:put|add|link|connect)\s+(?:that|my|a|the|this|an)\s+(?:[\w']+\s+){0,3}card\s+(?:in|into|to|with)\s+(?:your|the)\s+app\b/i],
    unless: new RegExp(
      String.raw`${TOP_UP.source}|${TROUBLE.source}|\b(?:wrong\s+amount|give\s+(?:it|them|(?:my|the)\s+money)\s+back|not\s+(?:me|mine))\b`,
      "i",
    ),
  },
  {
    category: "country_support",
    when: [
      /\b(?:live|living|resident|based|moving|move|reside)\s+(?:in|to)\s+(?!the\s+(?:app|city|same))\w+|\b(?:live|living|move|moving|relocat\w*)\s+(?:abroad|over\s+there|outside\s+(?:the\s+)?(?:eu|eurozone|europe|country))\b/i,
      /\b(?:account|sign\s+up|open|join|apply|customers?|eurozone)\b/i,
    ],
    unless: new RegExp(String.raw`${TROUBLE.source}|${CARD_PAYMENT.source}|\b(?:charg\w*|card)\b`, "i"),
  },
];

/** The help-article topic the message asks about, by the first topic whose words all appear. */
export function topicRule(body: string, except?: string): RuleLabel | undefined {
  const topic = TOPICS.find((t) => t.category !== except && t.when.every((p) => p.test(body)) && ![t.unless ?? []].flat().some((p) => p.test(body)));
  return topic ? { intent: "knowledge", category: topic.category } : undefined;
}
