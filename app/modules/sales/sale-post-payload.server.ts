import type { DISCOUNT_KINDS, SaleFlagReason, SaleReceiptKind, SaleSeller } from "./schema";
import type { PaymentMethod, VatMode } from "./bill";

/*
 * What completeSale hands to the SQL function sale_post (drizzle/functions/sale_post.sql) as
 * its jsonb argument: the sale priced and settled, in the names the function reads. Amounts
 * are satang, rates basis points, `ledgerQty` the ledger's exact decimal and `qtyMilli`
 * thousandths. tests/integration/sale-post-payload.test.ts reads the function's body from the
 * database and fails when it reads a key these types do not have, or these have one it never
 * reads.
 */

type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface SalePostLine {
  item: number;
  ledgerQty: string;
  qtyMilli: number;
  name: string;
  sku: string;
  unit: string;
  unitPrice: number;
  labelAmount: number | null;
  discountKind: DiscountKind | null;
  discountValue: number | null;
  gross: number;
  lineDiscount: number;
  billDiscount: number;
  net: number;
  vatExempt: boolean;
  vat: number;
  exVat: number;
  total: number;
}

export interface SalePostPayment {
  method: PaymentMethod;
  amount: number;
  tendered: number;
  reference: string;
  cardLast4: string | null;
  approvalCode: string | null;
}

/** A line sold at a price the cashier typed (decision 0093); sale_post_price_overrides records it. */
export interface SalePostPriceOverride {
  /** 1-based line number. */
  line: number;
  open: boolean;
  list: number;
  sold: number;
  approverId: string | null;
  approverName: string | null;
}

/** Something a registered till's sale brought that the shop had changed meanwhile. */
export interface SalePostFlag {
  /** 1-based line number, or null for the sale as a whole. */
  line: number | null;
  reason: Exclude<SaleFlagReason, "negativeStock">;
  detail: Record<string, number | string>;
}

/**
 * A choice a line was sold with (issue 37, decision 0092): sale_post_options keeps it as sold;
 * with `item`, sale_option_ledger_lines posts what it consumes (`qty`, the ledger's decimal,
 * for the whole line) under the line's number.
 */
export interface SalePostOption {
  /** 1-based line number. */
  line: number;
  position: number;
  choice: number;
  group: string;
  name: string;
  price: number;
  item: number | null;
  qty: string | null;
}

export interface SalePostPayload {
  clientSaleId: string;
  kind: SaleReceiptKind;
  prefix: string;
  till: string;
  /** The till's open shift; sale_post reads it again under a lock (one closed since is not named). */
  shiftId: number | null;
  shiftRequired: boolean;
  cashierId: string;
  cashierName: string;
  note: string;
  seller: SaleSeller;
  vatMode: VatMode;
  vatRate: number;
  gross: number;
  lineDiscount: number;
  billDiscountKind: DiscountKind | null;
  billDiscountValue: number | null;
  billDiscount: number;
  vatBase: number;
  vat: number;
  nonVat: number;
  total: number;
  tendered: number;
  change: number;
  lines: SalePostLine[];
  payments: SalePostPayment[];
  /** A registered till's sale (decision 0071): the till, its number, as printed. */
  tillId: string | null;
  tillYear: number | null;
  tillSeq: number | null;
  documentNumber: string | null;
  /** When it sold, by the server's clock (the till's corrected); null: now. */
  soldAt: string | null;
  /** When it sold by the till's own clock, as it said. */
  deviceSoldAt: string | null;
  /** Kept with the sale for the owner: prices and items changed since the till sold. */
  flags: SalePostFlag[];
  /** The customer's phone number (E.164); sale_post links the shop's customer of that number. */
  customerPhone: string | null;
  /** Points redeemed on the bill and the discount they gave (decision 0082); points_sale books them. */
  redeemPoints: number | null;
  redeemSatang: number | null;
  /** The price level the bill was priced at (decision 0089); sale_post_price_level stores it. */
  priceLevelId: number | null;
  /** Lines sold at a typed price (decision 0093), when there are any. */
  priceOverrides?: SalePostPriceOverride[];
  /** The lines' options (decision 0092); null when no line has any. */
  options: SalePostOption[] | null;
}

type KeysOf<T> = Record<keyof T, true>;

/** Every key of the payload, its lines and its payments, for the test that reads sale_post. */
export const SALE_POST_KEYS = {
  sale: {
    clientSaleId: true,
    kind: true,
    prefix: true,
    till: true,
    shiftId: true,
    shiftRequired: true,
    cashierId: true,
    cashierName: true,
    note: true,
    seller: true,
    vatMode: true,
    vatRate: true,
    gross: true,
    lineDiscount: true,
    billDiscountKind: true,
    billDiscountValue: true,
    billDiscount: true,
    vatBase: true,
    vat: true,
    nonVat: true,
    total: true,
    tendered: true,
    change: true,
    lines: true,
    payments: true,
    tillId: true,
    tillYear: true,
    tillSeq: true,
    documentNumber: true,
    soldAt: true,
    deviceSoldAt: true,
    flags: true,
    customerPhone: true,
    redeemPoints: true,
    redeemSatang: true,
    priceLevelId: true,
    priceOverrides: true,
    options: true,
  } satisfies KeysOf<SalePostPayload>,
  line: {
    item: true,
    ledgerQty: true,
    qtyMilli: true,
    name: true,
    sku: true,
    unit: true,
    unitPrice: true,
    labelAmount: true,
    discountKind: true,
    discountValue: true,
    gross: true,
    lineDiscount: true,
    billDiscount: true,
    net: true,
    vatExempt: true,
    vat: true,
    exVat: true,
    total: true,
  } satisfies KeysOf<SalePostLine>,
  payment: {
    method: true,
    amount: true,
    tendered: true,
    reference: true,
    cardLast4: true,
    approvalCode: true,
  } satisfies KeysOf<SalePostPayment>,
};
