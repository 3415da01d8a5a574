/**
 * The keyword rules' Polish phrasings. Each is matched against the message folded to lower
 * case without diacritics (`foldText`: "Zgubiłam kartę" is "zgubilam karte"), so one pattern
 * reads the message however it was typed. They stand beside the English patterns of the same
 * rule in rules.ts, in its order of precedence.
 */

/** Any form of "karta" (card). */
const KARTA = String.raw`kart(?:a|e|y|ie|a|ami|ach|om|o)?\b`;

export const PL_HANDOVER: RegExp[] = [
  /\b(?:rozmaw\w*|rozmow\w*|polacz\w*|polaczeni\w*|daj\w*|chce|potrzebuje|prosze\s+o|moze\s+mi\s+pomoc|mozliwosc\w*|jest\s+(?:jakis|tu|tam))\b.{0,40}\b(?:zyw\w*\s+(?:czlowiek\w*|osob\w*|konsultant\w*)|czlowiek\w*|konsultant\w*|kierownik\w*|dzial\w*\s+(?:obslugi|reklamacji)|kogos\s+z\s+(?:obslugi|dzialu)|ktos\s+z\s+(?:dzialu|obslugi))/,
  /\bnie\s+(?:chce\s+)?(?:rozmawiac|pisac|gadac)\s+z\s+(?:bot\w*|automat\w*|maszyn\w*)|\bjest\s+jakis\s+zywy|\bwnosz\w*\s+skarg\w*/,
  /\b(?:rozmaw\w*|porozmaw\w*|pogada\w*|pogadac|polacz\w*|przekaz\w*|przelacz\w*|chce|chcialbym|chcialabym|poprosze|prosze\s+o)\b.{0,30}\b(?:konsultant\w*|czlowiek\w*|osob[ae]\b|pracownik\w*|kims|kogos|doradc\w*|zywym|zywa|zywego|operator\w*)/,
  /\b(?:zlozyc|zloze|skladam|chce\s+zlozyc)\s+(?:oficjaln\w*\s+)?skarg\w*|\bskarga\s+na\b|\bskarge\s+na\b/,
  /^\W*(?:konsultant|czlowiek|operator|doradca)\W*(?:prosze)?\W*$/,
];

export const PL_CANCEL_TRANSFER: RegExp[] = [
  /\b(?:anul\w*|cofn\w*|cofac|zatrzym\w*|odwol\w*|wycofa\w*)\b[^.!?]{0,40}\bprzelew\w*|\bprzelew\w*\b[^.!?]{0,40}\b(?:anul\w*|cofn\w*|zatrzym\w*|odwol\w*|wycofa\w*)/,
  /\b(?:wyslal\w*|przelal\w*|pomylil\w*)\b.{0,40}\b(?:na\s+)?(?:zl\w*|bledn\w*|niewlasciw\w*|cudz\w*)\s+(?:konto|numer|rachunek|odbiorc\w*)/,
];

export const PL_IDENTITY_REFUSED: RegExp[] = [
  /\b(?:dowod\w*|paszport\w*|selfie|zdjeci\w*|tozsamos\w*|dokument\w*)\b.{0,40}\b(?:odrzuc\w*|nie\s+(?:przechodzi|przeszl\w*|przyjmuje|akceptuje)|nieudan\w*|niepoprawn\w*)|\b(?:odrzuc\w*|nie\s+(?:przyjmuje|akceptuje))\b.{0,30}\b(?:dowod\w*|paszport\w*|selfie|zdjeci\w*|dokument\w*)/,
];

export const PL_PIN_BLOCKED: RegExp[] = [
  /\bpin\w*\b.{0,40}\b(?:zablokow\w*|blokad\w*|zablokowal\w*)|\b(?:zablokowal\w*|zablokowany)\s+(?:mi\s+)?(?:sie\s+)?pin/,
];

export const PL_PASSCODE_FORGOTTEN: RegExp[] = [
  /\b(?:zapomnia\w*|nie\s+pamietam|zresetowa\w*|resetowa\w*)\b.{0,30}\b(?:hasl\w*|kod\w*\s+(?:do\s+)?(?:logowania|aplikacji|dostepu|apki))/,
];

export const PL_UNFREEZE: RegExp[] = [
  /\b(?:zdejm\w*|zdjac|zdjeci\w*|znies\w*|zniesieni\w*|usun\w*|usuniec\w*)\s+(?:\w+\s+){0,2}blokad\w*|\bkart\w*\s+(?:\w+\s+)?znowu\s+dzial\w*/,
  /\bodblok\w*|\bodmroz\w*/,
  /\bznalaz\w*\s+(?:\w+\s+){0,2}(?:kart\w*|portfel\w*)|\bkarta\s+(?:sie\s+)?znalaz\w*|\bznalaz\w*\s+(?:ja|go)\b|\bodnalaz\w*/,
];

