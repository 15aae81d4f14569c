import { Alert } from "react-bootstrap";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/detail";
import { appContext } from "~/context";
import { ShopChangedNotice } from "~/features/shops/shop-form";
import { shopsMeta } from "~/layout/shops-page";
import { formatDateTime } from "~/lib/dates";
import { readId } from "~/lib/forms/fields";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { invoiceBuyer } from "~/modules/customers/index.server";
import { getEtaxSettings, listEtaxDeliveries } from "~/modules/etax/index.server";
import { returnNeedsBuyer } from "~/modules/sales";
import { getSalesSettings, mayUndoSale, salePriceLevelName } from "~/modules/sales/index.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { actingMemberOf } from "~/routes/shophub/sell/till-cashier.server";
import { backTo, ETAX_ROLES, invoiceIntent, saleOf } from "./detail-actions.server";
import { EtaxSection } from "./etax-form";
import { type Failure, type Intent } from "./form-parts";
import { FullInvoiceForm } from "./full-invoice-form";
import { INVOICE_ROLES } from "./invoice-text";
import { ReturnForm } from "./return-form";
import {
  IssuedDocuments,
  PrintSection,
  SaleHeading,
  SaleLines,
  SalePayments,
  useDoneText,
} from "./sale-sections";
import { VoidForm } from "./void-form";

export const middleware: Route.MiddlewareFunction[] = [chosenShop(INVOICE_ROLES)];

const DONE = ["void", "return", "full", "fullExisting", "etax"] as const;

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { shop, role: sessionRole } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  // Opened from a registered till a cashier took over by PIN: their rules (decision 0088).
  const acting = await actingMemberOf(db, context, shop.id, sessionRole, url);
  const { role } = acting;
  const detail = await saleOf(db, shop.id, params.id);
  const [settings, priceLevelName] = await Promise.all([
    getSalesSettings(db, shop.id),
    salePriceLevelName(db, shop.id, detail.sale.id),
  ]);
  const standing = detail.sale.status === "completed";
  // The forms are shown to who may use them; the action checks again.
  const mayUndo = standing && mayUndoSale(acting, detail.sale, settings);
  const done = url.searchParams.get("done");
  const noteId = readId(url.searchParams.get("note"));
  const etaxDocs = [
    ...(detail.fullTaxInvoice
      ? [{ value: "full", number: detail.fullTaxInvoice.documentNumber, credit: false }]
      : []),
    ...detail.creditNotes.map((note) => ({
      value: `credit-${note.id}`,
      number: note.documentNumber,
      credit: true,
    })),
  ];
  const mayEtax = ETAX_ROLES.includes(role) && etaxDocs.length > 0;
  const [etaxSettings, deliveries] = mayEtax
    ? await Promise.all([
        getEtaxSettings(db, shop.id),
        listEtaxDeliveries(db, shop.id, detail.sale.id),
      ])
    : [null, []];
  const mayIssueFull =
    standing &&
    detail.sale.documentKind === "abbreviatedTaxInvoice" &&
    detail.fullTaxInvoice === null;
  // The buyer's details from a customer (issue 37): the one whose phone number was typed, or
  // else the one the sale was made to.
  const buyerPhone = (url.searchParams.get("buyer") ?? "").slice(0, 20);
  const buyer = mayIssueFull
    ? await invoiceBuyer(
        db,
        shop.id,
        buyerPhone ? { phone: buyerPhone } : { saleId: detail.sale.id },
      )
    : null;
  return {
    shop: { id: shop.id, name: shop.name },
    role,
    detail,
    priceLevelName,
    buyer,
    buyerLookup: buyerPhone ? { phone: buyerPhone, found: buyer !== null } : null,
    // A sale with a credit note is not voided (decision 0058): its rest goes back on a note.
    mayVoid: mayUndo && detail.creditNotes.length === 0,
    voidNeedsCreditNote: mayUndo && detail.creditNotes.length > 0,
    mayReturn: mayUndo && detail.lines.some((line) => line.returnedMilli < line.qtyMilli),
    // A slip names no buyer: its credit note asks for one (s. 86/10, decision 0084).
    returnAsksBuyer: returnNeedsBuyer(detail.sale.documentKind, detail.fullTaxInvoice !== null),
    mayIssueFull,
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as (typeof DONE)[number]) : null,
    doneNote: detail.creditNotes.find((note) => note.id === noteId) ?? null,
    etax: etaxSettings
      ? {
          enabled: etaxSettings.enabled,
          timestampEmail: etaxSettings.timestampEmail,
          docs: etaxDocs,
          deliveries,
          // The address the documents went to last time, to send the next one.
          lastEmail: deliveries[0]?.toAddress ?? "",
        }
      : null,
  };
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
  params,
}: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const { shop, role: sessionRole } = await chosenShopOf(context, request);
  const acting = await actingMemberOf(db, context, shop.id, sessionRole, new URL(request.url));
  const { role } = acting;
  const detail = await saleOf(db, shop.id, params.id);
  const actor = { shopId: shop.id, ...acting };
  const form = await request.formData();
  const run = invoiceIntent(String(form.get("intent") ?? ""));
  if (!run) throw data(null, { status: 400 });
  return run({
    context,
    form,
    shop,
    role,
    actor,
    detail,
    back: backTo(request, detail.sale.id, shop.id),
  });
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.invoices.title");

