import { setFallbackMessages, type Messages } from "./index";

/**
 * Where the browser gets a bundle of interface text: a versioned JSON file (`/i18n/<lang>/
 * <name>.<hash>.json`) that it keeps for a year. Loaders send these references instead of the
 * text itself, so a page's HTML and every navigation's data no longer carry the same kilobytes
 * of text again and again (docs/decisions/0046-interface-text-files.md).
 */
export interface MessagesRef {
  href: string;
}

export type PartialMessages = Partial<Messages>;

const known = new Map<string, PartialMessages>();
const loading = new Map<string, Promise<PartialMessages>>();

/** The text of a bundle when it is at hand: always on the server, once loaded in the browser. */
export function knownMessages(ref: MessagesRef | undefined): PartialMessages | undefined {
  return ref ? known.get(ref.href) : undefined;
}

/** Makes a bundle's text known under its address (the server, for every bundle it refers to). */
export function rememberMessages(href: string, messages: PartialMessages): void {
  known.set(href, messages);
}

/**
 * Loads a bundle in the browser; the same promise for every caller, so that a component can
 * wait for it with React's `use` (a navigation into another area waits for that area's text,
 * showing the page it leaves until then). A failed load is forgotten: the next render tries again.
 */
export function loadMessages(ref: MessagesRef): Promise<PartialMessages> {
  let promise = loading.get(ref.href);
  if (!promise) {
    promise = fetch(ref.href, { credentials: "same-origin" }).then(
      async (response) => {
        if (!response.ok) throw new Error(`${ref.href} answered ${response.status}`);
        const messages = (await response.json()) as PartialMessages;
        known.set(ref.href, messages);
        // An error page after a later navigation whose root loader fails still has its text.
        if (isFrameText(ref)) setFallbackMessages(messages);
        return messages;
      },
      (error: unknown) => {
        loading.delete(ref.href);
        throw error;
      },
    );
    loading.set(ref.href, promise);
  }
  return promise;
}

export function isMessagesRef(value: unknown): value is MessagesRef {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { href?: unknown }).href === "string"
  );
}

/** Whether a reference is to the site frame's text (messages.server.ts names it `frame`). */
export function isFrameText(ref: MessagesRef): boolean {
  return ref.href.includes("/frame.");
}
