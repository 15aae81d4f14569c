import { createTranslate, DEFAULT_LANG, type MessageKey, type Translate } from "./i18n";
import { knownMessages } from "./i18n/message-registry";
import { messageRefsOf } from "./i18n/use-translation";
import { buildMeta, siteFromMatches } from "./seo";

// The meta of the areas' pages (shops, storehub, admin, listings, accounts), apart from seo.ts:
// the site's frame imports seo.ts, and the frame's script chunk carries every export of the
// modules it imports, so these rode along on every visitor page (issue 15's budget).

/**
 * The translator for a meta function of an area's page: the root's frame text plus the
 * innermost matched area layout's text (the same merge as `useT`). In the browser a text not
 * loaded yet reads as the fallback: the page that shows the title waits for it (`useT`) and
 * renders the title again with it.
 */
export function translateFromMatches(matches: readonly unknown[]): Translate {
  const site = siteFromMatches(matches);
  const { frame, area } = messageRefsOf(
    matches.filter((match): match is { id?: string; loaderData?: unknown } =>
      Boolean(match && typeof match === "object"),
    ),
  );
  return createTranslate(knownMessages(frame), knownMessages(area), site?.lang ?? DEFAULT_LANG);
}

/** Title tags of a private page of an area (admin, shops, storehub): translated, never indexed. */
export function privatePageMeta(matches: readonly unknown[], pathname: string, title: MessageKey) {
  const t = translateFromMatches(matches);
  return buildMeta(siteFromMatches(matches), { title: t(title), path: pathname, noindex: true });
}
