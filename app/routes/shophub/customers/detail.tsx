import { Alert, Form as BsForm, Button, Card, Col, Row, Table } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/detail";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { shopsMeta, StatusAlert } from "~/layout/shops-page";
import { formatDateTime } from "~/lib/dates";
import { readForm, type FieldErrors, type FormValues } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { formatBaht } from "~/lib/money";
import { formatPhoneForDisplay } from "~/lib/phone";
import {
  accountPaymentFormSchema,
  creditLimitFormSchema,
  customerEditSchema,
  thaiPhone,
} from "~/modules/customers";
import {
  accountStatement,
  customerAccountOf,
  mayManageAccounts,
  recordAccountPayment,
  setCreditLimit,
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
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { TextField } from "~/ui/text-field";
import { AccountSection, type AccountFailure } from "./account-section";
import { CustomerFields } from "./customer-fields";
import { CUSTOMER_REFUSALS } from "./refusals";

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
  const [history, pointsBalance, pointsHistory, priceLevel, priceLevels, account, statement] =
    await Promise.all([
      customerPurchases(db, shop.id, found.id),
      customerPointsBalance(db, shop.id, found.id),
      customerPointsHistory(db, shop.id, found.id),
      customerPriceLevelOf(db, shop.id, found.id),
      listPriceLevels(db, shop.id),
      customerAccountOf(db, shop.id, found.id),
      accountStatement(db, shop.id, found.id),
    ]);
  const manages = role === "owner" || role === "manager";
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
  deleteFormSchema,
  levelFormSchema,
]);