export const PL_STOLEN = /\bukradl\w*|\bukradzion\w*|\bskradzion\w*|\bkradziez\w*|\bokradl\w*|\bokradzion\w*|\bzwinel\w*|\bwyrwal\w*/;
export const PL_COMPROMISED =
  /\b(?:ktos|oszust\w*)\s+(?:ma|zna|poznal\w*|wykradl\w*|ukradl\w*|uzyskal\w*)\s+(?:moje\s+)?(?:dane|numer|pin\w*|cvv)|\bwyciek\w*|\bsklonowa\w*|\bskimm\w*|\bphishing\w*|\b(?:podal\w*|wpisal\w*)\s+(?:dane|numer)\s+(?:karty\s+)?na\s+(?:podejrzan\w*|falszyw\w*)|\bzdjeci\w*\s+(?:mojej\s+)?karty/;
export const PL_SWALLOWED = /\bbankomat\w*.{0,40}\b(?:zjadl\w*|wciagn\w*|zatrzymal\w*|polknal\w*|nie\s+oddal\w*|nie\s+zwrocil\w*|zabral\w*)/;

export const PL_FREEZE: RegExp[] = [
  /\b(?:zablokuj\w*|zablokowac|blokujcie|zastrzez(?:cie)?|zastrzec|zamroz(?:cie)?|zamrozic)\b/,
  /\b(?:blokad\w*|zablokowani\w*|wstrzyma\w*|wstrzymaj\w*|zastrzezeni\w*)\s+(?:\w+\s+)?kart\w*/,
  new RegExp(
    String.raw`\b(?:zgubi\w*|zgubion\w*|zginel\w*|zginela|zginelo|ukradl\w*|ukradzion\w*|skradzion\w*|okradl\w*|zostawi\w*|wypadl\w*|nie\s+moge\s+znalezc)\b.{0,40}\b(?:${KARTA}|portfel\w*|torebk\w*)|\b(?:${KARTA}|portfel\w*|torebk\w*)\b.{0,40}\b(?:zgubi\w*|zgubion\w*|zginel\w*|zginela|ukradl\w*|ukradzion\w*|skradzion\w*|wypadl\w*|nie\s+moge\s+(?:jej|go)\s+znalezc)`,
  ),
  PL_STOLEN,
  PL_SWALLOWED,
  PL_COMPROMISED,
];

/** "jak zamówić nową kartę?" asks how; "zamówcie mi nową kartę" asks for one. */
export const PL_ASKS_HOW = /^\W*(?:jak|gdzie|kiedy|ile|czy\s+(?:moge|mozna|da\s+sie)|w\s+jaki\s+sposob|co\s+zrobic)\b/;
export const PL_DAMAGED =
  /\b(?:peknie\w*|pekla|pekl\w*|zlama\w*|uszkodz\w*|pogryz\w*|zniszcz\w*|porysowa\w*|rozwal\w*|wytart\w*|rozmagnes\w*|zdart\w*|nie\s+czyta|przestala\s+dzialac\s+po)/;

/** "zamowilam nowa karte ponad 2 tyg temu i dalej nie przyszla": a card ordered that has not come, not one to order again. */
export const PL_CARD_NOT_ARRIVED =
  /^(?!.*\b(?:zgubi\w*|ukrad\w*|skradzion\w*|zniszcz\w*|uszkodz\w*|pieniadz\w*|przelew\w*|zwrot\w*|zaplaci\w*|platnos\w*|paczk\w*|towar\w*|zamowieni\w*|kart[aą]\s+za))(?=.*\b(?:zamowil\w*|nowa|nowej|nowe\w*)\s+(?:\w+\s+)?kart\w*)(?=.*\bkart\w*).*\b(?:(?:dalej|nadal|wciaz|jeszcze)\s+)?nie\s+(?:przyszl\w*|doszl\w*|dotarl\w*|dostal\w*|otrzymal\w*|ma\s+(?:jej|karty))\b/;

export const PL_REPLACE: RegExp[] = [
  new RegExp(
    String.raw`\b(?:potrzebuje|chce|chcialbym|chcialabym|prosze\s+o|poprosze|zamow\w*|wysl\w*|wysla\w*|przysl\w*|przysla\w*|wydajcie|wydac|wymien\w*)\b.{0,25}\b(?:now\w*\s+${KARTA}|kart\w*\s+zastepcz\w*|zastepcz\w*|duplikat\w*|nowa|nowej|nowa)`,
  ),
  /\bwymian\w*\s+(?:\w+\s+)?kart\w*|\bnow\w*\s+kart\w*\s+do\s+zamowienia/,
  new RegExp(String.raw`\b${KARTA}.{0,30}${PL_DAMAGED.source}`),
];

