import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Translate } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, satangToBahtInput } from "~/lib/money";
import {
  type Bill,
  type BillLine,
  type Discount,
  formatQuantityMilli,
  QTY_SCALE,
} from "~/modules/sales";
import {
  linePriceOf,
  unitPriceOf,
  readDiscount,
  thaiNumberText,
  type Cart,
  type CartLine,
} from "./cart";
import type { ItemIndex, TillItem } from "./till-data";
import { BILL_DISCOUNT } from "./till-state";

/** The text a discount field shows for a stored discount. */
function discountText(discount: Discount | null): string {
  if (!discount) return "";
  return discount.kind === "amount"
    ? satangToBahtInput(discount.satang, { dropZeroSatang: true })
    : String(discount.basisPoints / 100);
}

/**
 * An amount-or-percentage field: the total follows as soon as what is typed reads. Text that
 * is no discount, or a discount larger than what it is taken from, is said under the field
 * (`error`) and not charged.
 */
function DiscountField({
  id,
  label,
  placeholder,
  value,
  onChange,
  error,
  testId,
}: {
  id: string;
  label: string;
  /** A line's field: the label is for screen readers, the field shows this word instead. */
  placeholder?: string;
  value: Discount | null;
  onChange: (discount: Discount | null | "invalid") => void;
  error: string | null;
  testId: string;
}) {
  const t = useT();
  const [kind, setKind] = useState<"amount" | "percent">(value?.kind ?? "amount");
  const [text, setText] = useState(discountText(value));
  const apply = (nextKind: "amount" | "percent", nextText: string) =>
    onChange(readDiscount(nextKind, nextText));
  const invalid = error !== null;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={placeholder ? "visually-hidden" : "form-label small mb-1"}>
        {label}
      </label>
      <div className="input-group input-group-sm">
        <input
          id={id}
          className={`form-control${invalid ? " is-invalid" : ""}`}
          placeholder={placeholder}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            apply(kind, event.target.value);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          data-testid={testId}
        />
        <select
          className="form-select flex-grow-0 w-auto"
          aria-label={t("shops.sell.cart.discountKind")}
          value={kind}
          onChange={(event) => {
            const next = event.target.value === "percent" ? "percent" : "amount";
            setKind(next);
            apply(next, text);
          }}
          data-testid={`${testId}-kind`}
        >
          <option value="amount">{t("shops.sell.cart.discountAmount")}</option>
          <option value="percent">{t("shops.sell.cart.discountPercent")}</option>
        </select>
      </div>
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * A line's quantity: typed (3 decimals for weighed goods, whole units otherwise) or ±1. What
 * was typed stays in the field until the till takes it; `error` says why it did not.
 */
function QuantityField({
  line,
  item,
  onQuantity,
  error,
}: {
  line: CartLine;
  item: TillItem;
  /** Typed text, or a step of ±1: whether the till took it. */
  onQuantity: (qty: string | number) => boolean;
  error: string | null;
}) {
  const t = useT();
  const lang = useLang();
  const shown = formatQuantityMilli(line.qtyMilli, lang).replace(/,/g, "");
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text !== null && onQuantity(text)) setText(null);
  };
  const step = (qtyMilli: number) => {
    if (onQuantity(qtyMilli)) setText(null);
  };
  const id = `till-qty-${line.key}`;
  const message = error;
  if (line.scaleLabel) {
    return (
      <span className="small" data-testid="till-line-qty">
        {formatQuantityMilli(line.qtyMilli, lang)} {item.unit} · {t("shops.sell.cart.scaleLabel")}
      </span>
    );
  }
  return (
    <div>
      <div className="input-group input-group-sm">
        {!item.measured && (
          <button
            type="button"
            className="btn btn-outline-secondary till-btn"
            aria-label={t("shops.sell.cart.decrease", { name: item.name })}
            disabled={line.qtyMilli <= QTY_SCALE}
            onClick={() => step(line.qtyMilli - QTY_SCALE)}
          >
            −
          </button>
        )}
        <input
          id={id}
          className={`form-control text-center${message ? " is-invalid" : ""}`}
          style={{ maxWidth: "4.5rem" }}
          inputMode={item.measured ? "decimal" : "numeric"}
          autoComplete="off"
          aria-label={t("shops.sell.cart.qtyOf", { name: item.name })}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          value={text ?? shown}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit();
            }
          }}
          data-testid="till-line-qty"
        />
        {!item.measured && (
          <button
            type="button"
            className="btn btn-outline-secondary till-btn"
            aria-label={t("shops.sell.cart.increase", { name: item.name })}
            onClick={() => step(line.qtyMilli + QTY_SCALE)}
          >
            +
          </button>
        )}
        <span className="input-group-text">{item.unit}</span>
      </div>
      {message && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {message}
        </div>
      )}
    </div>
  );
}

