import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/guide";
import { appContext } from "~/context";
import { stepHref } from "~/features/first-sale/step-pages";
import { readForm } from "~/lib/forms/read-form";
import { safeRedirectPath } from "~/lib/safe-redirect";
import {
  addShopSamples,
  archiveShopSamples,
  GUIDE_ROLES,
  GUIDE_STEPS,
  moveGuide,
  removeShopSamples,
  SAMPLE_ROLES,
  startGuide,
  type GuideStep,
} from "~/modules/guide/index.server";
import { chooseActiveShop } from "~/routes/_gates/active-shop-cookie.server";
import { memberOf } from "~/routes/_gates/member.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";

// The guided first sale's commands: everyone who sells follows the walkthrough; samples change
// the shop's items and stock, so owners and managers only (checked again in the action).
export const middleware: Route.MiddlewareFunction[] = [chosenShop(GUIDE_ROLES)];

const guideSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("step"), step: z.enum(GUIDE_STEPS) }),
  z.object({ intent: z.literal("close"), back: z.string().optional().catch(undefined) }),
  z.object({ intent: z.literal("finish"), back: z.string().optional().catch(undefined) }),
  z.object({ intent: z.literal("add-samples") }),
  z.object({ intent: z.literal("remove-samples") }),
  z.object({ intent: z.literal("archive-samples") }),
]);

/** Nothing to show: the commands are forms on the shop's pages. */
export function loader({ url }: Route.LoaderArgs) {
  const shop = url.searchParams.get("shop");
  return redirect(
    shop ? `/shophub/dashboard?shop=${encodeURIComponent(shop)}` : "/shophub/dashboard",
  );
}

/**
 * Starts, moves or closes the member's walkthrough (then goes to the step's page), or adds,
 * takes back or archives the shop's sample items (then back to the dashboard, which says what
 * happened). Plain form posts: they work before the page's JavaScript has loaded.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const member = memberOf(context);
  const { db, publicOrigin } = context.get(appContext);
  const read = readForm(await request.formData(), guideSchema);
  if (!read.ok) throw data(null, { status: 400 });
  const who = { shopId: shop.id, userId: member.id, role };
  const dashboard = (outcome: string) =>
    redirect(
      `/shophub/dashboard?shop=${encodeURIComponent(shop.id)}&samples=${outcome}#first-sale`,
    );
  // A step's page may be storehub's, which works on the active shop: the walkthrough's shop
  // becomes the active one, so that page is this shop's too.
  const toStep = async (step: GuideStep) =>
    redirect(stepHref(step, shop.id), {
      headers: { "Set-Cookie": await chooseActiveShop(shop.id, publicOrigin) },
    });
  switch (read.data.intent) {
    case "start": {
      const state = await startGuide(db, who);
      if (!state.step) throw data(null, { status: 403 });
      return toStep(state.step);
    }
    case "step": {
      const state = await moveGuide(db, { ...who, to: { step: read.data.step } });
      if (!state?.step) throw data(null, { status: 403 });
      return toStep(state.step);
    }
    case "close":
    case "finish": {
      await moveGuide(db, {
        ...who,
        to: { status: read.data.intent === "close" ? "closed" : "finished" },
      });
      // Back to the page it was closed on (a path of this site only).
      return redirect(
        safeRedirectPath(read.data.back, `/shophub/dashboard?shop=${encodeURIComponent(shop.id)}`),
      );
    }
    default:
      break;
  }
  if (!SAMPLE_ROLES.includes(role)) throw data(null, { status: 403 });
  if (read.data.intent === "add-samples") {
    const added = await addShopSamples(db, { shopId: shop.id, userId: member.id });
    return dashboard(added.ok ? "added" : added.error);
  }
  if (read.data.intent === "remove-samples") {
    const removed = await removeShopSamples(db, shop.id);
    return dashboard(removed.ok ? "removed" : removed.error);
  }
  await archiveShopSamples(db, shop.id);
  return dashboard("archived");
}
