import type { Lang, Translate } from "~/lib/i18n";
import { formatQuantityMilli } from "~/lib/quantity";
import type { FormMessage } from "~/modules/stock";

// Turning the stock module's messages and quantities into the reader's text, for the
// storehub screens (in/out and storage).

/**
 * A message with numbers formatted the reader's way: the numbers of the stock module's
 * messages are quantities in thousandths ("available": 755 is "0.755").
 */
export function say(
  t: Translate,
  lang: Lang,
  message: FormMessage | undefined,
): string | undefined {
  if (!message) return undefined;
  const values = Object.fromEntries(
    Object.entries(message.values ?? {}).map(([name, value]) => [
      name,
      typeof value === "number" ? formatQuantityMilli(value, lang) : value,
    ]),
  );
  return t(message.key, values);
}

/** A movement's quantity (thousandths) with its sign: "+5", "-3", "+1.255". */
export function signed(milli: number, lang: Lang): string {
  return milli > 0 ? `+${formatQuantityMilli(milli, lang)}` : formatQuantityMilli(milli, lang);
}
