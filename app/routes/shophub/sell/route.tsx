import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import type { FrameHandle } from "~/layout/frame";
import { fontsCachedIn, type PageLookHandle } from "~/layout/page-look";
import { privatePageMeta } from "~/lib/area-meta";
import { formatPhoneForDisplay } from "~/lib/phone";
import { isNetworkError } from "~/lib/describe-error";
import {
  formatPromptPayId,
  isValidScaleLabelLayout,
  normalizePromptPayId,
  type CompleteSaleResult,
  type OpenPrice,
  vatSettingOf,
} from "~/modules/sales";
import {
  allLevelPrices,
  tillOptionGroups,
  completeSale,
  listPriceLevels,
  salesSettingsForPage,
} from "~/modules/sales/index.server";
import { tillItemsForPage, type TillItemRow } from "~/modules/stock/index.server";
import { openShiftsForPage } from "~/modules/shifts/index.server";
import { listApprovers, listSellingMembers } from "~/modules/shops/index.server";
import { DISCOUNT_APPROVER_ROLES } from "~/modules/sales";
import { isShopChangedResult } from "~/modules/shops";
import { memberOf } from "~/routes/_gates/member.server";
import { heldSwitchOf } from "~/routes/_gates/till-hold.server";
import { activeShopOf } from "~/routes/_gates/session.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import type { TillSaleError } from "~/routes/shophub/sell-text";
import { TillPage } from "./till-page";
import { packItems } from "./till-data";

// The till's first load: its own cut of the stylesheet, and on a device that has not loaded the
// site's font yet, the system's Thai font (decision 0056). It is a counter: the site's frame
// slimmed, no footer (decision 0070).
export const handle: PageLookHandle & FrameHandle = {
  stylesheet: "till",
  fontsLater: true,
  frame: "counter",
};

// Owners, managers and cashiers sell; stock staff keep the stock but do not take money.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