export function TotalsTable({ bill, t, lang }: { bill: Bill; t: Translate; lang: "th" | "en" }) {
  const rate = String(bill.vatRateBasisPoints / 100);
  const row = (label: ReactNode, satang: number, testId?: string) => (
    <div className="d-flex justify-content-between">
      <span>{label}</span>
      <span data-testid={testId}>{formatBaht(satang, lang)}</span>
    </div>
  );
  return (
    <div className="small">
      {row(t("shops.sell.totals.gross"), bill.grossSatang)}
      {bill.lineDiscountSatang > 0 &&
        row(t("shops.sell.totals.lineDiscount"), -bill.lineDiscountSatang)}
      {bill.billDiscountSatang > 0 &&
        row(t("shops.sell.totals.billDiscount"), -bill.billDiscountSatang)}
      {bill.vatMode === "inclusive" &&
        row(t("shops.sell.totals.vatIncluded", { rate }), bill.vatSatang)}
      {bill.vatMode === "exclusive" &&
        row(t("shops.sell.totals.vatAdded", { rate }), bill.vatSatang)}
    </div>
  );
}

export function CartPanel({
  cart,
  index,
  bill,
  billLines,
  billError,
  short,
  unavailable,
  lineErrors,
  discountErrors,
  onQuantity,
  onRemove,
  onLineDiscount,
  onBillDiscount,
  onNote,
  onCustomer,
  onPrice,
  onPriceLevel,
  actions,
}: {
  cart: Cart;
  index: ItemIndex;
  bill: Bill | null;
  /** Each line's part of the bill, by line key. */
  billLines: Readonly<Record<string, BillLine>>;
  billError: string | null;
  short: readonly string[];
  unavailable: readonly string[];
  /** A message under a line (its quantity was refused). */
  lineErrors: Readonly<Record<string, string>>;
  /** A message under a discount field, by line key or BILL_DISCOUNT. */
  discountErrors: Readonly<Record<string, string>>;
  onQuantity: (line: CartLine, item: TillItem, qty: string | number) => boolean;
  onRemove: (line: CartLine) => void;
  onLineDiscount: (line: CartLine, discount: Discount | null | "invalid") => void;
  onBillDiscount: (discount: Discount | null | "invalid") => void;
  onNote: (note: string) => void;
  /** Opens the customer dialog (issue 37). */
  onCustomer: () => void;
  /** Opens the price dialog for a line (decision 0093). */
  onPrice: (line: CartLine) => void;
  /** Opens the price level chooser; absent when the shop has no price levels (decision 0089). */
  onPriceLevel?: () => void;
  actions: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  // Beside the grid the lines scroll within the bill (till.css): a line added shows at its end.
  const linesList = useRef<HTMLOListElement>(null);
  const lineCount = cart.lines.length;
  useEffect(() => {
    const list = linesList.current;
    if (list && list.scrollHeight > list.clientHeight) list.scrollTop = list.scrollHeight;
  }, [lineCount]);
  return (
    <section
      className="card till-cart"
      id="till-cart"
      aria-labelledby="till-cart-title"
      data-testid="till-cart"
    >
      <div className="card-body">
        <h2 id="till-cart-title" className="h5 d-flex justify-content-between">
          <span>{t("shops.sell.cart.title")}</span>
          <span className="text-body-secondary small">
            {t("shops.sell.cart.lines", { count: cart.lines.length })}
          </span>
        </h2>
        {cart.lines.length === 0 ? (
          <p className="text-body-secondary">{t("shops.sell.cart.empty")}</p>
        ) : (
          <ol ref={linesList} className="list-unstyled mb-2 till-cart-lines">
            {cart.lines.map((line) => {
              const item = index.byId.get(line.itemId);
              const billLine = billLines[line.key];
              if (!item) {
                return (
                  <li
                    key={`${cart.id}:${line.key}`}
                    className="border-bottom py-2"
                    data-testid="till-line"
                  >
                    <div className="text-danger small">{t("shops.sell.cart.unavailable")}</div>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger till-btn"
                      onClick={() => onRemove(line)}
                    >
                      {t("shops.sell.cart.remove", { name: "" })}
                    </button>
                  </li>
                );
              }
              const isShort = short.includes(line.key);
              const linePrice = linePriceOf(cart, index, item, line.qtyMilli);
              return (
                <li
                  key={`${cart.id}:${line.key}`}
                  className="border-bottom py-2"
                  data-testid="till-line"
                  data-sku={item.sku}
                >
                  {/* The line as priced (price × quantity) and its own discount under it, as the
                      slip prints them; the bill's discount is said once, in the totals (issue
                      32.4: spread into the lines, 2 × 7.00 showed 13.61). */}
                  <div className="d-flex justify-content-between gap-2">
                    <span className="fw-semibold">
                      {item.name}
                      {line.options && (
                        <span className="d-block small" data-testid="till-line-options">
                          {line.options.map((o) => o.choiceName).join(", ")}
                        </span>
                      )}
                    </span>
                    <span data-testid="till-line-total">
                      {billLine ? formatBaht(billLine.grossSatang, lang) : ""}
                    </span>
                  </div>
                  {billLine && billLine.lineDiscountSatang > 0 && (
                    <div
                      className="d-flex justify-content-between gap-2 small"
                      data-testid="till-line-discounted"
                    >
                      <span>{t("shops.sell.totals.lineDiscount")}</span>
                      <span>{formatBaht(-billLine.lineDiscountSatang, lang)}</span>
                    </div>
                  )}
                  <div className="small text-body-secondary mb-1">
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 align-baseline"
                      onClick={() => onPrice(line)}
                      data-testid="till-line-price"
                    >
                      {t("shops.sell.cart.unitPrice", {
                        price: formatBaht(unitPriceOf(cart, index, item, line), lang),
                        unit: item.unit,
                      })}
                    </button>
                    {linePrice.fallback && ` · ${t("shops.sell.level.retailFallback")}`}
                    {isShort && !unavailable.includes(line.key) && (
                      <span className="badge text-bg-warning ms-2" data-testid="till-line-short">
                        {t("shops.sell.cart.short")}
                      </span>
                    )}
                  </div>
                  <div className="d-flex flex-wrap gap-2 align-items-start">
                    <QuantityField
                      line={line}
                      item={item}
                      onQuantity={(qty) => onQuantity(line, item, qty)}
                      error={lineErrors[line.key] ?? null}
                    />
                    <div style={{ maxWidth: "12rem" }}>
                      <DiscountField
                        id={`till-discount-${line.key}`}
                        label={t("shops.sell.cart.lineDiscountOf", { name: item.name })}
                        placeholder={t("shops.sell.cart.discountPlaceholder")}
                        value={line.discount}
                        onChange={(discount) => onLineDiscount(line, discount)}
                        error={discountErrors[line.key] ?? null}
                        testId="till-line-discount"
                      />
                    </div>
                    <button
                      type="button"
                      className="btn btn-outline-danger till-btn ms-auto"
                      aria-label={t("shops.sell.cart.remove", { name: item.name })}
                      onClick={() => onRemove(line)}
                      data-testid="till-line-remove"
                    >
                      ×
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {cart.lines.length > 0 && (
          <div className="row g-2 mb-2">
            <div className="col-6">
              <DiscountField
                key={`bill-${cart.id}`}
                id="till-bill-discount"
                label={t("shops.sell.cart.billDiscount")}
                value={cart.billDiscount}
                onChange={onBillDiscount}
                error={discountErrors[BILL_DISCOUNT] ?? null}
                testId="till-bill-discount"
              />
            </div>
            <div className="col-6">
              <label htmlFor="till-note" className="form-label small mb-1">
                {t("shops.sell.cart.note")}
              </label>
              <input
                id="till-note"
                className="form-control form-control-sm"
                maxLength={500}
                value={cart.note}
                onChange={(event) => onNote(event.target.value)}
                data-testid="till-note"
              />
            </div>
          </div>
        )}
        <div className="d-flex justify-content-between align-items-center gap-2 mb-2">
          <span className="small text-truncate" data-testid="till-customer">
            {cart.customer
              ? cart.customer.name
                ? `${cart.customer.name} · ${thaiNumberText(cart.customer.phone)}`
                : t("shops.sell.customer.offline", {
                    phone: thaiNumberText(cart.customer.phone),
                  })
              : t("shops.sell.customer.none")}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary till-btn"
            onClick={onCustomer}
            data-testid="till-customer-button"
          >
            {t("shops.sell.customer.button")}
          </button>
          {onPriceLevel && (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary till-btn"
              onClick={onPriceLevel}
              data-testid="till-price-level"
            >
              {t("shops.sell.level.button", {
                name: cart.priceLevel?.name ?? t("shops.sell.level.retail"),
              })}
            </button>
          )}
        </div>
        {bill && <TotalsTable bill={bill} t={t} lang={lang} />}
        {billError && (
          <div className="alert alert-danger py-2 my-2" role="alert" data-testid="till-bill-error">
            {billError}
          </div>
        )}
        <div className="d-flex justify-content-between align-items-baseline my-2">
          <span className="h5 mb-0">{t("shops.sell.totals.total")}</span>
          <span className="till-total" data-testid="till-total">
            {formatBaht(bill?.totalSatang ?? 0, lang)}
          </span>
        </div>
        {actions}
      </div>
    </section>
  );
}
