import { en } from "./en";
import { createTranslate, type Lang, type Messages, type Translate } from "./index";
import { th } from "./th";

const dictionaries: Record<Lang, Messages> = { th, en };

/** All interface text of one language (sent to the browser by the root loader). */
export function messagesFor(lang: Lang): Messages {
  return dictionaries[lang];
}

/** For server code that writes text itself (e-mails, plain-text responses). */
export function serverTranslate(lang: Lang): Translate {
  return createTranslate(dictionaries[lang]);
}
