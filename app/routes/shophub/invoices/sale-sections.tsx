import { Badge, Table } from "react-bootstrap";
import { Link } from "react-router";
import type { Route } from "./+types/detail";
import { ReceiptEmailForm } from "~/features/sales-documents/receipt-email-form";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import { formatQuantityMilli } from "~/modules/sales";
import { DOCUMENT_KIND_TEXT, PAYMENT_METHOD_TEXT } from "~/routes/shophub/sell-text";
import { SALE_STATUS_TEXT } from "./invoice-text";

// The invoice page's parts that only show the sale (its forms are in their own modules:
// void-form, return-form, full-invoice-form, etax-form).

type PageData = Route.ComponentProps["loaderData"];
type Detail = PageData["detail"];

/** The line under the page's title after an intent went through; none without one. */
export function useDoneText({
  done,
  doneNote,
  etax,
  detail: { fullTaxInvoice },
}: Pick<PageData, "done" | "doneNote" | "etax" | "detail">) {
  const t = useT();
  return done === "void"
    ? t("shops.invoices.void.done")
    : done === "return" && doneNote
      ? t("shops.invoices.return.done", {
          number: doneNote.documentNumber,
          amount: formatSatang(doneNote.totalSatang),
        })
      : done === "full" && fullTaxInvoice
        ? t("shops.invoices.full.done", { number: fullTaxInvoice.documentNumber })
        : done === "fullExisting" && fullTaxInvoice
          ? t("shops.invoices.full.existing", { number: fullTaxInvoice.documentNumber })
          : done === "etax" && etax?.deliveries[0]
            ? t("shops.etax.send.done", {
                number: etax.deliveries[0].documentNumber,
                to: etax.deliveries[0].toAddress,
                cc: etax.deliveries[0].ccAddress,
              })
            : null;
}

/** The sale's number, status and who sold it where, with its price level and discount approver. */
export function SaleHeading({
  shopId,
  sale,
  priceLevelName,
}: {
  shopId: string;
  sale: Detail["sale"];
  priceLevelName: PageData["priceLevelName"];
}) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <p className="small mb-2">
        <Link to={`/shophub/invoices?shop=${shopId}`}>← {t("shops.invoices.detail.back")}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h1 className="h2 mb-0" data-testid="sale-number">
          {sale.documentNumber}
        </h1>
        <Badge bg={sale.status === "void" ? "danger" : "success"} data-testid="sale-status">
          {t(SALE_STATUS_TEXT[sale.status])}
        </Badge>
      </div>
      <p className="text-secondary mb-3">
        {t(DOCUMENT_KIND_TEXT[sale.documentKind])} · {formatDateTime(sale.createdAt, lang)} ·{" "}
        {t("shops.invoices.detail.soldBy", { name: sale.cashierName })}
        {sale.till && <> · {t("shops.invoices.detail.till", { till: sale.till })}</>}
        {priceLevelName !== null && (
          <>
            {" · "}
            <span data-testid="sale-price-level">
              {t("shops.invoices.detail.priceLevel", { level: priceLevelName })}
            </span>
          </>
        )}
        {sale.discountApprovedByName && (
          <>
            {" · "}
            <span data-testid="discount-approved-by">
              {t("shops.invoices.detail.discountApprovedBy", {
                name: sale.discountApprovedByName,
              })}
            </span>
          </>
        )}
      </p>
    </>
  );
}

