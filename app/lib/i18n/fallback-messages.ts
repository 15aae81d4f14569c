import type { MessageKey } from "./th";
import { thFrame } from "./th-frame";

/**
 * What a page reads without the root loader's messages: the Thai frame text. A chunk of its own
 * in the browser, loaded only by a page rendered without them (entry.client.tsx).
 */
export const FALLBACK_MESSAGES: Partial<Record<MessageKey, string>> = thFrame;
