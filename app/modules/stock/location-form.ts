import { z } from "zod";

export const LOCATION_NAME_MAX = 60;

/**
 * A location's name as typed: spaces collapsed, required, at most LOCATION_NAME_MAX characters.
 * A function, not a constant: the storage page's browser code imports this file for
 * LOCATION_NAME_MAX and must not pull zod in with it.
 */
export function locationNameField() {
  return z.string().transform((value, ctx) => {
    const name = value.trim().replace(/\s+/g, " ");
    if (!name) {
      ctx.addIssue({ code: "custom", message: "storehub.storage.error.nameRequired" });
      return z.NEVER;
    }
    if ([...name].length > LOCATION_NAME_MAX) {
      ctx.addIssue({ code: "custom", message: "storehub.storage.error.nameTooLong" });
      return z.NEVER;
    }
    return name;
  });
}
