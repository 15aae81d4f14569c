import { formatDate, formatDocumentDate } from "~/lib/dates";
import type { Lang, MessageKey, Translate } from "~/lib/i18n";
import { formatSatang } from "~/lib/money";
import { bahtText, formatQuantityMilli, type SaleDocument } from "~/modules/sales";
import type { PaperChoice } from "./links";

/*
 * What a printed document says, worked out once from the read model (SaleDocument) for every
 * way it is drawn: the 58/80 mm and A4 HTML pages, the server's PDF and the ESC/POS raster.
 * Each drawing only places these strings, so the legal contents (titles, tax ID, branch,
 * VAT lines, the amount in words) cannot differ between a printed page and its PDF.
 *
 * The figures add up with a pencil (decision 0063): a roll prints each line at price ×
 * quantity with its discount under it as a negative amount, so the amount column adds up to
 * the subtotal; an A4 row reads quantity × price − discount = amount, so the amount column
 * adds up to it too. Then the bill discount, and with prices before VAT the VAT on top, lead to
 * the total; with prices that include VAT, its split into value and VAT follows the total.
 */

// The papers live with the links: the till's printer setup names them without this file.
export { PAPER_KEYS, type PaperChoice } from "./links";

// Written out (not built from the kind) so every key the documents use can be found in the code.
const TITLE_KEYS = {
  receipt: "shops.sell.doc.title.receipt",
  abbreviatedTaxInvoice: "shops.sell.doc.title.abbreviatedTaxInvoice",
  fullTaxInvoice: "shops.sell.doc.title.fullTaxInvoice",
  creditNote: "shops.sell.doc.title.creditNote",
} as const satisfies Record<SaleDocument["kind"], MessageKey>;

const METHOD_KEYS = {
  cash: "shops.sell.payment.method.cash",
  promptpay: "shops.sell.payment.method.promptpay",
  transfer: "shops.sell.payment.method.transfer",
  card: "shops.sell.payment.method.card",
  account: "shops.sell.payment.method.account",
} as const satisfies Record<SaleDocument["payments"][number]["method"], MessageKey>;

export interface DocumentRow {
  label: string;
  value: string;
  strong?: boolean;
}

export interface DocumentLineView {
  no: number;
  name: string;
  qty: string;
  unit: string;
  unitPrice: string;
  /** Price × quantity (or the scale label's price): the roll's amount for the line. */
  amount: string;
  /** The line's discount ("2.00"), or null; the roll prints it under the line as −2.00. */
  discount: string | null;
  /** amount − discount: the A4 row's amount. */
  net: string;
  /** "2 ขวด × 35.25": the thermal receipts' second line. */
  qtyAtPrice: string;
  /** The line's options (decision 0092), printed under it: "หวานน้อย", "เพิ่มช็อต +15.00". */
  options: string[];
}

export interface DocumentView {
  title: string;
  /** "ต้นฉบับ" or "สำเนา". */
  copyMark: string;
  isCopy: boolean;
  voided: boolean;
  voidMark: string;
  voidReason: string | null;
  logoUrl: string | null;
  header: string[];
  seller: {
    name: string;
    address: string;
    phone: string | null;
    taxLine: string | null;
    branch: string | null;
    posNo: string | null;
  };
  buyer: { name: string; address: string; taxLine: string; branch: string } | null;
  number: string;
  date: string;
  cashier: string;
  till: string;
  references: string[];
  lines: DocumentLineView[];
  /** "ส่วนลด": the label of a line's discount on a roll. */
  lineDiscountLabel: string;
  /** From the lines to the total: subtotal, bill discount; with prices before VAT, the VAT. */
  totals: DocumentRow[];
  /** "ราคารวมภาษีมูลค่าเพิ่มแล้ว" on an inclusive-price VAT document. */
  vatNote: string | null;
  /** Under vatNote: the total split into the value of goods and their VAT (prices with VAT). */
  vatBreakdown: DocumentRow[];
  total: DocumentRow;
  words: string;
  payments: DocumentRow[];
  change: DocumentRow | null;
  note: string | null;
  /** The customer and their points (decision 0082), a line each; empty without a customer. */
  customer: string[];
  footer: string[];
  /**
   * A credit note's correction (section 86/10): the original invoice's value, what earlier
   * notes took off, the correct value, the difference and its VAT; empty on other documents.
   */
  correction: DocumentRow[];
  /** The heading of the correction's rows. */
  correctionTitle: string;
  /** The two signature lines (A4, and the roll of a credit note) and who issued it. */
  signatures: { label: string; name: string | null }[];
  /** Whether a roll prints the signature lines (a credit note: the refund is signed for). */
  signOnRoll: boolean;
  /**
   * The e-receipt QR under the footer (decision 0094): its caption, its size in modules and its
   * dark modules as one SVG path ("M x y h w v1 h -w z" a run); null when the slip has none.
   */
  receiptQr: { caption: string; size: number; path: string } | null;
}

