import type { AreaMessagesData } from "./i18n/areas";
import { createTranslate, type Translate } from "./i18n";
import { siteFromMatches } from "./seo";

/**
 * A translator for an area page's meta function: the root's frame text plus the area text its
 * layout loader sent (meta functions cannot use hooks such as useT).
 */
export function areaMetaTranslate(matches: readonly unknown[]): Translate {
  const site = siteFromMatches(matches);
  const area = matches
    .map((match) => (match as { loaderData?: unknown } | undefined)?.loaderData)
    .find(
      (data): data is AreaMessagesData =>
        typeof data === "object" && data !== null && "areaMessages" in data,
    );
  return createTranslate({ ...site?.messages, ...area?.areaMessages });
}
