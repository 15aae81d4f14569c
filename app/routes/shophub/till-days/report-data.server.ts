import { data } from "react-router";
import type { Database } from "~/db/client.server";
import { getZReport, type TillDayReport, xReport } from "~/modules/journal/index.server";

/*
 * The day report a print page or a PDF address names: `/shophub/zreports/x?till=<id>` (the X
 * report of that till's today) or `/shophub/zreports/<id>` (a Z report kept as it closed);
 * 404 for anything that is not the shop's.
 */
export async function dayReportOf(
  db: Database,
  shopId: string,
  params: { id?: string },
  url: URL,
): Promise<TillDayReport> {
  if (params.id === undefined) {
    const tillId = url.searchParams.get("till") ?? "";
    const report = /^[0-9a-f-]{36}$/i.test(tillId) ? await xReport(db, shopId, tillId) : null;
    if (!report) throw data(null, { status: 404 });
    return report;
  }
  const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : null;
  const report = id === null ? null : await getZReport(db, shopId, id);
  if (!report) throw data(null, { status: 404 });
  return report;
}