/** The sold lines with what was returned of each, and the bill's totals. */
export function SaleLines({ sale, lines }: Pick<Detail, "sale" | "lines">) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="mb-4" aria-labelledby="lines-title">
      <h2 className="h5" id="lines-title">
        {t("shops.invoices.detail.lines")}
      </h2>
      <Table responsive size="sm" data-testid="sale-lines">
        <thead>
          <tr>
            <th scope="col">{t("shops.invoices.detail.col.item")}</th>
            <th scope="col" className="text-end">
              {t("shops.invoices.detail.col.qty")}
            </th>
            {/* At phone width the price and discount go under the item's name (below). */}
            <th scope="col" className="text-end d-none d-sm-table-cell">
              {t("shops.invoices.detail.col.unitPrice")}
            </th>
            <th scope="col" className="text-end d-none d-sm-table-cell">
              {t("shops.invoices.detail.col.discount")}
            </th>
            <th scope="col" className="text-end">
              {t("shops.invoices.detail.col.total")}
            </th>
            <th scope="col" className="text-end">
              {t("shops.invoices.detail.col.returned")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.itemName}
                {line.options.map((option) => (
                  <div className="small" key={option.choiceName} data-testid="sale-line-option">
                    + {option.choiceName}
                    {option.priceSatang > 0 && ` +${formatSatang(option.priceSatang)}`}
                  </div>
                ))}
                <div className="small text-secondary">{line.sku}</div>
                {line.typedPrice && (
                  <div className="small text-secondary" data-testid="sale-line-typed-price">
                    {line.typedPrice.open
                      ? t("shops.invoices.detail.openPrice")
                      : t("shops.invoices.detail.priceOverride", {
                          list: formatSatang(line.typedPrice.listSatang),
                        })}
                    {line.typedPrice.approverName &&
                      ` · ${t("shops.invoices.detail.priceApprovedBy", {
                        name: line.typedPrice.approverName,
                      })}`}
                  </div>
                )}
                <div className="small text-secondary d-sm-none" data-testid="sale-line-price">
                  {t("shops.invoices.detail.col.unitPrice")} {formatSatang(line.unitPriceSatang)}
                  {line.discountSatang > 0 &&
                    ` · ${t("shops.invoices.detail.col.discount")} ${formatSatang(line.discountSatang)}`}
                </div>
              </td>
              <td className="text-end">
                {formatQuantityMilli(line.qtyMilli, lang)} {line.unit}
              </td>
              <td className="text-end d-none d-sm-table-cell">
                {formatSatang(line.unitPriceSatang)}
              </td>
              <td className="text-end d-none d-sm-table-cell">
                {line.discountSatang > 0 ? formatSatang(line.discountSatang) : "–"}
              </td>
              <td className="text-end">{formatSatang(line.totalSatang)}</td>
              <td className="text-end">
                {line.returnedMilli > 0 ? formatQuantityMilli(line.returnedMilli, lang) : "–"}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <FootLabel>{t("shops.invoices.detail.gross")}</FootLabel>
            <td className="text-end">{formatSatang(sale.grossSatang)}</td>
            <td />
          </tr>
          {sale.lineDiscountSatang + sale.billDiscountSatang > 0 && (
            <tr>
              <FootLabel>{t("shops.invoices.detail.discount")}</FootLabel>
              <td className="text-end">
                {formatSatang(sale.lineDiscountSatang + sale.billDiscountSatang)}
              </td>
              <td />
            </tr>
          )}
          {sale.vatMode !== "none" && (
            <tr>
              <FootLabel>
                {t("shops.invoices.detail.vat")} {sale.vatRateBasisPoints / 100}%
              </FootLabel>
              <td className="text-end">{formatSatang(sale.vatSatang)}</td>
              <td />
            </tr>
          )}
          <tr>
            <FootLabel>{t("shops.invoices.detail.total")}</FootLabel>
            <td className="text-end fw-bold" data-testid="sale-total">
              {formatSatang(sale.totalSatang)}
            </td>
            <td />
          </tr>
        </tfoot>
      </Table>
    </section>
  );
}

