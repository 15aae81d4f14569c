import { data, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/detail";
import { appContext } from "~/context";
import { ShopChangedNotice } from "~/features/shops/shop-form";
import { shopsMeta, StatusAlert } from "~/layout/shops-page";
import { readForm, type FieldErrors, type FormValues } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { formatPhoneForDisplay } from "~/lib/phone";
import { customerEditSchema, thaiPhone } from "~/modules/customers";
import {
  accountStatement,
  customerAccountOf,
  voidablePayments,
  mayManageAccounts,
  customerPointsBalance,
  customerPointsHistory,
  customerPriceLevelOf,
  customerPurchases,
  deleteCustomer,
  findCustomer,
  setCustomerPriceLevel,
  updateCustomer,
} from "~/modules/customers/index.server";
import { listPriceLevels } from "~/modules/sales/index.server";
import { listApprovers } from "~/modules/shops/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { AccountSection } from "./account-section";
import type { AccountFailure } from "./account-shared";
import { CustomerDeleteForm, CustomerEditForm, CustomerLevelForm } from "./customer-forms";
import { CustomerPointsHistory, CustomerPurchases, CustomerTotals } from "./customer-history";
import { CUSTOMER_REFUSALS } from "./refusals";
import { accountAction } from "./account-actions.server";

/*
 * One customer (issue 37, decision 0082): their details (edited by whoever sells), what they
 * bought, their total and last visit; owners and managers delete them on request (PDPA).
 */

export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

const customerId = z.uuid();

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const id = customerId.safeParse(params.id);
  const found = id.success ? await findCustomer(db, shop.id, id.data) : null;
  if (!found) throw data(null, { status: 404 });
  const manages = role === "owner" || role === "manager";
  const [
    history,
    pointsBalance,
    pointsHistory,
    priceLevel,
    priceLevels,
    account,
    statement,
    approvers,
    voidable,
  ] = await Promise.all([
    customerPurchases(db, shop.id, found.id),
    customerPointsBalance(db, shop.id, found.id),
    customerPointsHistory(db, shop.id, found.id),
    customerPriceLevelOf(db, shop.id, found.id),
    listPriceLevels(db, shop.id),
    customerAccountOf(db, shop.id, found.id),
    accountStatement(db, shop.id, found.id),
    // Decision 0095: a cashier's transfer asks one of these approvers' PIN; owners and
    // managers see the payments they may void.
    manages ? [] : listApprovers(db, shop.id),
    manages ? voidablePayments(db, shop.id, found.id) : [],
  ]);
  return {
    shop: { id: shop.id, name: shop.name },
    mayDelete: manages,
    // The customer's price level (decision 0089): set by owners and managers, seen by all.
    priceLevel,
    priceLevels: manages ? priceLevels : [],
    maySetLevel: manages && priceLevels.length > 0,
    done: url.searchParams.get("done"),
    customer: {
      ...found,
      phone: formatPhoneForDisplay(found.phone),
      consentAt: found.consentAt.toISOString(),
      createdAt: found.createdAt.toISOString(),
    },
    saleCount: history.saleCount,
    totalSatang: history.totalSatang,
    returnedSatang: history.returnedSatang,
    lastVisit: history.lastVisit?.toISOString() ?? null,
    purchases: history.purchases.map((row) => ({ ...row, soldAt: row.soldAt.toISOString() })),
    pointsBalance,
    pointsHistory: pointsHistory.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    // Selling on account (decision 0083): the limit is set by owners and managers only.
    mayManageAccount: mayManageAccounts(role),
    receiptNumber: url.searchParams.get("receipt"),
    approvedBy: url.searchParams.get("approvedBy"),
    cashierRules: !mayManageAccounts(role),
    approvers,
    voidable: voidable.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    account: {
      ...account,
      statement: statement.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    },
  };
}

const deleteFormSchema = z.object({
  intent: z.literal("delete"),
  confirm: z.string().trim().min(1, "shops.customers.error.confirmDelete"),
});
const levelFormSchema = z.object({
  intent: z.literal("level"),
  // "" is ราคาปลีก (no level); otherwise one of the shop's levels.
  priceLevel: z.union([
    z.literal(""),
    z.coerce
      .number("shops.customers.error.priceLevel")
      .int("shops.customers.error.priceLevel")
      .positive("shops.customers.error.priceLevel")
      .max(Number.MAX_SAFE_INTEGER, "shops.customers.error.priceLevel"),
  ]),
});
const customerFormSchemas = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update") }).passthrough(),
  z.object({ intent: z.literal("limit") }).passthrough(),
  z.object({ intent: z.literal("payment") }).passthrough(),
  z.object({ intent: z.literal("voidPayment") }).passthrough(),
  deleteFormSchema,
  levelFormSchema,
]);