interface Failure {
  intent: "update" | "delete" | "level" | "limit" | "payment";
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
  if (which.data.intent === "limit") {
    const parsed = readForm(form, creditLimitFormSchema);
    if (!parsed.ok) {
      return data<Failure>(
        { intent: "limit", errors: parsed.errors, values: parsed.values },
        { status: 400 },
      );
    }
    const result = await setCreditLimit(db, accountActor, id.data, parsed.data.creditLimit);
    if (!result.ok) {
      return data<Failure>(
        {
          intent: "limit",
          errors: {
            form:
              result.error === "not-allowed"
                ? "shops.customers.account.error.notAllowed"
                : "shops.customers.error.notFound",
          },
          values: parsed.values,
        },
        { status: result.error === "not-allowed" ? 403 : 404 },
      );
    }
    return redirect(`${back}&done=limit`);
  }
  if (which.data.intent === "payment") {
    const parsed = readForm(form, accountPaymentFormSchema);
    if (!parsed.ok) {
      return data<Failure>(
        { intent: "payment", errors: parsed.errors, values: parsed.values },
        { status: 400 },
      );
    }
    const result = await recordAccountPayment(db, accountActor, {
      customerId: id.data,
      method: parsed.data.method,
      amountSatang: parsed.data.amount,
      reference: parsed.data.reference,
    });
    if (!result.ok) {
      const owed = await customerAccountOf(db, shop.id, id.data);
      return data<Failure>(
        {
          intent: "payment",
          errors:
            result.error === "not-found"
              ? { form: "shops.customers.error.notFound" }
              : { amount: "shops.customers.account.error.overBalance" },
          values: parsed.values,
          balanceSatang: owed.balanceSatang,
        },
        { status: result.error === "not-found" ? 404 : 409 },
      );
    }
    return redirect(
      `${back}&done=payment&receipt=${encodeURIComponent(result.payment.documentNumber)}`,
    );
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

/** What a points entry was (decision 0082). */
const POINTS_KIND_TEXT = {
  earn: "shops.customers.points.kind.earn",
  redeem: "shops.customers.points.kind.redeem",
  void: "shops.customers.points.kind.void",
  return: "shops.customers.points.kind.return",
} as const satisfies Record<string, MessageKey>;

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const failure = actionData as Failure | undefined;
  const { shop, customer, purchases, mayDelete, done } = loaderData;
  const busy = navigation.state === "submitting";
  const editFailure = failure?.intent === "update" ? failure : undefined;
  const deleteFailure = failure?.intent === "delete" ? failure : undefined;
  const levelFailure = failure?.intent === "level" ? failure : undefined;
  const levelError = levelFailure?.errors.priceLevel;
  const doneText =
    done === "create"
      ? t("shops.customers.done.create")
      : done === "update"
        ? t("shops.customers.done.update")
        : done === "level"
          ? t("shops.customers.done.level")
          : done === "limit"
            ? t("shops.customers.account.done.limit")
            : done === "payment"
              ? t("shops.customers.account.done.payment", {
                  number: loaderData.receiptNumber ?? "",
                })
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
      <Row className="g-3 mb-4" data-testid="customer-totals">
        <Col sm={6} lg={3}>
          <Card body>
            <div className="text-secondary small">{t("shops.customers.detail.saleCount")}</div>
            <div className="fs-4">{loaderData.saleCount}</div>
          </Card>
        </Col>
        <Col sm={6} lg={3}>
          <Card body>
            <div className="text-secondary small">{t("shops.customers.detail.total")}</div>
            <div className="fs-4" data-testid="customer-total">
              {formatBaht(loaderData.totalSatang, lang)}
            </div>
            {loaderData.returnedSatang > 0 && (
              <div className="small text-secondary" data-testid="customer-returned">
                {t("shops.customers.detail.returned", {
                  amount: formatBaht(loaderData.returnedSatang, lang),
                  net: formatBaht(loaderData.totalSatang - loaderData.returnedSatang, lang),
                })}
              </div>
            )}
          </Card>
        </Col>
        <Col sm={6} lg={3}>
          <Card body>
            <div className="text-secondary small">{t("shops.customers.detail.lastVisit")}</div>
            <div className="fs-5">
              {loaderData.lastVisit
                ? formatDateTime(loaderData.lastVisit, lang)
                : t("shops.customers.detail.never")}
            </div>
          </Card>
        </Col>
        <Col sm={6} lg={3}>
          <Card body>
            <div className="text-secondary small">{t("shops.customers.points.balance")}</div>
            <div className="fs-4" data-testid="customer-points">
              {loaderData.pointsBalance.toLocaleString(lang === "th" ? "th-TH" : "en-US")}
            </div>
          </Card>
        </Col>
      </Row>
      <AccountSection
        shopId={shop.id}
        customerId={customer.id}
        account={loaderData.account}
        mayManage={loaderData.mayManageAccount}
        failure={
          failure?.intent === "limit" || failure?.intent === "payment"
            ? (failure as AccountFailure)
            : undefined
        }
        busy={busy}
      />
      <h2 className="h4 mt-4">{t("shops.customers.detail.purchases")}</h2>
      {purchases.length === 0 ? (
        <p className="text-secondary">{t("shops.customers.detail.noPurchases")}</p>
      ) : (
        <Table responsive data-testid="customer-purchases">
          <thead>
            <tr>
              <th>{t("shops.customers.detail.col.date")}</th>
              <th>{t("shops.customers.detail.col.number")}</th>
              <th className="text-end">{t("shops.customers.detail.col.total")}</th>
            </tr>
          </thead>
          <tbody>
            {purchases.map((row) => (
              <tr key={row.saleId}>
                <td>{formatDateTime(row.soldAt, lang)}</td>
                <td>
                  <Link to={`/shophub/invoices/${row.saleId}?shop=${encodeURIComponent(shop.id)}`}>
                    {row.documentNumber}
                  </Link>
                  {row.status === "void" && (
                    <span className="badge text-bg-secondary ms-2">
                      {t("shops.customers.detail.voided")}
                    </span>
                  )}
                </td>
                <td className="text-end">{formatBaht(row.totalSatang, lang)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <h2 className="h4 mt-4">{t("shops.customers.points.history")}</h2>
      {loaderData.pointsHistory.length === 0 ? (
        <p className="text-secondary">{t("shops.customers.points.none")}</p>
      ) : (
        <Table responsive data-testid="customer-points-history">
          <thead>
            <tr>
              <th>{t("shops.customers.detail.col.date")}</th>
              <th>{t("shops.customers.points.col.what")}</th>
              <th>{t("shops.customers.detail.col.number")}</th>
              <th className="text-end">{t("shops.customers.points.col.points")}</th>
              <th className="text-end">{t("shops.customers.points.col.after")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.pointsHistory.map((row) => (
              <tr key={row.id}>
                <td>{formatDateTime(row.createdAt, lang)}</td>
                <td>
                  {t(POINTS_KIND_TEXT[row.kind])}
                  {row.kind === "redeem" && ` (${formatBaht(row.valueSatang, lang)})`}
                </td>
                <td>
                  {row.saleId !== null && (
                    <Link
                      to={`/shophub/invoices/${row.saleId}?shop=${encodeURIComponent(shop.id)}`}
                    >
                      {row.documentNumber}
                    </Link>
                  )}
                </td>
                <td className="text-end">{row.points > 0 ? `+${row.points}` : row.points}</td>
                <td className="text-end">{row.balanceAfter}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {loaderData.maySetLevel && (
        <Card className="mt-4">
          <Card.Body>
            <h2 className="h4">{t("shops.customers.level.heading")}</h2>
            <p className="text-secondary small">{t("shops.customers.level.lead")}</p>
            <Form method="post" noValidate data-testid="customer-level">
              <ShopIdField shopId={shop.id} />
              <input type="hidden" name="intent" value="level" />
              <BsForm.Group className="mb-3" controlId="customer-priceLevel">
                <BsForm.Label>{t("shops.customers.level.label")}</BsForm.Label>
                <BsForm.Select
                  name="priceLevel"
                  defaultValue={
                    levelFailure?.values.priceLevel ?? String(loaderData.priceLevel?.id ?? "")
                  }
                  isInvalid={levelError !== undefined}
                  aria-describedby={levelError ? "customer-priceLevel-error" : undefined}
                >
                  <option value="">{t("shops.customers.level.retail")}</option>
                  {loaderData.priceLevels.map((level) => (
                    <option key={level.id} value={String(level.id)}>
                      {level.name}
                    </option>
                  ))}
                </BsForm.Select>
                {levelError && (
                  <BsForm.Control.Feedback type="invalid" id="customer-priceLevel-error">
                    {t(levelError)}
                  </BsForm.Control.Feedback>
                )}
              </BsForm.Group>
              <Button type="submit" disabled={busy} data-testid="customer-level-save">
                {t("shops.customers.level.save")}
              </Button>
            </Form>
          </Card.Body>
        </Card>
      )}
      <Card className="mt-4">
        <Card.Body>
          <h2 className="h4">{t("shops.customers.detail.edit")}</h2>
          <p className="text-secondary small">
            {t("shops.customers.detail.consent", {
              time: formatDateTime(customer.consentAt, lang),
            })}
          </p>
          {editFailure?.errors.form && <Alert variant="danger">{t(editFailure.errors.form)}</Alert>}
          <Form method="post" noValidate data-testid="customer-edit">
            <ShopIdField shopId={shop.id} />
            <input type="hidden" name="intent" value="update" />
            <CustomerFields
              values={
                editFailure?.values ?? {
                  phone: customer.phone,
                  name: customer.name,
                  lineId: customer.lineId,
                  email: customer.email,
                  taxId: customer.taxId,
                  branchCode: customer.branchCode === "00000" ? "" : customer.branchCode,
                  address: customer.address,
                }
              }
              errors={editFailure?.errors ?? {}}
              askConsent={false}
            />
            <Button type="submit" disabled={busy} data-testid="customer-update">
              {t("shops.customers.detail.save")}
            </Button>
          </Form>
        </Card.Body>
      </Card>
      {mayDelete && (
        <Card className="mt-4" border="danger">
          <Card.Body>
            <h2 className="h4">{t("shops.customers.delete.heading")}</h2>
            <p className="text-secondary">{t("shops.customers.delete.lead")}</p>
            {deleteFailure?.errors.form && (
              <Alert variant="danger">{t(deleteFailure.errors.form)}</Alert>
            )}
            <Form method="post" noValidate data-testid="customer-delete">
              <ShopIdField shopId={shop.id} />
              <input type="hidden" name="intent" value="delete" />
              <TextField
                name="confirm"
                type="tel"
                autoComplete="off"
                maxLength={20}
                label={t("shops.customers.delete.confirm")}
                defaultValue={deleteFailure?.values.confirm}
                error={deleteFailure?.errors.confirm ? t(deleteFailure.errors.confirm) : undefined}
                idPrefix="delete"
              />
              <Button type="submit" variant="danger" disabled={busy} data-testid="customer-erase">
                {t("shops.customers.delete.submit")}
              </Button>
            </Form>
          </Card.Body>
        </Card>
      )}
    </>
  );
}
