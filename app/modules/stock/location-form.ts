import type { MessageKey } from "~/lib/i18n";

export const LOCATION_NAME_MAX = 60;

/** A location's name as typed: trimmed, required, at most LOCATION_NAME_MAX characters. */
export function parseLocationName(
  value: unknown,
): { ok: true; name: string } | { ok: false; error: MessageKey } {
  const name = typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "";
  if (!name) return { ok: false, error: "storehub.storage.error.nameRequired" };
  if ([...name].length > LOCATION_NAME_MAX) {
    return { ok: false, error: "storehub.storage.error.nameTooLong" };
  }
  return { ok: true, name };
}
