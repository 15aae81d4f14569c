import type { RouterContextProvider } from "react-router";
import { areaOfKey, type Area } from "./areas";
import { en } from "./en";
import { createTranslate, type Lang, type Messages, type Translate } from "./index";
import { langOf } from "./lang.server";
import { th } from "./th";

const dictionaries: Record<Lang, Messages> = { th, en };

type PartialMessages = Partial<Messages>;

// Split once per language: the frame text, and each area's keys.
const split = new Map<Lang, { frame: PartialMessages; areas: Map<Area, PartialMessages> }>();

function splitByArea(lang: Lang) {
  let result = split.get(lang);
  if (!result) {
    const frame: Record<string, string> = {};
    const areas = new Map<Area, Record<string, string>>();
    for (const [key, text] of Object.entries(dictionaries[lang])) {
      const area = areaOfKey(key);
      if (!area) frame[key] = text;
      else {
        const bucket = areas.get(area) ?? {};
        bucket[key] = text;
        areas.set(area, bucket);
      }
    }
    result = { frame, areas };
    split.set(lang, result);
  }
  return result;
}

/** The site frame's interface text of one language (sent to the browser by the root loader). */
export function messagesFor(lang: Lang): PartialMessages {
  return splitByArea(lang).frame;
}

/** One area's interface text, for that area's layout loader to return as `areaMessages`. */
export function areaMessagesFor(lang: Lang, area: Area): PartialMessages {
  return splitByArea(lang).areas.get(area) ?? {};
}

/** The keys of one area that `keep` accepts (a page that needs only part of its area's text). */
export function areaMessagesWhere(
  lang: Lang,
  area: Area,
  keep: (key: string) => boolean,
): PartialMessages {
  // Filtering hundreds of keys on every request of a busy page (the till) showed in profiles;
  // the answer depends only on these three, and `keep` is a module-level function.
  let byKey = kept.get(keep);
  if (!byKey) kept.set(keep, (byKey = new Map()));
  const key = `${lang} ${area}`;
  let messages = byKey.get(key);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(areaMessagesFor(lang, area)).filter(([name]) => keep(name)),
    ) as PartialMessages;
    byKey.set(key, messages);
  }
  return messages;
}

const kept = new WeakMap<(key: string) => boolean, Map<string, PartialMessages>>();

/** For server code that writes text itself (e-mails, plain-text responses). */
export function serverTranslate(lang: Lang): Translate {
  return createTranslate(dictionaries[lang], undefined, lang);
}

/** `{ areaMessages }` for an area layout's loader, in the language of the request. */
export function areaMessagesOf(context: Readonly<RouterContextProvider>, area: Area) {
  return { areaMessages: areaMessagesFor(langOf(context), area) };
}
