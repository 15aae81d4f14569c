import { Alert, Badge, Button, Table } from "react-bootstrap";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/list";
import { appContext } from "~/context";
import { ShopChangedNotice, ShopIdField } from "~/features/shops/shop-form";
import { shopsMeta } from "~/layout/shops-page";
import { bangkokIsoDate, formatDate, formatDateTime } from "~/lib/dates";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import {
  type CloseDayRefusal,
  closeOverdueDays,
  closeTillDay,
  listZReports,
  tillsOf,
} from "~/modules/journal/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { DAY_REPORT_ROLES } from "./roles";

// The Z reports of the shop's tills and, per till, its X report and the Z that closes today
// (issue 35, decision 0072). Owners and managers; days nobody closed are closed first.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(DAY_REPORT_ROLES)];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const now = new Date();
  await closeOverdueDays(db, shop.id, now);
  const [tills, reports] = await Promise.all([tillsOf(db, shop.id), listZReports(db, shop.id)]);
  const today = bangkokIsoDate(now);
  return {
    shop: { id: shop.id, name: shop.name },
    formShopId: shop.id,
    today,
    tills: tills.map((each) => ({
      ...each,
      closedToday:
        reports.find((z) => z.tillId === each.id && z.businessDate === today)?.documentNumber ??
        null,
    })),
    reports: reports.map((z) => ({ ...z, closedAt: z.closedAt.toISOString() })),
  };
}

const closeSchema = z.object({
  tillId: z.string().uuid(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

const REFUSAL_TEXT = {
  "not-found": "shops.zreports.error.notFound",
  "bad-day": "shops.zreports.error.badDay",
  future: "shops.zreports.error.future",
  "already-closed": "shops.zreports.error.alreadyClosedNoNumber",
} as const satisfies Record<CloseDayRefusal, MessageKey>;

export type CloseAnswer = {
  ok: false;
  formError: MessageKey;
  number: string | null;
  values: Record<string, string>;
};

/** Closes a till's day: to the Z report's page, or a Thai refusal (nothing changed). */
export const action = keepFormOnShopChange(async function action({
  request,
  context,
}: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const member = memberOf(context);
  const parsed = readForm(await request.formData(), closeSchema);
  if (!parsed.ok) {
    return data<CloseAnswer>(
      {
        ok: false,
        formError: "shops.zreports.error.badRequest",
        number: null,
        values: parsed.values,
      },
      { status: 400 },
    );
  }
  const result = await closeTillDay(
    db,
    { shopId: shop.id, userId: member.id, name: member.name },
    parsed.data,
  );
  if (result.ok) throw redirect(`/shophub/zreports/${result.id}?shop=${shop.id}`);
  const formError: MessageKey =
    result.error === "already-closed" && result.documentNumber
      ? "shops.zreports.error.alreadyClosed"
      : REFUSAL_TEXT[result.error];
  return data<CloseAnswer>(
    { ok: false, formError, number: result.documentNumber ?? null, values: parsed.values },
    { status: result.error === "not-found" ? 404 : result.error === "bad-day" ? 400 : 409 },
  );
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  shopsMeta(matches, location.pathname, "shops.zreports.title");

export default function ZReports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const answer = useActionData<typeof action>();
  const { shop, today, tills, reports } = loaderData;
  const refusal = answer && "formError" in answer ? answer : null;
  return (
    <>
      <h1 className="h3 mb-2">{t("shops.zreports.title")}</h1>
      <p className="text-body-secondary">{t("shops.zreports.lead")}</p>
      <ShopChangedNotice />
      {refusal && (
        <Alert variant="danger" role="alert" data-testid="zreport-error">
          {t(refusal.formError, { number: refusal.number ?? "" })}
        </Alert>
      )}
      <h2 className="h5 mt-4">{t("shops.zreports.tills")}</h2>
      <Table responsive data-testid="zreport-tills">
        <thead>
          <tr>
            <th scope="col">{t("shops.zreports.col.till")}</th>
            <th scope="col">{t("shops.zreports.col.posNumber")}</th>
            <th scope="col">{t("shops.zreports.col.today")}</th>
            <th scope="col">{t("shops.zreports.col.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {tills.map((each) => (
            <tr key={each.id} data-testid={`zreport-till-${each.code}`}>
              <td>
                {each.code} {each.name}
              </td>
              <td>{each.posNumber || t("shops.zreports.report.none")}</td>
              <td>
                {each.closedToday ? (
                  <Badge bg="secondary">
                    {t("shops.zreports.todayClosed", { number: each.closedToday })}
                  </Badge>
                ) : (
                  <Badge bg="success">{t("shops.zreports.todayOpen")}</Badge>
                )}
              </td>
              <td className="d-flex flex-wrap gap-2">
                <Link
                  className="btn btn-outline-primary btn-sm"
                  to={`/shophub/zreports/x?shop=${shop.id}&till=${each.id}`}
                >
                  {t("shops.zreports.printX")}
                </Link>
                {!each.closedToday && (
                  <Form method="post" className="d-inline">
                    <ShopIdField shopId={shop.id} />
                    <input type="hidden" name="tillId" value={each.id} />
                    <input type="hidden" name="day" value={today} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="primary"
                      title={t("shops.zreports.closeConfirm")}
                    >
                      {t("shops.zreports.closeZ")}
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="small text-body-secondary">{t("shops.zreports.closeConfirm")}</p>

      <h2 className="h5 mt-4">{t("shops.zreports.list")}</h2>
      {reports.length === 0 ? (
        <p data-testid="zreports-empty">{t("shops.zreports.empty")}</p>
      ) : (
        <Table responsive hover data-testid="zreports-table">
          <thead>
            <tr>
              <th scope="col">{t("shops.zreports.col.day")}</th>
              <th scope="col">{t("shops.zreports.col.number")}</th>
              <th scope="col">{t("shops.zreports.col.till")}</th>
              <th scope="col" className="text-end">
                {t("shops.zreports.col.documents")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.zreports.col.net")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.zreports.col.vat")}
              </th>
              <th scope="col" className="text-end">
                {t("shops.zreports.col.grandTotal")}
              </th>
              <th scope="col">{t("shops.zreports.col.closedBy")}</th>
            </tr>
          </thead>
          <tbody>
            {reports.map((z) => (
              <tr key={z.id}>
                <td>{formatDate(`${z.businessDate}T12:00:00+07:00`, lang)}</td>
                <td>
                  <Link to={`/shophub/zreports/${z.id}?shop=${shop.id}`}>{z.documentNumber}</Link>
                </td>
                <td>{z.tillCode}</td>
                <td className="text-end">{z.documents}</td>
                <td className="text-end">{formatSatang(z.netSatang)}</td>
                <td className="text-end">{formatSatang(z.vatSatang)}</td>
                <td className="text-end">{formatSatang(z.grandTotalSatang)}</td>
                <td>
                  {z.auto ? (
                    <Badge bg="warning" text="dark">
                      {t("shops.zreports.auto")}
                    </Badge>
                  ) : (
                    `${z.closedByName} ${formatDateTime(z.closedAt, lang)}`
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