export const PL_CANCEL: RegExp[] = [
  // "niepotrzebnie zgłaszałam, da się to cofnąć?".
  // "tę z apteką możecie skasować".
  /\bskasuj\w*|\bskasowac\b/,
  /\bniepotrzebnie\s+(?:\w+\s+)?(?:zglasza\w*|zglosil\w*|reklamowa\w*)|\b(?:da\s+sie|mozna|moge|mozesz|mozecie)\s+(?:to\s+|ja\s+|go\s+)?(?:jeszcze\s+)?(?:cofnac|odwolac|wycofac|anulowac)\b(?!.{0,40}\b(?:przelew\w*|kart\w*|kont\w*|subskrypcj\w*|zamowieni\w*|platnos\w*|transakcj\w*|abonament\w*|rezerwacj\w*))/,
  // "jedno z tych zgłoszeń możecie zamknąć, wyjaśniło się".
  /\b(?:zgloszen|reklamacj|wnios)\w*\s+(?:\w+\s+){0,3}(?:zamkn|zamyk)\w*/,
  /\b(?:anuluj\w*|anulowac|anulowani\w*|wycofani\w*|odwolani\w*|wycofaj\w*|wycofuj\w*|wycofac|wycofuje|z?rezygn\w*|odwolaj\w*|odwoluj\w*|odwolac)\b(?!\s+(?:\w+\s+)?(?:z\s+|ze\s+)?(?:przelew\w*|kart\w*|kont\w*|subskrypcj\w*|zamowieni\w*|rezerwacj\w*|zlecen\w*|platnos\w*))/,
  /\bcofn\w*\s+(?:\w+\s+)?(?:reklamacj\w*|zgloszeni\w*|wniosek|wniosk\w*|prosb\w*)|\bzapomnij\w*\s+o\b|\bzamkn\w*\s+(?:\w+\s+)?(?:zgloszeni\w*|reklamacj\w*|sprawe|wniosek)|\bnie\s+chce\s+(?:juz\s+)?reklamowa\w*/,
  /\bnie\s+trzeba\s+(?:juz|zwrotu|tego)|\bjuz\s+nie\s+trzeba\b|\bnieaktualn\w*|\bznalaz\w*\s+(?:\w+\s+)?(?:paragon\w*|rachun\w*|faktur\w*|potwierdzeni\w*)|\bodpusc\w*|\bodpuszcz\w*|\bprzypomnial\w*\s+sobie|\bjednak\s+(?:to\s+)?(?:ja|moja|moje|bylam|bylem|nie\s+trzeba)\b|\bmoj\s+blad\b/,
  /\bto\s+(?:byl|byla|bylo)\s+(?:jednak\s+)?(?:moj|moja|moje)\s+(?:maz|zona|syn|corka|brat|siostra|dziecko|partner\w*|mama|tata|mezem)/,
  /\bto\s+jednak\s+(?:moj\s+|moja\s+)?(?:maz|zona|syn|corka|brat|siostra|dziecko|partner\w*|mama|tata)\b/,
  /\bnie\s+(?:chce|potrzebuje)\s+(?:juz\s+)?(?:tego\s+)?zwrotu|\bzostawmy\s+to\b|\bniewazne\b|\bnie\s+wazne\b/,
];

