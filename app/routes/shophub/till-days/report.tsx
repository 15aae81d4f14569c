import { useRef } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/report";
import { appContext } from "~/context";
import { pageRule, type PaperChoice } from "~/features/sales-documents/document-view";
import { useRollLengthMm } from "~/features/sales-documents/roll-length";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { useT } from "~/lib/i18n/use-translation";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { getSalesSettings } from "~/modules/sales/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import "~/routes/shophub/shifts/shift-report.css";
import { DayReport } from "./day-report";
import { dayReportOf } from "./report-data.server";
import { DAY_REPORT_ROLES } from "./roles";
import { RollPrinterButton } from "./roll-printer";

// A till's X or Z report to print (decision 0072): outside the site's frame as the shift report
// and the receipts are, as wide as the shop's roll (58 or 80 mm) or A4 (`?paper=`), and the
// print dialog prints just the report; the A4 PDF beside it.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(DAY_REPORT_ROLES)];

export const handle = { frame: "none" };

const PAPERS: readonly PaperChoice[] = ["58", "80", "a4"];

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const [report, settings] = await Promise.all([
    dayReportOf(db, shop.id, params, url),
    getSalesSettings(db, shop.id),
  ]);
  const asked = url.searchParams.get("paper");
  const paper = PAPERS.find((each) => each === asked) ?? settings.paperWidth;
  return {
    ...areaMessagesOf(context, "shops"),
    shop: { id: shop.id, name: shop.name },
    report,
    paper,
    zId: params.id ?? null,
  };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  buildMeta(siteFromMatches(matches), {
    title: loaderData
      ? `${loaderData.shop.name} · ${loaderData.report.number ?? `X ${loaderData.report.till.code}`}`
      : "",
    path: location.pathname,
    noindex: true,
  });

const PAPER_TEXT = {
  "58": "58 mm",
  "80": "80 mm",
  a4: "A4",
} as const;

export default function DayReportPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop, report, paper, zId } = loaderData;
  const contentRef = useRef<HTMLDivElement>(null);
  const lengthMm = useRollLengthMm(contentRef, [paper, report]);
  const pdfHref =
    zId === null
      ? `/shophub/zreports/x/report.pdf?shop=${shop.id}&till=${report.till.id}`
      : `/shophub/zreports/${zId}/report.pdf?shop=${shop.id}`;
  return (
    <main
      className="shift-report"
      data-paper={paper === "a4" ? "80" : paper}
      style={{ maxWidth: paper === "a4" ? "190mm" : `${paper}mm` }}
    >
      <style>{`@media print { ${pageRule(paper, paper === "a4" ? null : lengthMm)} }`}</style>
      <nav className="shift-report-toolbar" aria-label={t("shops.zreports.print")}>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t("shops.zreports.print")}
        </button>
        {PAPERS.map((each) => (
          <Link
            key={each}
            className={`btn btn-outline-secondary${each === paper ? " active" : ""}`}
            to={`?shop=${shop.id}${report.kind === "X" ? `&till=${report.till.id}` : ""}&paper=${each}`}
            aria-current={each === paper ? "page" : undefined}
            replace
          >
            {PAPER_TEXT[each]}
          </Link>
        ))}
        <RollPrinterButton report={report} />
        <a className="btn btn-outline-secondary" href={pdfHref} download>
          {t("shops.zreports.pdf")}
        </a>
        <Link className="btn btn-outline-secondary" to={`/shophub/zreports?shop=${shop.id}`}>
          {t("shops.zreports.back")}
        </Link>
      </nav>
      <div ref={contentRef}>
        <DayReport report={report} />
      </div>
    </main>
  );
}
