import type { MessageKey } from "~/lib/i18n";
import { createTranslate } from "~/lib/i18n";
import type { AreaMessagesData } from "~/lib/i18n/areas";
import { buildMeta, siteFromMatches } from "~/lib/seo";

/** Title tags of a storehub page (its text comes with the storehub layout); never indexed. */
export function storehubPageMeta(matches: readonly unknown[], pathname: string, title: MessageKey) {
  const site = siteFromMatches(matches);
  const layout = matches.find(
    (match): match is { id: string; loaderData: AreaMessagesData | undefined } =>
      typeof match === "object" &&
      match !== null &&
      (match as { id?: string }).id === "routes/storehub/layout",
  );
  const t = createTranslate({ ...site?.messages, ...layout?.loaderData?.areaMessages });
  return buildMeta(site, { title: t(title), path: pathname, noindex: true });
}