export const PL_STATUS: RegExp[] = [
  // "a co z tamtą?", "a co z tamtą pierwszą, z książkami?".
  /^\W*(?:a\s+|i\s+|no\s+)?co\s+(?:tam\s+|dalej\s+)?z\s+(?:ta|te|tamta|tamte|tamtym|tamtej|tym|nia|nim|nimi)(?:\s+(?:drug|pierwsz|inn|wczesniejsz|poprzedni|ostatni)\w*)?(?:\W+z\s+\w+)?\W*$/,
  // "jak teraz wyglądają obie sprawy?", "gdzie jest moja reklamacja?", "a mam w ogóle jakieś zgłoszenia?", "mam jakis zwort w toku??", "ta z Mocca zostaje zwrócona, tak?".
  /\bjak\s+(?:teraz\s+|tam\s+)?stoj\w*\s+(?:\w+\s+){0,2}(?:spraw\w*|zgloszeni\w*|reklamacj\w*|zwrot\w*|wnios\w*)|\bjak\s+(?:teraz\s+|tam\s+)?stoi\s+(?:moja\s+|ta\s+)?(?:sprawa|reklamacja|zwrot)|^(?!.*\b(?:wplat\w*|wplac\w*|przelew\w*|gotowk\w*|czek\w*|doladow\w*|pensj\w*|wyplat\w*)\b).*\bkiedy\s+(?:\w+\s+){0,3}(?:widzi\w*|widziec|zobacz\w*)\s+(?:\w+\s+)?na\s+(?:koncie|karcie|rachunku)|\bjak\s+(?:teraz\s+|tam\s+)?wygladaj\w*\s+(?:\w+\s+)?(?:spraw\w*|zgloszeni\w*|reklamacj\w*|zwrot\w*|wnios\w*)|\bgdzie\s+(?:jest|sa)\s+(?:moja|moje|moj|ta|te)\s+(?:reklamacj\w*|zgloszeni\w*|wnios\w*|prosb\w*|spraw\w*)|\bmam\s+(?:\w+\s+){0,2}(?:jakie[sś]?|jaki[sś]?|jakas|jakies|otwart\w*|aktywn\w*)\s+(?:zgloszeni\w*|reklamacj\w*|zwrot\w*|zwort\w*|wnios\w*|prosb\w*|spraw\w*)|\b(?:zwrot\w*|zwort\w*|reklamacj\w*|zgloszeni\w*)\s+w\s+toku\b|\b(?:tamt\w*|zgloszeni\w*|reklamacj\w*|sprawa|wniosek)\b.{0,30}\b(?:dalej|nadal|wciaz|ciagle|jeszcze)\s+w\s+toku\b|\b(?:zostaje|zostanie|bedzie)\s+(?:zwrocon\w*|oddan\w*|uznan\w*|rozpatrzon\w*)\b/,
  // "pieniądze oddane?", "When będzie refund na koncie?".
  /\bpieniadze\s+(?:juz\s+)?(?:oddan\w*|zwrocon\w*|wrocil\w*|przelan\w*)|\brefund\w*\s+na\s+koncie\b/,
  // "a ta w sprawie media expert dalej wisi?".
  /\b(?:sprawie|reklamacj\w*|zgloszeni\w*|zwrot\w*|tamt\w*)\b.{0,40}\b(?:(?:dalej|nadal|wciaz|ciagle|jeszcze)\s+wisi|wisi\s+(?:dalej|nadal|wciaz|ciagle))\b/,
  // "i co dalej?", "ile to jeszcze potrwa", "ile można czekać", "dalej nic?", "dostałam odmowę??", "czekam i czekam".
  /^\W*(?:\w+\W+){0,2}i\s+co\s+dalej\W*$|\bile\s+(?:to\s+|tego\s+)?(?:jeszcze\s+)?(?:potrwa|bedzie\s+trwa\w*|trwa|mam\s+czekac)|\bile\s+(?:jeszcze\s+)?mozna\s+czekac|\bdalej\s+nic\b|\b(?:dostal\w*|mam)\s+odmow\w*|\bczekam\s+i\s+czekam\b/,
  // "kiedy te pieniądze faktycznie pojawią się na koncie?", "a te 12,50 już wróciło na konto?".
  /\bkiedy\s+(?:te\s+|moje\s+)?(?:pieniadze|srodki|kasa)\s+(?:\w+\s+){0,2}pojaw\w*|\bjuz\s+(?:\w+\s+)?wrocil[oay]?\s+na\s+(?:konto|karte|rachunek)/,
  // "czy moje pieniądze w ogóle do mnie wracają czy nie?", "są już pieniądze?".
  /^(?!.*\b(?:przelew|doladowa|wplat|wyplat|bankomat|wplacon|czek|gotowk))(?:.*\bczy\s+(?:moje\s+)?(?:pieniadze|kasa|srodki|zwrot)\s+(?:\w+\s+){0,3}?(?:do\s+mnie|juz|w\s+ogole)\s+(?:\w+\s+){0,2}?(?:wracaj\w*|wroc\w*|wplyn\w*)|\W*(?:\w+\W+){0,2}(?:sa|jest)\s+juz\s+(?:moje\s+)?(?:pieniadze|kasa|zwrot|srodki)\W*$)/,
  /\bodrzucil\w*\s+(?:moj|moja|moje|ten|ta|to)\s+(?:wniosek|wniosk\w*|reklamacj\w*|zgloszeni\w*|prosb\w*|zwrot\w*)/,
  /\b(?:zostal\w*|jest|sa)\s+(?:juz\s+)?(?:uznan\w*|przyjet\w*|zaakceptowan\w*|rozpatrzon\w*|zalatwion\w*|zatwierdzon\w*|zaksiegowan\w*|wyplacon\w*|przelan\w*|zwrocon\w*)|\bzaj\w*\s+sie\s+(?:moja\s+|moim\s+)?(?:sprawa|reklamacja|zgloszeniem|zwrotem)/,
  /\b(?:zgloszeni\w*|reklamacj\w*|sprawa|wniosek|zwrot)\b.{0,20}\bw\s+toku\b|\bwiesci\b|\bnowin\w*|\bnowosc\w*|\bcos\s+nowego\b|\bwiadomo\s+(?:juz\s+)?cos\b|\bcos\s+sie\s+ruszyl\w*|\bjak\s+tam\s+(?:moja|moj|moje|z|ten|ta|to|te|tamt\w*|sprawa|sprawy|zgloszeni\w*|reklamacj\w*|zwrot\w*)\b|\bpytam\s+o\s+(?:moja\s+|moj\s+)?(?:reklamacj\w*|zwrot\w*|zgloszeni\w*)|\b(?:dalej|nadal|wciaz)\s+nic\s+nie\s+wiem/,
  /\b(?:reklamacj\w*|zwrot\w*|zgloszeni\w*|refund\w*)\s+(?:juz\s+)?(?:przeszl\w*|przeszedl|poszl\w*|poszedl)|\bkiedy\s+(?:\w+\s+){0,3}spodziewa\w*\s+(?:sie\s+)?(?:\w+\s+)?(?:zwrot\w*|pieniedzy|srodkow|zaksiegowani\w*)|\bkiedy\s+(?:\w+\s+){0,3}(?:dostane|otrzymam|bedzie)\s+(?:\w+\s+)?odpowiedz\w*/,
  // "co tam słychać z moimi reklamacjami?", "coś się zmieniło z moją reklamacją", "gdzie w ogóle jest mój zwrot?", "możesz mi wylistować wszystkie moje reklamacje".
  /\bcos?\s+(?:tam\s+)?(?:slychac|sie\s+zmienil\w*)\s+(?:u\s+was\s+)?(?:z|ze|w)\s+(?:moim|moja|moimi|moj|moje|ta|tym|tymi)?\s*(?:zwrot\w*|reklamacj\w*|zgloszeni\w*|wniosk\w*|prosb\w*|spraw\w*)|\bgdzie\s+(?:w\s+ogole\s+|teraz\s+|wiec\s+|to\s+)?(?:jest|sa)\s+(?:moj|moja|moje|ten|ta|te|tamt\w*)\s+(?:zwrot\w*|zwort\w*|reklamacj\w*|zgloszeni\w*|wnios\w*|prosb\w*|spraw\w*|pieniadz\w*|kas\w*|srodki)|\b(?:wylist\w*|pokaz\w*|wypisz\w*|wymien\w*|podaj\w*)\s+(?:mi\s+)?(?:wszystkie\s+)?(?:moje\s+)?(?:reklamacj\w*|zgloszeni\w*|wnioski|prosby|zwroty|sprawy)\b|\bco\s+sie\s+(?:z|ze)\s+(?:kazd\w*|nimi|nia|nim)\s+dzieje\b/,
  /\bco\s+(?:tam\s+|dalej\s+)?(?:z|ze|sie\s+dzieje\s+z)\s+(?:moim|moja|moj|moje|tym|ta|moimi|tymi|tymi\s+moimi|ta\s+moja)?\s*(?:dwiema\s+|dwoma\s+|obiema\s+)?(?:drug\w*\s+|inn\w*\s+|tamt\w*\s+|poprzedni\w*\s+|wczesniejsz\w*\s+|pierwsz\w*\s+)?(?:zwrot\w*|reklamacj\w*|zgloszeni\w*|wniosk\w*|prosb\w*|spraw\w*|pieniedzmi|kasa)/,
  /\bkiedy\s+(?:\w+\s+){0,2}(?:dostane|otrzymam|wroc\w*|bedzie|beda|przyjdzie|przyjda|zobacze|wplyn\w*|odda\w*|dotrze)\b.{0,30}\b(?:zwrot\w*|pieniadz\w*|pieniedz\w*|kas\w*|decyzj\w*)/,
  /\b(?:zdecydowa\w*|rozpatrzon\w*|rozpatrzy\w*|rozpatruj\w*|decyzj\w*|na\s+jakim\s+etapie|jakis\s+postep|cos\s+wiadomo|jest\s+juz\s+cos)\b|\bstatus\w*\s+(?:mojej\s+|mojego\s+|tej\s+|tego\s+)?(?:reklamacj\w*|zgloszeni\w*|zwrot\w*|sprawy|wniosk\w*)/,
  /\bzwrot\w*\b.{0,30}\b(?:nie\s+(?:doszedl|dotarl|przyszedl|ma\b|widac|pojawil\w*|wplynal)|jeszcze\s+nie|dalej\s+nie|nadal\s+nie)/,
  /\bczekam\s+(?:na|juz)\b.{0,30}\b(?:zwrot\w*|pieniadz\w*|decyzj\w*|odpowiedz\w*)/,
  /\bkiedy\s+(?:\S+\s+){0,3}(?:wroc\w*|wplyn\w*|dotr\w*|zwroc\w*)\s+(?:mi\s+)?(?:z\s+powrotem\s+)?na\s+(?:moje\s+|moja\s+)?(?:konto|karte|rachunek)/,
  /\bkiedy\s+(?:\w+\s+){0,3}(?:beda|bedzie|wroc\w*|wplyn\w*|dotr\w*)\s+(?:\w+\s+){0,2}(?:na\s+(?:moim\s+|moje\s+)?(?:koncie|konto|karcie|karte|rachunku)|z\s+powrotem)/,
  // "ta z apteki juz zwrocona?", "czyli ten zwrot jest juz zrobiony?": whether a request is done.
  /\b(?:juz|jest\s+juz|juz\s+jest|zostal\w*\s+juz)\s+(?:zwrocon\w*|oddan\w*|zrobion\w*|zalatwion\w*|rozpatrzon\w*|wyplacon\w*|przelan\w*|zaksiegowan\w*|zatwierdzon\w*|uznan\w*)\b/,
  // "ktos sie tym w ogole zajmuje?", "kiedy te pieniadze wroca?".
  /\bktos\s+(?:sie\s+)?(?:tym\s+|ta\s+sprawa\s+|tym\s+zgloszeniem\s+)?(?:\w+\s+){0,2}zajmuje\b|\bkiedy\s+(?:\w+\s+){0,2}(?:pieniadz\w*|kasa|kase|srodki|zwrot)\s+(?:\w+\s+)?(?:wroc\w*|wplyn\w*|dotr\w*|przyjd\w*|bed\w*|zobacze)\b|\bna\s+jakim\s+(?:\w+\s+){0,2}etapie\b/,
  // "a ta druga? tez utknela?", "i co z obiema?", "nic sie nie dzieje z moimi reklamacjami", "ktos juz sie zajal ta sprawa", "cos postanowili?".
  /\butkn[ae]l\w*|\bco\s+z\s+(?:obiema|oboma|obydwiema|obydwoma|obu|nimi|wszystkimi)\b|\bnic\s+sie\s+nie\s+dzieje\b|\bktos\s+(?:juz\s+)?sie\s+(?:juz\s+)?zajal\w*|\bpostanowil\w*/,
  // "gdzie sa moje pieniadze???", "czy pieniadze za biedronke juz do mnie wrocily", "dalej czekam", "kiedy bede cos wiedziec".
  /\bgdzie\s+(?:sa|jest)\s+(?:moje\s+|moja\s+|te\s+|ta\s+)?(?:pieniadze|kasa|zwrot|srodki)\b|\b(?:pieniadz\w*|pieniedz\w*|zwrot\w*|kas[aey])\b.{0,40}\bjuz\b.{0,20}\b(?:wrocil\w*|wrocily|wplyn\w*|doszl\w*|doszedl|dotarl\w*|przyszl\w*|przyszedl)|\b(?:dalej|nadal|wciaz|ciagle)\s+czekam\b|\bkiedy\s+(?:bede|sie)\s+(?:cos\s+)?(?:wiedziec|dowiem)|\bco\s+dalej\s+z\s+(?:tym|ta|moim|moja)\b/,
  // "jaki jest stan mojego zwrotu?", "sprawdz prosze wszystkie moje reklamacje", "kasa juz jest z powrotem na koncie?".
  /\bstan\s+(?:mojego\s+|mojej\s+|moich\s+|tego\s+|tej\s+)?(?:zwrot\w*|reklamacj\w*|zgloszen\w*|wnios\w*)|\bsprawdz\w*\s+(?:\w+\s+){0,2}(?:moje|wszystkie)\s+(?:\w+\s+)?(?:reklamacj\w*|zgloszeni\w*|zwroty|wnioski)\b|\b(?:pieniadze|kasa|srodki|zwrot)\s+(?:juz\s+)?(?:jest|sa)\s+(?:juz\s+)?(?:z\s+powrotem|na\s+(?:koncie|karcie|rachunku))/,
  // "czy mam jeszcze cos w trakcie?": whether any request is still open.
  /\bmam\s+(?:jeszcze\s+|teraz\s+|nadal\s+)*(?:cos|cokolwiek|jakies\s+\w+|jakas\s+\w+)\s+(?:jeszcze\s+)?(?:w\s+trakcie|w\s+toku|otwart\w*)\b/,
  // "a z empikiem co slychac?": how a named request is going.
  /\bz\s+\w+\s+(?:\w+\s+)?co\s+slychac\b|\bco\s+slychac\s+(?:z|ze|w\s+sprawie)\s+(?!toba\b|wami\b|panem\b|pania\b)/,
  // Asked about the review itself, or about several requests at once.
  /\brozpatryw\w*|\bktos\s+(?:juz\s+)?(?:to\s+|te\s+|ta\s+)?(?:juz\s+)?(?:sprawdzil\w*|przejrzal\w*|rozpatrzyl\w*|zajal\w*\s+sie|patrzyl\w*|oglada\w*)/,
  /\bjak\s+(?:stoj\w*|stoi|wyglada\w*|idzie|ida)\s+(?:teraz\s+|obecnie\s+|aktualnie\s+|dzis\s+)?(?:(?:obie|moje|moja|te|ta|moich|obu)\s+){0,2}(?:spraw\w*|zgloszeni\w*|reklamacj\w*|zwrot\w*|wnios\w*)|\bco\s+z\s+(?:tym|ta|tamtym|tamta)\s+(?:drug\w*|inn\w*|pierwsz\w*|poprzedni\w*|wczesniejsz\w*)\s*\??\s*$|\bktor\w*\s+(?:z\s+nich\s+)?(?:jeszcze\s+|nadal\s+|wciaz\s+|dalej\s+)?czeka|\b(?:dalej|nadal|wciaz|jeszcze)\s+czeka\b|\b(?:otwart\w*|niezalatwion\w*|oczekujac\w*)\s+(?:reklamacj\w*|zgloszen\w*|spraw\w*|wnios\w*)/,
];

