import { useRef } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/report";
import { appContext } from "~/context";
import { pageRule, PAPER_KEYS } from "~/features/sales-documents/document-view";
import { useRollLengthMm } from "~/features/sales-documents/roll-length";
import { formatDateTime } from "~/lib/dates";
import { readId } from "~/lib/forms/fields";
import type { MessageKey } from "~/lib/i18n";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { PAPER_WIDTH_CHOICES } from "~/modules/sales";
import { getSalesSettings } from "~/modules/sales/index.server";
import { shiftReport } from "~/modules/shifts/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { DifferenceText, MOVEMENT_TEXT } from "~/routes/shophub/sell/shift-words";
import "./shift-report.css";

// One shift's report, printable on the till's roll: outside the site's frame (as the receipt
// print pages are), as wide as the shop's roll (58 or 80 mm, from its selling settings;
// `?paper=` picks the other one), and the print dialog prints just the report. A cashier sees only
// their own shifts (another's is not found, the same answer as another shop's).
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export const handle = { frame: "none" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { shop, role } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const id = readId(params.id);
  const [report, settings] = await Promise.all([
    id === null ? null : shiftReport(db, shop.id, id, { userId: memberOf(context).id, role }),
    getSalesSettings(db, shop.id),
  ]);
  if (!report) throw data(null, { status: 404 });
  const { shift } = report;
  return {
    ...areaMessagesOf(context, "shops"),
    shop: { id: shop.id, name: shop.name },
    paper: readRoll(new URL(request.url).searchParams.get("paper"), settings.paperWidth),
    report: {
      ...report,
      shift: {
        ...shift,
        openedAt: shift.openedAt.toISOString(),
        closedAt: shift.closedAt?.toISOString() ?? null,
      },
      movements: report.movements.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  buildMeta(siteFromMatches(matches), {
    title: loaderData ? `${loaderData.shop.name} · ${loaderData.report.shift.till}` : "",
    path: location.pathname,
    noindex: true,
  });

/** The roll asked for in the address, else the shop's own. */
function readRoll(asked: string | null, shopRoll: Roll): Roll {
  return PAPER_WIDTH_CHOICES.find((roll) => roll === asked) ?? shopRoll;
}

type Roll = (typeof PAPER_WIDTH_CHOICES)[number];

const METHOD_TEXT: Record<string, MessageKey> = {
  cash: "shops.shifts.report.method.cash",
  promptpay: "shops.shifts.report.method.promptpay",
  transfer: "shops.shifts.report.method.transfer",
  card: "shops.shifts.report.method.card",
  account: "shops.shifts.report.method.account",
};

function Row({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId}>{value}</td>
    </tr>
  );
}

export default function ShiftReportPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { shop, report, paper } = loaderData;
  const { shift, cash } = report;
  const money = (satang: number) => formatBaht(satang, lang);
  const contentRef = useRef<HTMLDivElement>(null);
  const lengthMm = useRollLengthMm(contentRef, [paper, report]);
  return (
    <main className="shift-report" data-paper={paper} style={{ maxWidth: `${paper}mm` }}>
      <style>{`@media print { ${pageRule(paper, lengthMm)} }`}</style>
      <nav className="shift-report-toolbar" aria-label={t("shops.shifts.report.title")}>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t("shops.shifts.report.print")}
        </button>
        {PAPER_WIDTH_CHOICES.map((each) => (
          <Link
            key={each}
            className={`btn btn-outline-secondary${each === paper ? " active" : ""}`}
            to={`?shop=${shop.id}&paper=${each}`}
            aria-current={each === paper ? "page" : undefined}
            replace
          >
            {t(PAPER_KEYS[each])}
          </Link>
        ))}
        <Link className="btn btn-outline-secondary" to={`/shophub/shifts?shop=${shop.id}`}>
          {t("shops.shifts.listLink")}
        </Link>
        <Link className="btn btn-outline-secondary" to={`/shophub/sell?shop=${shop.id}`}>
          {t("shops.sell.till.title")}
        </Link>
      </nav>
      <div ref={contentRef}>
        <h1>{t("shops.shifts.report.title")}</h1>
        <p>
          {shop.name}
          <br />
          {t("shops.shifts.col.till")}: {shift.till}
          <br />
          {t("shops.shifts.panel.open", {
            name: shift.openedByName,
            time: formatDateTime(shift.openedAt, lang),
            amount: money(shift.openingCashSatang),
          })}
          {shift.closedAt && (
            <>
              <br />
              {t("shops.shifts.report.closedBy", {
                name: shift.closedByName ?? "",
                time: formatDateTime(shift.closedAt, lang),
              })}
            </>
          )}
        </p>

        <h2>{t("shops.shifts.report.byMethod")}</h2>
        <table>
          <tbody>
            {report.byMethod.map((m) => {
              const name = METHOD_TEXT[m.method];
              return (
                <Row
                  key={m.method}
                  label={`${name ? t(name) : m.method} (${m.payments})`}
                  value={money(m.amountSatang)}
                  testId={`shift-method-${m.method}`}
                />
              );
            })}
            <Row
              label={`${t("shops.shifts.report.salesTotal")} (${t("shops.shifts.report.bills", { count: report.bills })})`}
              value={money(report.salesTotalSatang)}
              testId="shift-sales-total"
            />
            <Row label={t("shops.shifts.report.discounts")} value={money(report.discountsSatang)} />
            <Row
              label={t("shops.shifts.report.returns")}
              value={t("shops.shifts.report.returnsValue", {
                count: report.returns.count,
                amount: money(report.returns.totalSatang),
              })}
            />
            <Row
              label={t("shops.shifts.report.voids")}
              value={t("shops.shifts.report.voidsValue", {
                count: report.voids.count,
                amount: money(report.voids.totalSatang),
              })}
            />
          </tbody>
        </table>

        <h2>{t("shops.shifts.report.drawer")}</h2>
        {shift.status === "open" && <p>{t("shops.shifts.report.openNow")}</p>}
        <table>
          <tbody>
            <Row label={t("shops.shifts.report.opening")} value={money(cash.openingSatang)} />
            <Row label={t("shops.shifts.report.cashSales")} value={money(cash.cashSalesSatang)} />
            <Row
              label={t("shops.shifts.report.cashRefunds")}
              value={money(-cash.cashRefundsSatang)}
            />
            <Row label={t("shops.shifts.report.payIns")} value={money(cash.payInsSatang)} />
            <Row label={t("shops.shifts.report.payOuts")} value={money(-cash.payOutsSatang)} />
            <Row
              label={t("shops.shifts.report.accountPayments")}
              value={money(cash.accountPaymentsSatang)}
            />
            {cash.accountPaymentVoidsSatang > 0 && (
              <Row
                label={t("shops.shifts.report.accountPaymentVoids")}
                value={money(-cash.accountPaymentVoidsSatang)}
                testId="shift-report-account-payment-voids"
              />
            )}
            <Row label={t("shops.shifts.report.voidedCash")} value={money(cash.voidedCashSatang)} />
            <Row
              label={t("shops.shifts.expected")}
              value={money(shift.expectedCashSatang ?? cash.expectedSatang)}
              testId="shift-report-expected"
            />
            {shift.countedCashSatang !== null && (
              <Row
                label={t("shops.shifts.counted")}
                value={money(shift.countedCashSatang)}
                testId="shift-report-counted"
              />
            )}
            {shift.differenceSatang !== null && (
              <Row
                label={t("shops.shifts.difference")}
                value={<DifferenceText satang={shift.differenceSatang} />}
                testId="shift-report-difference"
              />
            )}
          </tbody>
        </table>
        {shift.note && <p>{t("shops.shifts.report.note", { note: shift.note })}</p>}

        <h2>{t("shops.shifts.report.movements")}</h2>
        {report.movements.length === 0 ? (
          <p>{t("shops.shifts.report.noMovements")}</p>
        ) : (
          <table>
            <tbody>
              {report.movements.map((m) => (
                <Row
                  key={m.id}
                  label={`${formatDateTime(m.createdAt, lang)} ${t(MOVEMENT_TEXT[m.kind])}: ${m.reason}`}
                  value={money(m.kind === "pay_out" ? -m.amountSatang : m.amountSatang)}
                />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </main>
  );
}