/** "สำนักงานใหญ่" for 00000, otherwise "สาขาที่ 00001". */
export function branchText(code: string, t: Translate): string {
  return code === "00000" ? t("shops.sell.doc.headOffice") : t("shops.sell.doc.branch", { code });
}

function ratePercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

function textLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function documentView(doc: SaleDocument, t: Translate, lang: Lang): DocumentView {
  const vatShop = doc.vatMode !== "none";
  const seller = doc.seller;
  const credit = doc.kind === "creditNote";
  const references: string[] = [];
  if (doc.replacesDocumentNumber) {
    references.push(
      doc.writtenAt
        ? t("shops.sell.doc.replacesWritten", {
            number: doc.replacesDocumentNumber,
            // The slip's date, which this invoice bears too (decision 0068), printed beside its
            // number so the slip it replaces is named in full.
            slipDate: formatDate(doc.issuedAt, lang),
            date: formatDate(doc.writtenAt, lang),
          })
        : t("shops.sell.doc.replaces", {
            number: doc.replacesDocumentNumber,
            slipDate: formatDate(doc.issuedAt, lang),
          }),
    );
  }
  if (doc.correction) {
    references.push(
      t("shops.sell.doc.reduces", {
        number: doc.correction.originalNumber,
        date: formatDate(doc.correction.originalIssuedAt, lang),
      }),
    );
  } else if (doc.refersToDocumentNumber) {
    references.push(t("shops.sell.doc.refersTo", { number: doc.refersToDocumentNumber }));
  }
  if (doc.reason) references.push(t("shops.sell.doc.reason", { reason: doc.reason }));

  const { totals, vatNote, vatBreakdown } = totalsOf(doc, t);

  const payments: DocumentRow[] = doc.payments.map((payment) => {
    const method = t(METHOD_KEYS[payment.method]);
    const details = [
      payment.cardLast4 ? t("shops.sell.doc.card", { last4: payment.cardLast4 }) : null,
      payment.reference ? t("shops.sell.doc.reference", { reference: payment.reference }) : null,
    ].filter((each): each is string => each !== null);
    const label = credit ? t("shops.sell.doc.refund", { method }) : method;
    return {
      label: details.length ? `${label} (${details.join(", ")})` : label,
      // Cash shows what was handed over; the change is its own line.
      value: formatSatang(
        payment.method === "cash" ? payment.tenderedSatang : payment.amountSatang,
      ),
    };
  });

  return {
    title: t(TITLE_KEYS[doc.kind]),
    copyMark: doc.isCopy ? t("shops.sell.doc.copy") : t("shops.sell.doc.original"),
    isCopy: doc.isCopy,
    voided: doc.status === "void",
    voidMark: t("shops.sell.doc.void"),
    voidReason:
      doc.status === "void" && doc.voidReason
        ? t("shops.sell.doc.voidReason", { reason: doc.voidReason })
        : null,
    logoUrl: seller.logoUrl,
    header: textLines(seller.receiptHeader),
    seller: {
      name: seller.name,
      address: seller.address,
      phone: seller.phone ? t("shops.sell.doc.phone", { phone: seller.phone }) : null,
      taxLine: seller.taxId ? t("shops.sell.doc.taxId", { taxId: seller.taxId }) : null,
      branch: vatShop && seller.taxId ? branchText(seller.branchCode, t) : null,
      posNo: seller.posRegistrationNo
        ? t("shops.sell.doc.posNo", { number: seller.posRegistrationNo })
        : null,
    },
    buyer: doc.buyer
      ? {
          name: doc.buyer.name,
          address: doc.buyer.address,
          taxLine: t("shops.sell.doc.taxId", { taxId: doc.buyer.taxId }),
          branch: branchText(doc.buyer.branchCode, t),
        }
      : null,
    number: doc.documentNumber,
    date: formatDocumentDate(doc.issuedAt, lang),
    cashier: doc.cashierName,
    till: doc.till,
    references,
    lines: doc.lines.map((line, index) => {
      const qty = formatQuantityMilli(line.qtyMilli, lang);
      const unitPrice = formatSatang(line.unitPriceSatang);
      return {
        no: index + 1,
        name: line.name,
        qty,
        unit: line.unit,
        unitPrice,
        amount: formatSatang(line.amountSatang),
        discount: line.discountSatang > 0 ? formatSatang(line.discountSatang) : null,
        net: formatSatang(line.totalSatang),
        qtyAtPrice: t("shops.sell.doc.qtyAtPrice", { qty, unit: line.unit, price: unitPrice }),
        options: (line.options ?? []).map((o) =>
          o.priceSatang > 0 ? `${o.choiceName} +${formatSatang(o.priceSatang)}` : o.choiceName,
        ),
      };
    }),
    lineDiscountLabel: t("shops.sell.doc.discount"),
    correction: correctionRows(doc, t),
    correctionTitle: t("shops.sell.doc.correction.title"),
    totals,
    vatNote,
    vatBreakdown,
    total: {
      label: credit ? t("shops.sell.doc.creditTotal") : t("shops.sell.doc.total"),
      value: formatSatang(doc.totalSatang),
      strong: true,
    },
    words: `(${bahtText(doc.totalSatang)})`,
    payments,
    change:
      !credit && doc.payments.some((payment) => payment.method === "cash")
        ? { label: t("shops.sell.doc.change"), value: formatSatang(doc.changeSatang) }
        : null,
    note: doc.note ? t("shops.sell.doc.note", { note: doc.note }) : null,
    customer: customerLines(t, doc.customer),
    footer: textLines(seller.receiptFooter),
    signatures: credit
      ? [
          { label: t("shops.sell.doc.creditIssuedBy"), name: doc.issuedByName },
          { label: t("shops.sell.doc.refundReceivedBy"), name: null },
        ]
      : [
          { label: t("shops.sell.doc.receivedBy"), name: null },
          { label: t("shops.sell.doc.authorized"), name: null },
        ],
    signOnRoll: credit,
    receiptQr: doc.receiptLink
      ? {
          caption: t("shops.sell.doc.scanForReceipt"),
          size: doc.receiptLink.qrSize,
          path: doc.receiptLink.qrPath,
        }
      : null,
  };
}