export const PL_PENDING: RegExp[] = [
  /\bw\s+toku\b|\bsrodki\s+(?:\w+\s+){0,2}zablokowan\w*|\bksieguj\w*|\bksiegowa\w*|\bstatus\w*\s+oczekuj\w*/,
  /\boczekuj\w*|\bwisi\b|\bwisza\b|\bzablokowan\w*\s+(?:srodk\w*|kwot\w*)|\bblokad\w*\s+(?:srodkow|kwoty|na\s+koncie)|\bnie\s+(?:zostal\w*\s+|jest\s+)?zaksieg\w*|\bniezaksieg\w*|\bw\s+trakcie\s+realizacji/,
  /\b(?:przelew\w*|doladowani\w*|wplat\w*|wyplat\w*|platnos\w*|pieniadze|kasa)\b.{0,40}\b(?:nie\s+(?:doszl\w*|doszedl|dotarl\w*|przyszl\w*|przyszedl|weszl\w*|wszedl|pojawil\w*|zaksiegowal\w*)|jeszcze\s+nie\s+(?:ma|doszl\w*|doszedl|dotarl\w*)|dalej\s+nie\s+ma|nadal\s+nie\s+ma)/,
  /\b(?:odbiorc\w*|kolega|kolezanka|znajom\w*|wlasciciel\w*|brat|siostra|mama|tata|on|ona)\b.{0,30}\bnie\s+(?:dostal\w*|otrzymal\w*|ma\s+(?:jeszcze\s+)?(?:pieniedzy|przelewu|kasy))/,
];

