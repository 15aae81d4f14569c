import type { MessageKey } from "./th";
import { thFrame } from "./th-frame";

/** What the browser bundle knows without the root loader's messages: the Thai frame text. */
export const FALLBACK_MESSAGES: Partial<Record<MessageKey, string>> = thFrame;