/** The open-price items of the catalogue (decision 0093): item id → bounds; null for none. */
function openPricesOf(rows: readonly TillItemRow[]): Record<number, OpenPrice> | null {
  const open = rows.flatMap((row) => (row.openPrice ? [[row.id, row.openPrice] as const] : []));
  return open.length > 0 ? Object.fromEntries(open) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const member = memberOf(context);
  // The live stream follows the active shop; a till opened for another (?shop=) stays still.
  const active = await activeShopOf(context);
  const { db, storage } = context.get(appContext);
  // Owners and managers give any discount; a cashier past the shop's limits asks one of them.
  const limited = !(DISCOUNT_APPROVER_ROLES as readonly string[]).includes(role);
  const [rows, settings, shifts, sellers, approvers, levels, levelPrices, optionGroups] =
    await Promise.all([
      tillItemsForPage(db, shop.id),
      salesSettingsForPage(db, shop.id),
      openShiftsForPage(db, shop.id),
      listSellingMembers(db, shop.id),
      // An owner's or a manager's till may be taken over by a cashier (decision 0088), who asks
      // them too.
      listApprovers(db, shop.id),
      listPriceLevels(db, shop.id),
      allLevelPrices(db, shop.id),
      tillOptionGroups(db, shop.id),
    ]);
  const promptPay = settings.promptPayId ? normalizePromptPayId(settings.promptPayId) : null;
  const layout = settings.scaleLabelLayout;
  return {
    shop: { id: shop.id, name: shop.name },
    /** The member's role here: the shop's tools they may open (the till shows their row). */
    role,
    isOwner: role === "owner",
    /** Owners and managers keep the books: they may book a pay-out as an expense. */
    booksExpenses: role === "owner" || role === "manager",
    /** The largest discounts this member gives alone; null for who gives any (decision 0059). */
    discountLimit: limited
      ? {
          lineBasisPoints: settings.cashierMaxLineDiscountBasisPoints,
          billBasisPoints: settings.cashierMaxBillDiscountBasisPoints,
        }
      : null,
    /** A cashier's limits, for a cashier who takes over this till by PIN (decision 0088). */
    cashierDiscountLimit: {
      lineBasisPoints: settings.cashierMaxLineDiscountBasisPoints,
      billBasisPoints: settings.cashierMaxBillDiscountBasisPoints,
    },
    /** A cashier may take over this till by PIN only under an owner's or a manager's session. */
    sharesTill: !limited,
    /** Who can approve a discount past the limit at this till (they have a PIN). */
    approvers,
    cashierName: member.name,
    /** Who sells here: a registered till's queued sale is sent only by its own seller's session. */
    memberId: member.id,
    items: packItems(
      rows.map(({ imageKey, ...row }) => ({
        ...row,
        imageUrl: imageKey ? storage.urlOf(imageKey) : null,
      })),
    ),
    vat: vatSettingOf(settings),
    /**
     * The shop's price levels and their prices (decision 0089), none when it has no levels:
     * part of the catalogue a registered till keeps to sell offline (decision 0071).
     */
    priceLevels: levels.length > 0 ? { list: levels, prices: levelPrices } : null,
    /** The open-price items' bounds by item id (decision 0093), none when the shop has none. */
    openPrices: openPricesOf(rows),
    /**
     * The option groups the items ask (decision 0092), none when no item asks any: part of the
     * offline catalogue like the prices.
     */
    options: Object.keys(optionGroups.byItem).length > 0 ? optionGroups : null,
    /** When the prices and items were read: a till reloaded offline shows how old they are. */
    catalogueAt: new Date().toISOString(),
    promptPay: promptPay?.ok ? { id: promptPay.id, shown: formatPromptPayId(promptPay.id) } : null,
    // No layout: the shop sells nothing by scale label, and 20… codes are ordinary barcodes.
    scaleLabelLayout: layout && isValidScaleLabelLayout(layout) ? layout : null,
    allowNegativeStock: shop.allowNegativeStock,
    /** What a registered till numbers its sales as (decision 0071): the shop's VAT decides. */
    numbering: settings.vatRegistered
      ? { kind: "abbreviatedTaxInvoice" as const, prefix: settings.abbreviatedPrefix }
      : { kind: "receipt" as const, prefix: settings.receiptPrefix },
    /** The roll the shop prints receipts on (the print page and a silent print use it). */
    paperWidth: settings.paperWidth,
    /** What a registered till prints on a slip it made before the server has the sale. */
    receipt: {
      seller: {
        name: shop.name,
        address: shop.address,
        // Formatted here: the phone library stays out of the till's script (sale-document).
        phone: shop.phone ? formatPhoneForDisplay(shop.phone) : shop.phone,
        taxId: shop.taxId,
        branchCode: settings.branchCode,
        posRegistrationNo: settings.posRegistrationNo,
        receiptHeader: settings.receiptHeader,
        receiptFooter: settings.receiptFooter,
        logoKey: settings.logoKey,
        logoUrl: settings.logoKey ? storage.urlOf(settings.logoKey) : null,
      },
      paperWidth: settings.paperWidth,
    },
    live: active?.shop.id === shop.id,
    /** The device has the site's faces: the page preloads them (root.tsx, page-look.ts). */
    fontsCached: fontsCachedIn(request.headers.get("Cookie")),
    // The till keeps its name in the browser: it picks its own open shift from these.
    shifts: {
      open: shifts.map((open) => {
        const inIt = open.members.some((m) => m.userId === member.id);
        return {
          id: open.id,
          till: open.till,
          openedBy: open.openedBy,
          openedByName: open.openedByName,
          openedAt: open.openedAt.toISOString(),
          openingCashSatang: open.openingCashSatang,
          members: open.members,
          // Only the shift's members sell into its drawer (the server decides, decision 0058).
          sellsHere: inIt,
          // A cashier works a shift they are in; a manager or owner any (the action checks).
          mine: role !== "cashier" || inIt,
        };
      }),
      required: settings.requireOpenShift,
      /** The shop's members who may sell: whom a shift's member may add to it. */
      sellers: sellers.map((s) => ({ userId: s.userId, name: s.name })),
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
  // completeSale reads the body with the sale contract's schema: a body that is not JSON is
  // no sale either.
  const body: unknown = await request.json().catch(() => null);
  const result = await completeSale(
    db,
    {
      shopId: shop.id,
      userId: member.id,
      cashierName: member.name,
      role,
      heldSwitch: await heldSwitchOf(context, shop.id),
    },
    body,
  );
  // A request the till never sends (a bug or a forged call) is the client's error, said with
  // its text's key like every refusal of a form.
  if (!result.ok && result.error.code === "badRequest") {
    return data<TillActionData>(
      { ok: false, error: { code: "invalidRequest", key: "shops.sell.error.invalidRequest" } },
      { status: 400 },
    );
  }
  return result satisfies TillActionData;
});

/**
 * The answer that never came (offline, a dropped connection) or a server failure becomes
 * data, so the till keeps the bill and offers to send it again with the same sale id (which
 * never sells twice); a post refused because another tab chose another shop becomes a
 * message too. Refusals of access (403, 404, a redirect to sign in) stay what they are.
 *
 * A lost answer carries a failure status (the browser's router alone sees it): after an
 * action that failed, no route reloads its data by default. Reloading would fail as well
 * while the line is down, and the failed load of the root's data (the member, the header)
 * put the site's error page in place of the till and the header as if signed out (issue
 * 32.5). Each route's `shouldRevalidate` (root.tsx, the shophub layout, this one) keeps
 * React Router's default, so none of them needs to know the till's answers.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const lost = (code: "network" | "server") =>
    data<TillActionData>({ ok: false, error: { code } }, { status: 503 });
  try {
    const answer: unknown = await serverAction();
    if (isShopChangedResult(answer)) {
      return {
        ok: false,
        error: { code: "shopChanged", shopName: answer.shopChanged.current.name },
      } satisfies TillActionData;
    }
    return answer as TillActionData;
  } catch (error) {
    if (isNetworkError(error)) return lost("network");
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) {
      throw error;
    }
    return lost("server");
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
