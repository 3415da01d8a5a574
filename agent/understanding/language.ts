/**
 * Which of the languages the agent speaks a customer's message is written in. Chat messages
 * are short ("tak", "ok", "empik x2 ??"), so the reading rests on what short messages do
 * carry: Polish letters, and the everyday words of each language, with or without diacritics.
 * A message with no such evidence says nothing, and the conversation's language stands.
 */
import type { Language } from "@/i18n/languages";

/** Letters only Polish of the two languages writes. */
const POLISH_LETTERS = /[ąćęłńśźżĄĆĘŁŃŚŹŻ]/;

/** Everyday Polish words, as typed with diacritics and without. */
const POLISH_WORDS = new Set(
  (
    "nie tak jest sa mam masz ma mnie mi mój moj moja moje moją moja mojej mojego moich się sie czy jak co kto gdzie kiedy dlaczego czemu ile " +
    "proszę prosze dziękuję dziekuje dzięki dzieki dzień dzien dobry dobrze witam cześć czesc hej siema hejka " +
    "za na do od przez przy po pod nad bez dla że ze już juz jeszcze też tez tylko bardzo teraz wczoraj przedwczoraj dzisiaj dziś dzis jutro " +
    "karta karty kartę karte kartą karcie kart płatność platnosc płatności platnosci zwrot zwrotu zwrócić zwrocic pieniądze pieniadze kasa kasę kase " +
    "konto koncie przelew przelewu limit limity zablokuj zablokować zablokowac odblokuj zgubiłam zgubiłem zgubilam zgubilem " +
    "razy dwa dwie był byl była byla było bylo byłam bylam byłem bylem zapłaciłam zaplacilam zapłaciłem zaplacilem pobrał pobral pobrało pobralo " +
    "oddajcie oddać oddac chcę chce chciałam chcialam chciałem chcialem możesz mozesz można mozna mogę moge jaki jaka jakie jakim ten ta to tę te " +
    "sklepie sklep złotych zlotych zł zl pomocy pomoc prosze proszę i a o w z u"
  ).split(" "),
);

/** Everyday English words. */
const ENGLISH_WORDS = new Set(
  (
    "the i my me you your is are was were be been it its it's this that what where when why how who can could would should please thanks thank " +
    "hi hello hey yes no not don't dont didn't didnt have has had do does did and or of for from with at on in to by " +
    "card cards charged charge payment payments refund money back twice account transfer limit limits block freeze lost stolen want need " +
    "help one there here just still yet again already today yesterday whats now both all any happening going"
  ).split(" "),
);

/** Words both languages write or borrow ("ta" is Polish for "this" and British for "thanks"); they say nothing. */
const SHARED = new Set(["a", "i", "to", "no", "limit", "ta"]);

function count(words: string[], lexicon: Set<string>): number {
  return words.filter((w) => lexicon.has(w) && !SHARED.has(w)).length;
}

/** The language of a customer's message, or undefined when the message does not say ("ok", "249", "Empik?"). */
export function languageOfMessage(text: string): Language | undefined {
  const words = text
    .toLowerCase()
    .replace(/[’'`]/g, "'")
    // "w/" is English shorthand for "with", not the Polish "w".
    .replace(/(?<!\p{L})w\/(?!\p{L})/gu, "with ")
    .split(/[^\p{L}']+/u)
    .filter(Boolean);
  const polish = count(words, POLISH_WORDS) + (POLISH_LETTERS.test(text) ? 2 : 0);
  const english = count(words, ENGLISH_WORDS);
  if (polish > english) return "pl";
  if (english > polish) return "en";
  return undefined;
}