interface Failure {
  intent: "update" | "delete" | "level" | "limit" | "payment" | "voidPayment";
  errors: FieldErrors;
  values: FormValues;
  balanceSatang?: number;
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
  params,
}: Route.ActionArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const form = await request.formData();
  const which = readForm(form, customerFormSchemas);
  const id = customerId.safeParse(params.id);
  const member = memberOf(context);
  const actor = { shopId: shop.id, userId: member.id, role };
  const accountActor = { ...actor, userName: member.name };
  const back = `/shophub/customers/${params.id}?shop=${encodeURIComponent(shop.id)}`;
  if (!which.ok) {
    return data<Failure>(
      { intent: "update", errors: which.errors, values: which.values },
      { status: 400 },
    );
  }
  const refused = (intent: Failure["intent"], error: keyof typeof CUSTOMER_REFUSALS) => {
    const refusal = CUSTOMER_REFUSALS[error];
    return data<Failure>(
      { intent, errors: { [refusal.field]: refusal.message }, values: which.values },
      { status: refusal.status },
    );
  };
  if (!id.success) return refused(which.data.intent, "notFound");
  if (which.data.intent === "level") {
    if (role !== "owner" && role !== "manager") {
      return data<Failure>(
        {
          intent: "level",
          errors: { priceLevel: "shops.customers.error.levelNotAllowed" },
          values: which.values,
        },
        { status: 403 },
      );
    }
    if (!(await findCustomer(db, shop.id, id.data))) return refused("level", "notFound");
    const levelId = which.data.priceLevel === "" ? null : which.data.priceLevel;
    if (!(await setCustomerPriceLevel(db, shop.id, id.data, levelId))) {
      return data<Failure>(
        {
          intent: "level",
          errors: { priceLevel: "shops.customers.error.priceLevel" },
          values: which.values,
        },
        { status: 400 },
      );
    }
    return redirect(`${back}&done=level`);
  }
  if (which.data.intent === "update") {
    const parsed = readForm(form, customerEditSchema);
    if (!parsed.ok) {
      return data<Failure>(
        { intent: "update", errors: parsed.errors, values: parsed.values },
        { status: 400 },
      );
    }
    const result = await updateCustomer(db, actor, id.data, parsed.data);
    if (!result.ok) return refused("update", result.error);
    return redirect(`${back}&done=update`);
  }
  if (
    which.data.intent === "limit" ||
    which.data.intent === "payment" ||
    which.data.intent === "voidPayment"
  ) {
    return accountAction(which.data.intent, {
      db,
      form,
      actor: accountActor,
      customerId: id.data,
      back,
    });
  }
  const found = await findCustomer(db, shop.id, id.data);
  if (!found) return refused("delete", "notFound");
  if (thaiPhone(which.data.confirm) !== found.phone) {
    return data<Failure>(
      {
        intent: "delete",
        errors: { confirm: "shops.customers.error.confirmDelete" },
        values: which.values,
      },
      { status: 400 },
    );
  }
  const result = await deleteCustomer(db, actor, id.data);
  if (!result.ok) return refused("delete", result.error);
  return redirect(`/shophub/customers?shop=${encodeURIComponent(shop.id)}&done=delete`);
});

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.customers.title");

/** What the page says after a form of its own was accepted. */
const DONE_TEXT = {
  create: "shops.customers.done.create",
  update: "shops.customers.done.update",
  level: "shops.customers.done.level",
  limit: "shops.customers.account.done.limit",
} as const satisfies Record<string, MessageKey>;

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  const { shop, customer, purchases, mayDelete, done } = loaderData;
  const busy = navigation.state === "submitting";
  const receipt = { number: loaderData.receiptNumber ?? "" };
  const doneText =
    done === "payment" && loaderData.approvedBy
      ? t("shops.customers.account.done.paymentApproved", {
          ...receipt,
          name: loaderData.approvedBy,
        })
      : done === "payment"
        ? t("shops.customers.account.done.payment", receipt)
        : done === "voidPayment"
          ? t("shops.customers.account.done.voidPayment", {
              ...receipt,
              balance: formatBaht(loaderData.account.balanceSatang, lang),
            })
          : done && done in DONE_TEXT
            ? t(DONE_TEXT[done as keyof typeof DONE_TEXT])
            : null;
  const branchText =
    customer.branchCode === "00000"
      ? t("shops.customers.headOffice")
      : t("shops.customers.branch", { code: customer.branchCode });
  return (
    <>
      <p>
        <Link to={`/shophub/customers?shop=${encodeURIComponent(shop.id)}`}>
          {t("shops.customers.back")}
        </Link>
      </p>
      <h1 className="h2" data-testid="customer-name">
        {customer.name}
      </h1>
      <p className="text-secondary" data-testid="customer-phone">
        {customer.phone}
        {customer.taxId && ` · ${customer.taxId} ${branchText}`}
        {" · "}
        <span data-testid="customer-price-level">
          {t("shops.customers.level.shown", {
            level: loaderData.priceLevel?.name ?? t("shops.customers.level.retail"),
          })}
        </span>
      </p>
      <ShopChangedNotice />
      <StatusAlert message={failure ? null : doneText} />
      <CustomerTotals
        saleCount={loaderData.saleCount}
        totalSatang={loaderData.totalSatang}
        returnedSatang={loaderData.returnedSatang}
        lastVisit={loaderData.lastVisit}
        pointsBalance={loaderData.pointsBalance}
      />
      <AccountSection
        shopId={shop.id}
        customerId={customer.id}
        account={loaderData.account}
        mayManage={loaderData.mayManageAccount}
        failure={
          failure?.intent === "limit" ||
          failure?.intent === "payment" ||
          failure?.intent === "voidPayment"
            ? (failure as AccountFailure)
            : undefined
        }
        busy={busy}
        approvers={loaderData.approvers}
        cashierRules={loaderData.cashierRules}
        voidable={loaderData.voidable}
      />
      <CustomerPurchases shopId={shop.id} purchases={purchases} />
      <CustomerPointsHistory shopId={shop.id} rows={loaderData.pointsHistory} />
      {loaderData.maySetLevel && (
        <CustomerLevelForm
          shopId={shop.id}
          levelId={loaderData.priceLevel?.id ?? null}
          levels={loaderData.priceLevels}
          failure={failure?.intent === "level" ? failure : undefined}
          busy={busy}
        />
      )}
      <CustomerEditForm
        shopId={shop.id}
        customer={customer}
        failure={failure?.intent === "update" ? failure : undefined}
        busy={busy}
      />
      {mayDelete && (
        <CustomerDeleteForm
          shopId={shop.id}
          failure={failure?.intent === "delete" ? failure : undefined}
          busy={busy}
        />
      )}
    </>
  );
}