/** The runs of dark modules of a QR path ([x, y, width] each), for a painter without SVG. */
export function qrRuns(path: string): [number, number, number][] {
  return [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map((run) => [
    Number(run[1]),
    Number(run[2]),
    Number(run[3]),
  ]);
}

/** The correction a credit note makes, as rows that add up: original − earlier − difference. */
function correctionRows(doc: SaleDocument, t: Translate): DocumentRow[] {
  const c = doc.correction;
  if (!c) return [];
  const money = (label: string, satang: number, strong = false) => ({
    label,
    value: formatSatang(satang),
    strong,
  });
  return [
    money(t("shops.sell.doc.correction.original"), c.originalValueSatang),
    ...(c.earlierCreditsSatang > 0
      ? [
          {
            label: t("shops.sell.doc.correction.earlier"),
            value: `-${formatSatang(c.earlierCreditsSatang)}`,
          },
        ]
      : []),
    money(t("shops.sell.doc.correction.correct"), c.correctValueSatang),
    money(t("shops.sell.doc.correction.difference"), c.differenceSatang, true),
    money(t("shops.sell.doc.correction.vat"), c.differenceVatSatang, true),
  ];
}

/**
 * The rows from the lines to the total, and the split of an inclusive-price total into value
 * and VAT. Each figure is printed once, so a customer adds and subtracts them as they stand.
 */
function totalsOf(
  doc: SaleDocument,
  t: Translate,
): { totals: DocumentRow[]; vatNote: string | null; vatBreakdown: DocumentRow[] } {
  const vatShop = doc.vatMode !== "none";
  const exclusive = doc.vatMode === "exclusive";
  const money = (label: string, satang: number) => ({ label, value: formatSatang(satang) });
  const vatRow = money(
    t("shops.sell.doc.vat", { rate: ratePercent(doc.vatRateBasisPoints) }),
    doc.vatSatang,
  );
  const baseRow = money(t("shops.sell.doc.vatBase"), doc.vatBaseSatang);
  const exemptRows =
    doc.nonVatSatang > 0 ? [money(t("shops.sell.doc.nonVat"), doc.nonVatSatang)] : [];
  const totals: DocumentRow[] = [];
  // The subtotal is printed when something stands between it and the total.
  if (doc.billDiscountSatang > 0 || exclusive) {
    totals.push(money(t("shops.sell.doc.gross"), doc.subtotalSatang));
  }
  if (doc.billDiscountSatang > 0) {
    totals.push({
      label: t("shops.sell.doc.billDiscount"),
      value: `-${formatSatang(doc.billDiscountSatang)}`,
    });
  }
  if (exclusive) {
    // The value the VAT is added to, when it is not the subtotal itself.
    if (doc.billDiscountSatang > 0 || doc.nonVatSatang > 0) totals.push(baseRow, ...exemptRows);
    totals.push(vatRow);
    return { totals, vatNote: null, vatBreakdown: [] };
  }
  if (!vatShop) return { totals, vatNote: null, vatBreakdown: [] };
  // A full tax invoice and a credit note show the VAT apart whatever the prices were; an
  // abbreviated invoice of VAT-inclusive prices may say only that VAT is included, unless part
  // of it is exempt goods.
  const showVat = doc.kind === "fullTaxInvoice" || doc.kind === "creditNote";
  const vatBreakdown = showVat || doc.nonVatSatang > 0 ? [baseRow, vatRow, ...exemptRows] : [];
  return { totals, vatNote: t("shops.sell.doc.vatIncluded"), vatBreakdown };
}

/** The A4 layout's column and box labels in the page's language. */
export function a4Labels(t: Translate) {
  return {
    seller: t("shops.sell.doc.seller"),
    buyer: t("shops.sell.doc.buyer"),
    number: t("shops.sell.doc.number"),
    date: t("shops.sell.doc.date"),
    no: t("shops.sell.doc.col.no"),
    item: t("shops.sell.doc.col.item"),
    qty: t("shops.sell.doc.col.qty"),
    unitPrice: t("shops.sell.doc.col.unitPrice"),
    discount: t("shops.sell.doc.col.discount"),
    amount: t("shops.sell.doc.col.amount"),
    cashier: t("shops.sell.doc.cashier"),
  };
}

/**
 * The @page rule of a paper. A thermal roll has no page length, and CSS has no "as long as the
 * content" page size (`size: 58mm auto` is invalid and falls back to Letter), so the page is
 * given the receipt's measured height; until it is measured, an A4-long strip.
 */
export function pageRule(paper: PaperChoice, contentHeightMm: number | null = null): string {
  if (paper === "a4") return "@page { size: A4; margin: 12mm; }";
  const height = contentHeightMm === null ? 297 : Math.ceil(contentHeightMm) + 2;
  return `@page { size: ${paper}mm ${height}mm; margin: 0; }`;
}

/** The slip's customer lines: who, points redeemed and earned, the balance after. */
function customerLines(t: Translate, customer: SaleDocument["customer"]): string[] {
  if (!customer) return [];
  const lines = [t("shops.sell.doc.customer", { name: customer.name })];
  if (customer.pointsRedeemed > 0)
    lines.push(t("shops.sell.doc.pointsRedeemed", { points: String(customer.pointsRedeemed) }));
  if (customer.pointsBalance !== null) {
    lines.push(
      t("shops.sell.doc.pointsEarned", {
        points: String(customer.pointsEarned),
        balance: String(customer.pointsBalance),
      }),
    );
  }
  return lines;
}
