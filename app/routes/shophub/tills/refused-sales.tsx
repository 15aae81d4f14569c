import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { QUEUE_REFUSAL_KEYS } from "~/routes/shophub/sell/queue-text";

/*
 * The tills' queued sales the server refused for good (decision 0071): each stays on its
 * device, marked and exportable there; the owner reads them here, wherever they are, with the
 * number the slip printed and what to put right before the till sends it again.
 */

export interface RefusedSaleRow {
  id: number;
  tillCode: string;
  tillName: string;
  documentNumber: string;
  totalSatang: number;
  code: string;
  refusedAt: string;
}

export function RefusedSales({ rows }: { rows: RefusedSaleRow[] }) {
  const t = useT();
  const lang = useLang();
  if (rows.length === 0) return null;
  return (
    <section className="mt-4" data-testid="tills-refused">
      <h2 className="h4">{t("shops.tills.refused.heading")}</h2>
      <p className="text-secondary">{t("shops.tills.refused.lead")}</p>
      <div className="table-responsive">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{t("shops.tills.refused.col.when")}</th>
              <th scope="col">{t("shops.tills.flagged.col.till")}</th>
              <th scope="col">{t("shops.tills.flagged.col.number")}</th>
              <th scope="col" className="text-end">
                {t("shops.tills.refused.col.total")}
              </th>
              <th scope="col">{t("shops.tills.refused.col.reason")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="tills-refused-row">
                <td>{formatDateTime(row.refusedAt, lang)}</td>
                <td>
                  {row.tillName} ({row.tillCode})
                </td>
                <td>{row.documentNumber}</td>
                <td className="text-end">{formatBaht(row.totalSatang, lang)}</td>
                <td>{t(QUEUE_REFUSAL_KEYS[row.code] ?? "shops.sell.queue.reason.other")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