export const PL_LIMITS: RegExp[] = [
  /\blimi(?:t|c)\w*\b(?!.{0,25}\b(?:doladowa\w*|wirtualn\w*|jednorazow\w*))/,
  /\bile\s+(?:maksymalnie\s+)?(?:moge|mozna|wolno\s+mi)\s+(?:\w+\s+){0,2}(?:wyplacic|wydac|zaplacic|przelac|wyciagnac|wyjac|placic)/,
  /\bmaksymaln\w*\s+(?:kwot\w*|wyplat\w*|platnos\w*)|\bdzienn\w*\s+(?:maksimum|max)/,
];

const PL_HELLO = String.raw`(?:dzien\s+dobry|dobry\s+wieczor|dobry|czesc|hej(?:ka|o)?|witam(?:\s+serdecznie)?|witaj(?:cie)?|siema(?:nko)?|halo|elo|szanowni\s+panstwo)(?:\s+(?:panstwu|wszystkim|tam))?`;
export const PL_GREETING_ONLY = new RegExp(String.raw`^\W*(?:${PL_HELLO}[\s!.,:)?]*)+$`);
export const PL_GREETING_SMALL_TALK = new RegExp(
  String.raw`^\W*(?:${PL_HELLO}[\s,!.]*)*(?:czy\s+)?(?:jest\s+(?:tam\s+|tu\s+)?ktos(?:\s+na\s+czacie)?|ktos\s+(?:tam\s+|tu\s+)?jest|jestes\s+tam|ktos\s+mnie\s+slyszy|ktos\s+odpisze|ktos\s+tu\s+pracuje(?:\s+o\s+tej\s+porze)?|rozmawiam\s+z\s+bot\w*|jak\s+sie\s+masz|co\s+slychac)[\s?!.]*$`,
);
export const PL_GREETING_PREFIX = /^\W*(?:dzien\s+dobry|dobry\s+wieczor|czesc|hej(?:ka)?|witam|siema(?:nko)?|halo)\b[\s!.,:-]*/;

