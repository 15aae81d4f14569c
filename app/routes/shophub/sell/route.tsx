import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { fontsCachedIn, type PageLookHandle } from "~/layout/page-look";
import { privatePageMeta } from "~/lib/area-meta";
import { isNetworkError } from "~/lib/describe-error";
import {
  formatPromptPayId,
  isValidScaleLabelLayout,
  normalizePromptPayId,
  type CompleteSaleResult,
} from "~/modules/sales";
import { completeSale, salesSettingsForPage, tillItemsForPage } from "~/modules/sales/index.server";
import { openShiftsForPage } from "~/modules/shifts/index.server";
import { isShopChangedResult } from "~/modules/shops";
import { memberOf } from "~/routes/_gates/member.server";
import { activeShopOf } from "~/routes/_gates/session.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import type { TillSaleError } from "~/routes/shophub/sell-text";
import { vatSettingOf } from "./cart";
import { readSaleRequest } from "./sale-request.server";
import { shiftAction, type ShiftAnswer } from "./shift-action.server";
import { TillPage } from "./till-page";
import { packItems } from "./till-data";

// The till's first load: its own cut of the stylesheet, and on a device that has not loaded the
// site's font yet, the system's Thai font (decision 0056).
export const handle: PageLookHandle = { stylesheet: "till", fontsLater: true };

// Owners, managers and cashiers sell; stock staff keep the stock but do not take money.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const member = memberOf(context);
  // The live stream follows the active shop; a till opened for another (?shop=) stays still.
  const active = await activeShopOf(context);
  const { db, storage } = context.get(appContext);
  const [rows, settings, shifts] = await Promise.all([
    tillItemsForPage(db, shop.id),
    salesSettingsForPage(db, shop.id),
    openShiftsForPage(db, shop.id),
  ]);
  const promptPay = settings.promptPayId ? normalizePromptPayId(settings.promptPayId) : null;
  const layout = settings.scaleLabelLayout;
  return {
    shop: { id: shop.id, name: shop.name },
    isOwner: role === "owner",
    /** Owners and managers keep the books: they may book a pay-out as an expense. */
    booksExpenses: role === "owner" || role === "manager",
    cashierName: member.name,
    items: packItems(
      rows.map(({ imageKey, ...row }) => ({
        ...row,
        imageUrl: imageKey ? storage.urlOf(imageKey) : null,
      })),
    ),
    vat: vatSettingOf(settings),
    promptPay: promptPay?.ok ? { id: promptPay.id, shown: formatPromptPayId(promptPay.id) } : null,
    // No layout: the shop sells nothing by scale label, and 20… codes are ordinary barcodes.
    scaleLabelLayout: layout && isValidScaleLabelLayout(layout) ? layout : null,
    allowNegativeStock: shop.allowNegativeStock,
    /** The roll the shop prints receipts on (the print page and a silent print use it). */
    paperWidth: settings.paperWidth,
    live: active?.shop.id === shop.id,
    /** The device has the site's faces: the page preloads them (root.tsx, page-look.ts). */
    fontsCached: fontsCachedIn(request.headers.get("Cookie")),
    // The till keeps its name in the browser: it picks its own open shift from these.
    shifts: {
      open: shifts.map((open) => ({
        id: open.id,
        till: open.till,
        openedByName: open.openedByName,
        openedAt: open.openedAt.toISOString(),
        openingCashSatang: open.openingCashSatang,
        // A cashier acts on their own shift only (the action checks again).
        mine: role !== "cashier" || open.openedBy === member.id,
      })),
      required: settings.requireOpenShift,
    },
  };
}

export type TillLoaderData = Awaited<ReturnType<typeof loader>>;

/** What the till gets back when it posts a sale. */
export type TillActionData =
  Extract<CompleteSaleResult, { ok: true }> | { ok: false; error: TillSaleError };

/**
 * Completes a sale: the till posts the CompleteSaleRequest as JSON, with `shopId` naming the
 * shop the page was opened for (409 otherwise, turned into a message). The same clientSaleId
 * sent again (a retry after a lost answer) never makes a second sale: completeSale answers
 * with the earlier one.
 */
export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const member = memberOf(context);
  const { db } = context.get(appContext);
  // The shift panel's forms post form data with an intent; the sale itself posts JSON.
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) {
    const { answer, status } = await shiftAction(
      db,
      { shopId: shop.id, userId: member.id, userName: member.name, role },
      await request.formData(),
    );
    return data<ShiftAnswer>(answer, { status });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    body = null;
  }
  const sale = readSaleRequest(body);
  if (!sale) {
    return data<TillActionData>(
      { ok: false, error: { code: "invalidRequest", key: "shops.sell.error.invalidRequest" } },
      { status: 400 },
    );
  }
  const result = await completeSale(
    db,
    { shopId: shop.id, userId: member.id, cashierName: member.name },
    sale,
  );
  return result satisfies TillActionData;
});

/**
 * The answer that never came (offline, a dropped connection) or a server failure becomes
 * data, so the till keeps the bill and offers to send it again with the same sale id (which
 * never sells twice); a post refused because another tab chose another shop becomes a
 * message too. Refusals of access (403, 404, a redirect to sign in) stay what they are.
 */
export async function clientAction({
  serverAction,
}: Route.ClientActionArgs): Promise<TillActionData> {
  try {
    const answer: unknown = await serverAction();
    if (isShopChangedResult(answer)) {
      return {
        ok: false,
        error: { code: "shopChanged", shopName: answer.shopChanged.current.name },
      };
    }
    return answer as TillActionData;
  } catch (error) {
    if (isNetworkError(error)) return { ok: false, error: { code: "network" } };
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) {
      throw error;
    }
    return { ok: false, error: { code: "server" } };
  }
}

/** After a lost answer or a failure, reloading the items would fail too: keep the page. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const lost =
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as TillActionData).ok === false &&
    ["network", "server"].includes((actionResult as { error?: TillSaleError }).error?.code ?? "");
  return lost ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  privatePageMeta(matches, location.pathname, "shops.sell.till.title");

export default function Till({ loaderData }: Route.ComponentProps) {
  return <TillPage data={loaderData} />;
}
