import type { thStorehub } from "./th-storehub";

/** English interface text of the storehub area; a missing key is a type error. */
export const enStorehub: Record<keyof typeof thStorehub, string> = {
  "storehub.title": "storehub stock and warehouse",
};