/** Words saying money left the account, without which "dwa razy" or "za granicą" says nothing about a payment. */
export const PL_CHARGED =
  /\b(?:pobra\w*|pobral\w*|zaplaci\w*|placil\w*|platnos\w*|oplat\w*|transakcj\w*|obciaz\w*|obciazen\w*|zeszl\w*|zszedl|sciagn\w*|sciagal\w*|naliczy\w*|policzy\w*|kupi\w*|zakup\w*|kasa|kase|pieniadze|zl\b|pln\b)|\d/;

/** Words (folded) saying money was taken, not only spent: "pobrali", "zeszło", "naliczyli". */
export const PL_TAKEN = /\b(?:pobra\w*|pobral\w*|zeszl\w*|zszedl|sciagn\w*|sciagal\w*|obciazon\w*|obciazy\w*|naliczy\w*|policzy\w*|zaplacil\w*)/;

export const PL_DUPLICATE: RegExp[] = [
  /\bdwa\s+razy|\bdwukrotn\w*|\bpodwojn\w*|\bpodwojnie|\b2\s*x\b|\bx\s*2\b|\b2\s+razy\b|\bdwie\s+(?:platnosci|transakcj\w*|oplaty)|\bdwa\s+obciazeni\w*|\b(?:jeszcze\s+raz|ponownie)\s+(?:pobral\w*|pobrano|zaplac\w*)|\bpobral\w*\s+(?:mi\s+)?(?:jeszcze\s+raz|ponownie)|\bzdublowa\w*|\bzduplikowa\w*/,
];

