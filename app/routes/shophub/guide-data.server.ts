import type { RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import type { WalkthroughData } from "~/features/first-sale/walkthrough-data";
import type { MessageKey } from "~/lib/i18n";
import { langOf } from "~/lib/i18n/lang.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { guideStateForPage, GUIDE_STEPS } from "~/modules/guide/index.server";
import type { ShopRole } from "~/modules/shops";
import { sessionUserOf } from "~/routes/_gates/session.server";

const COMMON_KEYS = [
  "shops.guide.dialog",
  "shops.guide.next",
  "shops.guide.back",
  "shops.guide.skip",
  "shops.guide.finish",
  "shops.guide.goThere",
  "shops.guide.elsewhere",
  "shops.guide.notShown",
  "shops.guide.escape",
] as const satisfies readonly MessageKey[];

/**
 * The member's running walkthrough in a shop, for an area layout (shophub's and storehub's) to
 * mount it: null when none runs, which is nearly always, so pages load no walkthrough code.
 * Its text comes resolved, as storehub's pages do not carry shophub's messages.
 */
export async function walkthroughOf(
  context: Readonly<RouterContextProvider>,
  shop: { id: string; role: ShopRole } | null,
): Promise<WalkthroughData | null> {
  const member = sessionUserOf(context);
  if (!shop || !member) return null;
  const { db } = context.get(appContext);
  const state = await guideStateForPage(db, {
    shopId: shop.id,
    userId: member.id,
    role: shop.role,
  });
  if (state.status !== "active" || !state.step) return null;
  const t = serverTranslate(langOf(context));
  const index = state.steps.indexOf(state.step);
  const texts: Record<string, string> = {};
  for (const key of COMMON_KEYS) texts[key.slice("shops.guide.".length)] = t(key);
  texts.progress = t("shops.guide.progress", { n: index + 1, total: state.steps.length });
  for (const step of GUIDE_STEPS) {
    texts[`${step}.title`] = t(`shops.guide.title.${step}`);
    texts[`${step}.body`] = t(`shops.guide.body.${step}`);
  }
  return { shopId: shop.id, step: state.step, steps: [...state.steps], texts };
}
