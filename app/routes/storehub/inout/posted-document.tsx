import { Link } from "react-router";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { formatQuantityMilli } from "~/lib/quantity";
import { isInoutKind } from "~/modules/stock";
import type { LocationOption } from "~/modules/stock/index.server";
import { signed } from "../stock-text";
import type { Posted } from "./action-data";

/** The document just posted: its number, its movements, and where to go next. */
export function PostedDocument({
  posted,
  locations,
}: {
  posted: Posted;
  locations: LocationOption[];
}) {
  const t = useT();
  const lang = useLang();
  const paths = new Map(locations.map((location) => [location.id, location.path]));
  const kind = isInoutKind(posted.kind) ? posted.kind : "receive";
  const firstItem = posted.lines[0]?.itemId;
  return (
    <section aria-labelledby="inout-done" data-testid="inout-posted">
      <div className="alert alert-success" role="status" id="inout-done" data-testid="inout-done">
        {t("storehub.inout.done", {
          document: t(`storehub.documentKind.${posted.kind}`),
          number: posted.number,
        })}
      </div>
      {posted.lines.some((line) => line.archived) && (
        <div className="alert alert-warning" role="status" data-testid="inout-posted-archived">
          {t("storehub.inout.postedArchived", {
            items: [...new Set(posted.lines.filter((l) => l.archived).map((l) => l.itemName))].join(
              ", ",
            ),
          })}
        </div>
      )}
      {posted.lines.length === 0 ? (
        <p>{t("storehub.inout.doneNoChange")}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="inout-posted-lines">
            <thead>
              <tr>
                <th scope="col">{t("storehub.storage.column.item")}</th>
                <th scope="col">{t("storehub.storage.column.location")}</th>
                <th scope="col">{t("storehub.storage.column.kind")}</th>
                <th scope="col" className="text-end">
                  {t("storehub.storage.column.qty")}
                </th>
                <th scope="col" className="text-end">
                  {t("storehub.storage.column.runningLocation")}
                </th>
                <th scope="col" className="text-end">
                  {t("storehub.storage.column.unitCost")}
                </th>
                <th scope="col" className="text-end">
                  {t("storehub.storage.column.value")}
                </th>
              </tr>
            </thead>
            <tbody>
              {posted.lines.map((line) => (
                <tr key={line.movementId} data-testid="inout-posted-line">
                  <td>
                    <Link to={`/storehub/storage?item=${line.itemId}`}>{line.itemName}</Link>
                    <div className="small text-secondary">{line.sku}</div>
                  </td>
                  <td>{paths.get(line.locationId) ?? line.locationName}</td>
                  <td>{t(`storehub.kind.${line.kind}`)}</td>
                  <td className="text-end text-nowrap">
                    {signed(line.qty, lang)} {line.unit}
                  </td>
                  <td className="text-end">{formatQuantityMilli(line.locationQtyAfter, lang)}</td>
                  <td className="text-end">{formatBaht(line.unitCostSatang, lang)}</td>
                  <td className="text-end">{formatBaht(line.valueSatang, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Link
          to={`/storehub/inout?kind=${kind}`}
          className="btn btn-primary"
          data-testid="inout-new"
        >
          {t("storehub.inout.newDocument")}
        </Link>
        <Link
          to={firstItem ? `/storehub/storage?item=${firstItem}` : "/storehub/storage"}
          className="btn btn-outline-secondary"
          data-testid="inout-see-ledger"
        >
          {t("storehub.inout.seeLedger")}
        </Link>
      </div>
    </section>
  );
}