export default function Invoice({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const {
    shop,
    detail,
    mayVoid,
    voidNeedsCreditNote,
    mayReturn,
    returnAsksBuyer,
    mayIssueFull,
    etax,
    priceLevelName,
  } = loaderData;
  const { sale, lines } = detail;
  const failure = actionData as Failure | undefined;
  const failed = (intent: Intent) =>
    failure && "intent" in failure && failure.intent === intent ? failure : undefined;
  const doneText = useDoneText(loaderData);

  return (
    <>
      <SaleHeading shopId={shop.id} sale={sale} priceLevelName={priceLevelName} />
      <ShopChangedNotice />
      {doneText && !failure && (
        <Alert variant="success" data-testid="done">
          {doneText}
        </Alert>
      )}
      {sale.status === "void" && (
        <Alert variant="danger" data-testid="voided">
          {t("shops.invoices.detail.voided", {
            date: sale.voidedAt ? formatDateTime(sale.voidedAt, lang) : "",
            name: sale.voidedByName ?? t("shops.invoices.detail.someone"),
            reason: sale.voidReason ?? "",
          })}
        </Alert>
      )}

      <SaleLines sale={sale} lines={lines} />
      <SalePayments sale={sale} payments={detail.payments} />
      <PrintSection shopId={shop.id} detail={detail} />
      <IssuedDocuments fullTaxInvoice={detail.fullTaxInvoice} creditNotes={detail.creditNotes} />

      {etax && <EtaxSection shopId={shop.id} etax={etax} failure={failed("etax")} busy={busy} />}

      {mayIssueFull && (
        <FullInvoiceForm
          key={loaderData.buyer?.customerId ?? "none"}
          buyer={loaderData.buyer}
          buyerLookup={loaderData.buyerLookup}
          shopId={shop.id}
          abbreviatedNumber={sale.documentNumber}
          failure={failed("full")}
          busy={busy}
        />
      )}
      {mayReturn && (
        <ReturnForm
          shopId={shop.id}
          lines={lines}
          asksBuyer={returnAsksBuyer}
          abbreviatedNumber={sale.documentNumber}
          failure={failed("return")}
          busy={busy}
        />
      )}
      {mayVoid && <VoidForm shopId={shop.id} failure={failed("void")} busy={busy} />}
      {voidNeedsCreditNote && (
        <p className="text-secondary" data-testid="void-needs-credit-note">
          {t("shops.invoices.error.hasReturns")}
        </p>
      )}
    </>
  );
}