export function SalePayments({ sale, payments }: Pick<Detail, "sale" | "payments">) {
  const t = useT();
  return (
    <section className="mb-4" aria-labelledby="payments-title">
      <h2 className="h5" id="payments-title">
        {t("shops.invoices.detail.payments")}
      </h2>
      <ul className="list-unstyled" data-testid="sale-payments">
        {payments.map((payment, index) => (
          <li key={index}>
            {t(PAYMENT_METHOD_TEXT[payment.method])}: {formatSatang(payment.amountSatang)}
            {payment.tenderedSatang !== payment.amountSatang && (
              <>
                {" "}
                (
                {t("shops.invoices.detail.tendered", {
                  amount: formatSatang(payment.tenderedSatang),
                })}
                )
              </>
            )}
            {payment.reference && (
              <> · {t("shops.invoices.detail.reference", { reference: payment.reference })}</>
            )}
            {payment.cardLast4 && (
              <> · {t("shops.invoices.detail.card", { last4: payment.cardLast4 })}</>
            )}
          </li>
        ))}
        {sale.changeSatang > 0 && (
          <li>
            {t("shops.invoices.detail.change")}: {formatSatang(sale.changeSatang)}
          </li>
        )}
      </ul>
    </section>
  );
}

/** Links to print each of the sale's documents, and the receipt by e-mail. */
export function PrintSection({
  shopId,
  detail: { sale, fullTaxInvoice, creditNotes },
}: {
  shopId: string;
  detail: Detail;
}) {
  const t = useT();
  const printHref = (query: string) => `/shophub/invoices/${sale.id}/print?${query}&shop=${shopId}`;
  return (
    <section className="mb-4" aria-labelledby="print-title">
      <h2 className="h5" id="print-title">
        {t("shops.invoices.detail.print")}
      </h2>
      <div className="d-flex flex-wrap gap-2" data-testid="print-links">
        <a className="btn btn-outline-secondary" href={printHref("paper=58")}>
          {t("shops.invoices.detail.print58")}
        </a>
        <a className="btn btn-outline-secondary" href={printHref("paper=80")}>
          {t("shops.invoices.detail.print80")}
        </a>
        <a className="btn btn-outline-secondary" href={printHref("paper=a4")}>
          {t("shops.invoices.detail.printA4")}
        </a>
        {fullTaxInvoice && (
          <a className="btn btn-outline-secondary" href={printHref("doc=full")}>
            {t("shops.invoices.detail.printFull")}
          </a>
        )}
        {creditNotes.map((note) => (
          <a
            key={note.id}
            className="btn btn-outline-secondary"
            href={printHref(`doc=credit-${note.id}`)}
          >
            {t("shops.invoices.detail.printCredit", { number: note.documentNumber })}
          </a>
        ))}
      </div>
      <ReceiptEmailForm saleId={sale.id} shopId={shopId} />
    </section>
  );
}

/** The full tax invoice and credit notes issued for the sale. */
export function IssuedDocuments({
  fullTaxInvoice,
  creditNotes,
}: Pick<Detail, "fullTaxInvoice" | "creditNotes">) {
  const t = useT();
  return (
    <>
      {fullTaxInvoice && (
        <p data-testid="full-invoice">
          {t("shops.invoices.full.issued", {
            number: fullTaxInvoice.documentNumber,
            name: fullTaxInvoice.buyerName,
          })}{" "}
          (
          {fullTaxInvoice.buyerBranchCode === "00000"
            ? t("shops.invoices.full.headOffice")
            : t("shops.invoices.full.branch", { code: fullTaxInvoice.buyerBranchCode })}
          )
        </p>
      )}

      {creditNotes.length > 0 && (
        <section className="mb-4" aria-labelledby="credit-title">
          <h2 className="h5" id="credit-title">
            {t("shops.invoices.detail.creditNotes")}
          </h2>
          <ul data-testid="credit-notes">
            {creditNotes.map((note) => (
              <li key={note.id}>
                {t("shops.invoices.detail.creditNoteLine", {
                  number: note.documentNumber,
                  amount: formatSatang(note.totalSatang),
                  reason: note.reason,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * A total's label in the lines table: over the item, quantity, price and discount columns,
 * or over the item and quantity alone at phone width, where price and discount are hidden.
 */
function FootLabel({ children }: { children: React.ReactNode }) {
  return (
    <>
      <th scope="row" colSpan={2} className="text-end d-sm-none">
        {children}
      </th>
      <th scope="row" colSpan={4} className="text-end d-none d-sm-table-cell">
        {children}
      </th>
    </>
  );
}