export const PL_ABROAD: RegExp[] = [
  /\bza\s+granic\w*|\bzagranic\w*|\bna\s+wakacj\w*|\bw\s+podrozy\b|\bna\s+urlopie\b|\bw\s+(?:hiszpanii|niemczech|wloszech|francji|czechach|anglii|grecji|chorwacji|portugalii|turcji|austrii|holandii)\b/,
];

export const PL_UNRECOGNISED: RegExp[] = [
  // "nie mam pojęcia co to jest", "nie wiem skąd to".
  /\bnie\s+(?:mam\s+pojecia|wiem)\s+(?:co\s+to|skad|za\s+co|kto)\b/,
  /\bnie\s+(?:rozpoznaj\w*|poznaj\w*|kojarz\w*|pamietam(?!\s+(?:juz\s+)?(?:czy|co|kiedy)\s+(?:\w+\s+){0,2}(?:zglasza\w*|zglosil\w*|reklamowa\w*|pisal\w*))|robil\w*|zrobil\w*|kupowal\w*|kupil\w*|placil\w*|zaplacil\w*|zamawial\w*|tankowal\w*|bylam|bylem|autoryzowal\w*|zlecal\w*|dokonywal\w*|wiem\s+co\s+to)/,
  /\bnie\s+bylo\s+mnie\b|\b(?:to|tez|też|ale|przeciez)\s+nie\s+(?:ja|moja|moje|moj)\b|\bnie\s+moj[ae]?\b|\boszust\w*|\bnieautoryzowan\w*|\bpodejrzan\w*|\bnieznan\w*\s+(?:platnos\w*|transakcj\w*|obciaz\w*)|\bco\s+to\s+za\s+(?:platnos\w*|transakcj\w*|obciaz\w*|oplat\w*)|\bktos\s+(?:uzyl\w*|uzywa\w*|placil\w*|zaplacil\w*|wydal\w*|zrobil\w*|kupil\w*|zamowil\w*)/,
];

export const PL_REFUND: RegExp[] = [
  /\bzglaszam\b(?!.*\b(?:zgubien\w*|kradziez\w*|utrat\w*|kart\w*|telefon\w*|problem\w*|blad\w*|bled\w*|logowa\w*|aplikacj\w*|usterk\w*|awari\w*)\b)|\bzwrot\w*|\bzakwestionow\w*|\bkwestionuj\w*|\bzareklamow\w*|\breklamowa\w*|\boddaj\w*|\boddac\b|\bzwroc\w*|\bodzyska\w*|\bz\s+powrotem\b|\bchargeback\w*|\breklamacj\w*|\breklamuj\w*|\bnadplat\w*|\bza\s+duzo\b|\bzla\s+kwot\w*|\bbledn\w*\s+kwot\w*|\bcofnij\w*\s+(?:te|ta|platnos\w*|transakcj\w*)/,
];

export const PL_REVERTED: RegExp[] = [/\bzwrocil\w*\s+sie\s+sam\w*|\bcofnel\w*\s+sie\b|\bsam\w*\s+sie\s+(?:zwrocil\w*|cofnel\w*|anulowal\w*)/];
export const PL_DECLINED = /\bodrzuc\w*|\bodmow\w*|\bnie\s+przesz\w*|\bodrzucon\w*/;
export const PL_CONTACTLESS = /\bzblizeni\w*.{0,40}\b(?:nie\s+dziala\w*|nie\s+przechodz\w*|odrzuc\w*|pin)/;

/** A cash machine, in Polish. */
export const PL_AT_CASH_MACHINE = /\bbankomat\w*|\bwyplat\w*\s+gotowk\w*|\bwyplaci\w*|\bwyplacil\w*|\bgotowk\w*/;
export const PL_DIRECT_DEBIT = /\bpolecen\w*\s+zaplaty\b/;
export const PL_LESS_CASH = /\b(?:mniej|za\s+malo|nie\s+wypla\w*\s+(?:calej|wszystk\w*)|nie\s+dal\w*\s+(?:calej|wszystk\w*))\b/;
export const PL_TOP_UP = /\bdoladow\w*/;
export const PL_TRANSFER = /\bprzelew\w*|\bprzelal\w*|\bodbiorc\w*|\bwysla\w*\s+pieniadz\w*/;
export const PL_CARD_PAYMENT = /\b(?:kart\w*|platnos\w*|sklep\w*|terminal\w*|internet\w*|zakup\w*|restaurac\w*)\b/;
export const PL_FREEZE_ASKED = /\b(?:zablokuj\w*|zablokowac|zastrzez\w*|zastrzec|zamroz\w*)\b/;
export const PL_LOST = /\bzgubi\w*|\bzgubion\w*|\bzginel\w*|\bzginela\b|\bwypadl\w*/;

/** Words asking for money back, and the kinds of item not booked yet a claim may still be about (folded). */
export const PL_CLAIM_WORDS = /\b(?:reklamow\w*|reklamacj\w*|zwrot\w*|zwroc\w*|oddaj\w*)/;
export const PL_MONEY_MOVED = /\b(?:przelew\w*|doladowa\w*|wplat\w*|wyplat\w*|bankomat\w*|hotel\w*)/;
