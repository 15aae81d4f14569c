import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";

/*
 * The tills' sales the server kept as sold although the shop had changed meanwhile (decision
 * 0071): a price that differed from the list, an item archived since, stock taken below zero.
 * The goods left and the customer paid; the owner checks them here, each with its bill.
 */

export interface FlaggedSaleRow {
  id: number;
  saleId: number;
  documentNumber: string;
  till: string;
  soldAt: string;
  reason:
    | "priceChanged"
    | "itemArchived"
    | "negativeStock"
    | "vatChanged"
    | "pointsShort"
    | "accountOverLimit"
    | "optionsChanged";
  itemName: string | null;
  listSatang: number | null;
  soldSatang: number | null;
  balance: string | null;
  vat: { list: FlaggedVatRow; sold: FlaggedVatRow } | null;
  points: { requested: number; redeemed: number } | null;
  /** accountOverLimit: what the bill put on account and what the limit still allowed. */
  account?: { owedSatang: number; headroomSatang: number; known: boolean } | null;
  optionGroup: string | null;
}

interface FlaggedVatRow {
  mode: "inclusive" | "exclusive" | "none";
  rateBasisPoints: number;
}

export function FlaggedSales({ shopId, rows }: { shopId: string; rows: FlaggedSaleRow[] }) {
  const t = useT();
  const lang = useLang();
  const vatText = (vat: FlaggedVatRow) =>
    t(`shops.tills.flagged.vat.${vat.mode}`, { rate: String(vat.rateBasisPoints / 100) });
  const reasonText = (row: FlaggedSaleRow) => {
    const item = row.itemName ?? "";
    switch (row.reason) {
      case "priceChanged":
        return t("shops.tills.flagged.priceChanged", {
          item,
          sold: formatBaht(row.soldSatang ?? 0, lang),
          list: formatBaht(row.listSatang ?? 0, lang),
        });
      case "itemArchived":
        return t("shops.tills.flagged.itemArchived", { item });
      case "negativeStock":
        return t("shops.tills.flagged.negativeStock", { item, balance: row.balance ?? "" });
      case "vatChanged":
        return row.vat
          ? t("shops.tills.flagged.vatChanged", {
              sold: vatText(row.vat.sold),
              list: vatText(row.vat.list),
            })
          : "";
      case "optionsChanged":
        return t("shops.tills.flagged.optionsChanged", { item, group: row.optionGroup ?? "" });
      case "pointsShort":
        return t("shops.tills.flagged.pointsShort", {
          requested: String(row.points?.requested ?? 0),
          redeemed: String(row.points?.redeemed ?? 0),
        });
      case "accountOverLimit":
        return t(
          row.account?.known === false
            ? "shops.tills.flagged.accountNoCustomer"
            : "shops.tills.flagged.accountOverLimit",
          {
            owed: formatBaht(row.account?.owedSatang ?? 0, lang),
            headroom: formatBaht(row.account?.headroomSatang ?? 0, lang),
          },
        );
    }
  };
  return (
    <section className="mt-4" data-testid="tills-flagged">
      <h2 className="h4">{t("shops.tills.flagged.heading")}</h2>
      <p className="text-secondary">{t("shops.tills.flagged.lead")}</p>
      {rows.length === 0 ? (
        <p>{t("shops.tills.flagged.none")}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t("shops.tills.flagged.col.when")}</th>
                <th scope="col">{t("shops.tills.flagged.col.number")}</th>
                <th scope="col">{t("shops.tills.flagged.col.till")}</th>
                <th scope="col">{t("shops.tills.flagged.col.reason")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="tills-flagged-row">
                  <td>{formatDateTime(row.soldAt, lang)}</td>
                  <td>
                    <Link to={`/shophub/invoices/${row.saleId}?shop=${shopId}`}>
                      {row.documentNumber}
                    </Link>
                  </td>
                  <td>{row.till}</td>
                  <td>{reasonText(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
