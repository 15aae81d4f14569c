import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { areaOfKey, AREAS, type Area } from "./areas";
import { en } from "./en";
import { FALLBACK_MESSAGES } from "./fallback-messages";
import {
  createTranslate,
  isLang,
  setFallbackMessages,
  type Lang,
  type Messages,
  type Translate,
} from "./index";
import { langOf } from "./lang.server";
import { rememberMessages, type MessagesRef, type PartialMessages } from "./message-registry";
import { th } from "./th";
import { isTillMessage } from "./till-messages";

const dictionaries: Record<Lang, Messages> = { th, en };

// Error pages rendered after the root loader failed read the bundled Thai frame text.
setFallbackMessages(FALLBACK_MESSAGES);

/** Where the browser loads interface text from (served by server/app.ts). */
export const MESSAGES_PATH = "/i18n";

/**
 * Parts of an area's text sent alone to a page that needs no more: the till's first load
 * (till-messages.ts). Declared here, not by the page, so that every app instance can answer
 * for a part's file before any of its pages has been asked for.
 */
const AREA_PARTS = { till: { area: "shops", keep: isTillMessage } } as const satisfies Record<
  string,
  { area: Area; keep: (key: string) => boolean }
>;
type AreaPart = keyof typeof AREA_PARTS;
type Bundle = "frame" | Area | AreaPart;

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

/** The text of one bundle of one language. */
export function bundleText(lang: Lang, bundle: Bundle): PartialMessages {
  const { frame, areas } = splitByArea(lang);
  if (bundle === "frame") return frame;
  if (Object.hasOwn(AREA_PARTS, bundle)) {
    const { area, keep } = AREA_PARTS[bundle as AreaPart];
    return Object.fromEntries(
      Object.entries(areas.get(area) ?? {}).filter(([key]) => keep(key)),
    ) as PartialMessages;
  }
  return areas.get(bundle as Area) ?? {};
}

interface MessageFile {
  ref: MessagesRef;
  source: string;
}

const files = new Map<string, MessageFile>();

function messageFile(lang: Lang, bundle: Bundle): MessageFile {
  const key = `${lang}/${bundle}`;
  let file = files.get(key);
  if (!file) {
    const text = bundleText(lang, bundle);
    const source = JSON.stringify(text);
    // The address changes with the text: a browser keeps a file for a year and asks for the
    // new one after a deployment that changed the text.
    const hash = createHash("sha256").update(source).digest("hex").slice(0, 12);
    file = { ref: { href: `${MESSAGES_PATH}/${lang}/${bundle}.${hash}.json` }, source };
    // Server rendering reads the text through the same reference, at once (message-registry.ts).
    rememberMessages(file.ref.href, text);
    files.set(key, file);
  }
  return file;
}

/** The site frame's interface text of one language (the root loader sends the reference). */
export function messagesFor(lang: Lang): MessagesRef {
  return messageFile(lang, "frame").ref;
}

/** One area's interface text, for that area's layout loader to return as `areaMessages`. */
export function areaMessagesFor(lang: Lang, area: Area): MessagesRef {
  return messageFile(lang, area).ref;
}

/** A declared part of an area's text (a page that needs only part of it: the till). */
export function areaPartMessagesFor(lang: Lang, part: AreaPart): MessagesRef {
  return messageFile(lang, part).ref;
}

const BUNDLES: ReadonlySet<string> = new Set<Bundle>([
  "frame",
  ...AREAS,
  ...(Object.keys(AREA_PARTS) as AreaPart[]),
]);
const FILE_PATH = /^\/([a-z]{2})\/([A-Za-z]+)\.([0-9a-f]{12})\.json$/;

/**
 * The text file at `pathname` (below MESSAGES_PATH), and whether it is this version's.
 * An address of another version (a page loaded before a deployment) gets today's text, which
 * must not be kept under that address; an unknown bundle or language gets nothing.
 */
export function messageFileAt(pathname: string): { source: string; current: boolean } | undefined {
  const [, lang, bundle, hash] = FILE_PATH.exec(pathname) ?? [];
  if (!isLang(lang) || !bundle || !BUNDLES.has(bundle)) return undefined;
  const file = messageFile(lang, bundle as Bundle);
  return { source: file.source, current: file.ref.href.endsWith(`.${hash}.json`) };
}

/** For server code that writes text itself (e-mails, plain-text responses). */
export function serverTranslate(lang: Lang): Translate {
  return createTranslate(dictionaries[lang], undefined, lang);
}

/** `{ areaMessages }` for an area layout's loader, in the language of the request. */
export function areaMessagesOf(context: Readonly<RouterContextProvider>, area: Area) {
  return { areaMessages: areaMessagesFor(langOf(context), area) };
}
