import type { Lang, Translate } from "~/lib/i18n";
import { formatQuantity } from "~/lib/money";
import type { FormMessage } from "~/modules/stock";

// Turning the stock module's messages and quantities into the reader's text, for the
// storehub screens (in/out and storage).

/** A message with numbers formatted the reader's way. */
export function say(
  t: Translate,
  lang: Lang,
  message: FormMessage | undefined,
): string | undefined {
  if (!message) return undefined;
  const values = Object.fromEntries(
    Object.entries(message.values ?? {}).map(([name, value]) => [
      name,
      typeof value === "number" ? formatQuantity(value, lang) : value,
    ]),
  );
  return t(message.key, values);
}

/** A movement's quantity with its sign: "+5", "-3". */
export function signed(value: number, lang: Lang): string {
  return value > 0 ? `+${formatQuantity(value, lang)}` : formatQuantity(value, lang);
}
