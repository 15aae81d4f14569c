import type { Route } from "./+types/pdf";
import { appContext } from "~/context";
import { langOf } from "~/lib/i18n/lang.server";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import { renderDayReportPdf } from "./day-report-pdf.server";
import { dayReportOf } from "./report-data.server";
import { DAY_REPORT_ROLES } from "./roles";

// A till's X report (`/shophub/zreports/x/report.pdf?till=`) or a Z report
// (`/shophub/zreports/<id>/report.pdf`) as an A4 PDF (decision 0072).
export const middleware: Route.MiddlewareFunction[] = [chosenShop(DAY_REPORT_ROLES)];

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const { db } = context.get(appContext);
  const report = await dayReportOf(db, shop.id, params, url);
  const lang = langOf(context);
  const pdf = await renderDayReportPdf(report, serverTranslate(lang), lang);
  const name = (report.number ?? `X-${report.till.code}-${report.businessDate}`).replace(
    /[^A-Za-z0-9-]/g,
    "_",
  );
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
