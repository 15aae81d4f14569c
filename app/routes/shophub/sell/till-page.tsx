import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { Link, type SubmitTarget, useFetcher } from "react-router";
import { ScannerField } from "~/features/stock-entry/scanner-field";
import { useScannerInput } from "~/features/stock-entry/use-scanner-input";
import { formatDateTime } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, satangToBahtInput } from "~/lib/money";
import { type CompletedSale, formatQuantityMilli, parseQuantity, QTY_SCALE } from "~/modules/sales";
import { SCALE_LABEL_ERROR_TEXT, saleErrorText } from "~/routes/shophub/sell-text";
import { useHydrated } from "~/ui/use-hydrated";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import {
  addItem,
  billOf,
  type Cart,
  type CartChange,
  emptyCart,
  removeLine,
  saleRequestOf,
  scanCode,
  setBillDiscount,
  setLineDiscount,
  setNote,
  setQuantity,
  shortLines,
  unavailableLines,
} from "./cart";
import { CartPanel } from "./cart-panel";
import { CategoryChips, ItemGrid } from "./item-grid";
import {
  cartStorageKey,
  parkBill,
  parkedStorageKey,
  readCart,
  readParked,
  recallBill,
  TILL_NAME_KEY,
  type ParkedBill,
} from "./parked";
import { lazyPart } from "./lazy-part";
import { paymentsOf, startPay, type PayState } from "./pay-state";
import type { TillActionData, TillLoaderData } from "./route";
import { categoriesOf, indexItems, searchTillItems, unpackItems, type TillItem } from "./till-data";
import { TillDialog } from "./till-dialog";
import { ShiftPanel } from "./shift-panel";
import { type Approval, ApprovalDialog, ApprovalNote, approvalNeed } from "./discount-approval";
import { useReceiptPrinting } from "./use-receipt-printing";
import "./till.css";

type Notice = { kind: "error" | "info"; text: string } | null;

// Parts that only a later action needs load in their own chunks (the till's script budget).
const { Part: PayPanel, preload: preloadPayPanel } = lazyPart(() =>
  import("./pay-dialog").then((module) => module.PayPanel),
);
const { Part: PrinterSetup } = lazyPart(() =>
  import("~/features/sales-documents/escpos/printer-setup").then((module) => module.PrinterSetup),
);
const { Part: CameraScanner } = lazyPart(() =>
  import("./camera-scanner").then((module) => module.CameraScanner),
);

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full storage: the till still sells, it only forgets on reload.
  }
}

/** What this till keeps in localStorage: its name, open bill and parked bills. */
function storedTill(shopId: string, defaultName: string) {
  const tillName = readStorage(TILL_NAME_KEY)?.trim() || defaultName;
  return {
    tillName,
    cart: readCart(readStorage(cartStorageKey(shopId, tillName))) ?? emptyCart(crypto.randomUUID()),
    parked: readParked(readStorage(parkedStorageKey(shopId, tillName))),
  };
}

/**
 * The till. The server renders it with an empty bill; in the browser it takes up the till's
 * name, open bill and parked bills from localStorage: at once when it opens after a
 * navigation, and in the render that follows hydration (so the first browser render matches the
 * server's HTML, and the page's elements stay those the browser already painted).
 */
export function TillPage({ data }: { data: TillLoaderData }) {
  const browser = useHydrated();
  return <TillSession key={data.shop.id} data={data} browser={browser} />;
}

function TillSession({ data, browser }: { data: TillLoaderData; browser: boolean }) {
  const t = useT();
  const lang = useLang();
  const shopId = data.shop.id;
  const items = useMemo(() => unpackItems(data.items), [data.items]);
  const index = useMemo(() => indexItems(items), [items]);
  const categories = useMemo(() => categoriesOf(data.items), [data.items]);
  const rule = useMemo(
    () => ({ allowNegative: data.allowNegativeStock }),
    [data.allowNegativeStock],
  );

  const defaultTillName = t("shops.sell.till.defaultName");
  const [initial] = useState(() => (browser ? storedTill(shopId, defaultTillName) : null));
  // Ready once the stored till is in the state: until then nothing is written back.
  const [ready, setReady] = useState(browser);
  const [tillName, setTillName] = useState(initial?.tillName ?? "");
  const [cart, setCart] = useState<Cart>(initial?.cart ?? emptyCart(""));
  const [parked, setParked] = useState<ParkedBill[]>(initial?.parked ?? []);
  if (browser && !ready) {
    // The render right after hydration: React renders again at once with the stored till,
    // before anything is painted or written back.
    const stored = storedTill(shopId, defaultTillName);
    setTillName(stored.tillName);
    setCart(stored.cart);
    setParked(stored.parked);
    setReady(true);
  }
  useEffect(() => {
    if (!ready) return;
    writeStorage(
      cartStorageKey(shopId, tillName),
      cart.lines.length > 0 ? JSON.stringify(cart) : null,
    );
  }, [ready, cart, shopId, tillName]);
  useEffect(() => {
    if (!ready) return;
    writeStorage(
      parkedStorageKey(shopId, tillName),
      parked.length > 0 ? JSON.stringify(parked) : null,
    );
  }, [ready, parked, shopId, tillName]);

  // The payment panel is on its way as soon as the bill has something to pay for.
  const hasLines = cart.lines.length > 0;
  useEffect(() => {
    if (hasLines) preloadPayPanel();
  }, [hasLines]);

  useLiveRevalidate(
    data.live ? `/storehub/live?shopId=${encodeURIComponent(shopId)}` : null,
    "stock",
  );

  const [notice, setNotice] = useState<Notice>(null);
  const [scanMiss, setScanMiss] = useState(0);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<string | null>(null);
  const [askItem, setAskItem] = useState<TillItem | null>(null);
  const [askText, setAskText] = useState("");
  const [askError, setAskError] = useState<string | null>(null);
  const [pay, setPay] = useState<PayState | null>(null);
  const [parkOpen, setParkOpen] = useState(false);
  const [parkLabel, setParkLabel] = useState("");
  const [parkedOpen, setParkedOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [printerOpen, setPrinterOpen] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [done, setDone] = useState<CompletedSale | null>(null);
  const [lastSaleId, setLastSaleId] = useState<number | null>(null);
  const printing = useReceiptPrinting(shopId, data.paperWidth);
  const searchRef = useRef<HTMLInputElement>(null);

  // What the shop has of the item in all (the cart may already hold some of it).
  const stockText = (item: TillItem) =>
    t("shops.sell.stock.notEnough", {
      name: item.name,
      qty: formatQuantityMilli(Math.max(0, item.onHandMilli), lang),
      unit: item.unit,
    });

  /** Applies a change, or says why it was refused; true when applied. */
  const apply = (change: CartChange, lineKey?: string): boolean => {
    if (change.kind === "ok") {
      setCart(change.cart);
      if (lineKey) setLineErrors(({ [lineKey]: _gone, ...rest }) => rest);
      return true;
    }
    const text = stockText(change.item);
    if (lineKey) setLineErrors((errors) => ({ ...errors, [lineKey]: text }));
    else setNotice({ kind: "error", text });
    return false;
  };

  const scanner = useScannerInput({ keepFocus: true, onScan: (code) => handleScan(code) });
  function handleScan(code: string) {
    {
      setDone(null);
      const result = scanCode(cart, code, index, data.scaleLabelLayout, rule);
      switch (result.kind) {
        case "ok":
          setCart(result.cart);
          setNotice({ kind: "info", text: t("shops.sell.scan.added", { name: result.item.name }) });
          return;
        case "askQuantity":
          openAsk(result.item);
          return;
        case "notEnoughStock":
          setNotice({ kind: "error", text: stockText(result.item) });
          return;
        case "unknown":
        case "scaleLabel":
          // The scan is never lost: the code stays in the field (selected, so the next scan
          // replaces it) with the message beside it.
          scanner.setValue(code);
          setScanMiss((n) => n + 1);
          setNotice({
            kind: "error",
            text:
              result.kind === "unknown"
                ? t("shops.sell.scan.unknown", { code })
                : t(SCALE_LABEL_ERROR_TEXT[result.error]),
          });
      }
    }
  }
  const scanInput = scanner.inputProps.ref;
  // The barcode field is ready for the first scan as soon as the till runs, and again when a
  // dialog closes (the browser would give focus back to the button that opened it).
  const anyDialog = askItem !== null || pay !== null || parkOpen || parkedOpen || cameraOpen;
  useEffect(() => {
    if (browser && !anyDialog) scanInput.current?.focus();
  }, [browser, anyDialog, scanInput]);
  useEffect(() => {
    if (scanMiss > 0) scanInput.current?.select();
  }, [scanMiss, scanInput]);

  const openAsk = (item: TillItem) => {
    setAskItem(item);
    setAskText("");
    setAskError(null);
  };

  /** A tile tapped or clicked hands focus back to the scanner; one chosen by keyboard keeps it. */
  const pick = (item: TillItem, byPointer: boolean) => {
    setDone(null);
    if (item.measured) {
      openAsk(item);
      return;
    }
    if (byPointer) scanInput.current?.focus();
    if (apply(addItem(cart, item, QTY_SCALE, rule))) {
      setNotice({ kind: "info", text: t("shops.sell.scan.added", { name: item.name }) });
    }
  };

  const confirmAsk = () => {
    if (!askItem) return;
    const qty = parseQuantity(askText);
    if (qty === null) {
      setAskError(t("shops.sell.bill.error.badQuantity"));
      return;
    }
    const change = addItem(cart, askItem, qty, rule);
    if (change.kind !== "ok") {
      setAskError(stockText(change.item));
      return;
    }
    setCart(change.cart);
    setNotice({ kind: "info", text: t("shops.sell.scan.added", { name: askItem.name }) });
    setAskItem(null);
  };

  const billResult = billOf(cart, index, data.vat);
  const bill = billResult.ok ? billResult.bill : null;
  const short = shortLines(cart, index);
  const unavailable = unavailableLines(cart, index);
  const blocking = unavailable.length > 0 || (!data.allowNegativeStock && short.length > 0);
  const canPay = ready && bill !== null && cart.lines.length > 0 && !blocking && !done;
  // A cashier's discount past the shop's limits waits for an owner's or a manager's PIN.
  const [approval, setApproval] = useState<Approval | null>(null);
  const [approvalOpen, setApprovalOpen] = useState(false);
  const need = approvalNeed(data.discountLimit, bill, cart.id, approval);

  // Completing the sale -------------------------------------------------------------------
  const fetcher = useFetcher<TillActionData>({ key: "till-sale" });
  const busy = fetcher.state !== "idle";
  const [saleError, setSaleError] = useState<{ text: string; retry: boolean } | null>(null);
  const lineName = useCallback(
    (line: number) => {
      const item = index.byId.get(cart.lines[line]?.itemId ?? -1);
      return item?.name ?? t("shops.sell.error.line", { line: line + 1 });
    },
    [cart.lines, index, t],
  );
  // The answer is taken once, while rendering (React's pattern for state that follows data).
  const [handled, setHandled] = useState<TillActionData | null>(null);
  const answer = fetcher.state === "idle" ? (fetcher.data ?? null) : null;
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.ok) {
      setDone(answer.sale);
      setLastSaleId(answer.sale.id);
      setPay(null);
      setSaleError(null);
      setNotice(null);
      setLineErrors({});
      setCart(emptyCart(crypto.randomUUID()));
    } else {
      setSaleError({
        text: saleErrorText(t, lang, answer.error, lineName),
        retry: answer.error.code === "network" || answer.error.code === "server",
      });
    }
  }

  const complete = () => {
    if (!pay || !bill || busy) return;
    setSaleError(null);
    const request = saleRequestOf(cart, tillName, paymentsOf(pay), bill.totalSatang);
    // JSON, with `shopId` naming the shop the page was opened for (the gate checks it).
    void fetcher.submit({ ...request, shopId } as unknown as SubmitTarget, {
      method: "post",
      encType: "application/json",
    });
  };

  const openPay = (cashExact: boolean) => {
    if (!canPay || !bill) return;
    if (need.kind === "needed") {
      setApprovalOpen(true);
      return;
    }
    setSaleError(null);
    setPay(startPay(cashExact ? bill.totalSatang : null));
  };

  // Parking -------------------------------------------------------------------------------
  const defaultParkLabel = () =>
    t("shops.sell.park.defaultLabel", {
      time: new Date().toLocaleTimeString(lang === "th" ? "th-TH" : "en-GB", {
        hour: "2-digit",
        minute: "2-digit",
      }),
    });
  const park = () => {
    if (cart.lines.length === 0) return;
    const label = parkLabel.trim() || defaultParkLabel();
    setParked(parkBill(parked, cart, label, new Date()));
    setCart(emptyCart(crypto.randomUUID()));
    setLineErrors({});
    setParkOpen(false);
    setNotice({ kind: "info", text: t("shops.sell.park.done", { label }) });
  };
  const recall = (bill: ParkedBill) => {
    const recalled = recallBill(parked, bill.id);
    if (!recalled) return;
    let rest = recalled.parked;
    let text = t("shops.sell.parked.recalled", { label: bill.label });
    // The open bill is parked in its place, never dropped.
    if (cart.lines.length > 0) {
      const label = defaultParkLabel();
      rest = parkBill(rest, cart, label, new Date());
      text = `${text} · ${t("shops.sell.parked.currentParked", { label })}`;
    }
    setParked(rest);
    setCart(recalled.cart);
    setLineErrors({});
    setDone(null);
    setParkedOpen(false);
    setNotice({ kind: "info", text });
  };

  const clear = () => {
    if (cart.lines.length === 0 || !window.confirm(t("shops.sell.cart.clearConfirm"))) return;
    setCart(emptyCart(crypto.randomUUID()));
    setLineErrors({});
  };

  const renameTill = (name: string) => {
    const trimmed = name.trim();
    if (!trimmed) return;
    writeStorage(TILL_NAME_KEY, trimmed);
    // The open bill and the parked ones move with the till's new name.
    writeStorage(cartStorageKey(shopId, tillName), null);
    writeStorage(parkedStorageKey(shopId, tillName), null);
    setTillName(trimmed);
    setRenaming(null);
  };

  // Keyboard --------------------------------------------------------------------------------
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    switch (event.key) {
      case "F2":
        event.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
        return;
      case "F4":
        event.preventDefault();
        if (!pay) openPay(false);
        return;
      case "F8":
        event.preventDefault();
        if (pay && bill) {
          const remaining = bill.totalSatang - pay.recorded.reduce((s, p) => s + p.amountSatang, 0);
          setPay({ ...pay, method: "cash", cashText: satangToBahtInput(remaining) });
        } else openPay(true);
        return;
      case "F9":
        event.preventDefault();
        if (lastSaleId !== null && !printing.printSilentlyIfPossible(lastSaleId)) {
          window.open(printing.dialogHref(lastSaleId), "_blank", "noopener");
        }
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  const visible = useMemo(
    () => searchTillItems(items, search, category),
    [items, search, category],
  );
  const billError = billResult.ok
    ? null
    : saleErrorText(t, lang, { code: "bill", error: billResult.error }, lineName);

  const actions = (
    <div className="d-grid gap-2">
      <ApprovalNote need={need} limit={data.discountLimit} />
      <button
        type="button"
        className="btn btn-success btn-lg till-btn"
        disabled={!canPay}
        onClick={() => openPay(false)}
        data-testid="till-pay-open"
      >
        {t("shops.sell.pay.button")} <kbd>F4</kbd>
      </button>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary till-btn flex-fill"
          disabled={cart.lines.length === 0}
          onClick={() => {
            setParkLabel("");
            setParkOpen(true);
          }}
          data-testid="till-park"
        >
          {t("shops.sell.park.button")}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary till-btn flex-fill"
          onClick={() => setParkedOpen(true)}
          data-testid="till-parked"
        >
          {t("shops.sell.parked.button", { count: parked.length })}
        </button>
        <button
          type="button"
          className="btn btn-outline-danger till-btn flex-fill"
          disabled={cart.lines.length === 0}
          onClick={clear}
        >
          {t("shops.sell.cart.clear")}
        </button>
      </div>
    </div>
  );

  return (
    <div data-testid="till" data-ready={ready ? "yes" : "no"}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 me-auto">
          {t("shops.sell.till.heading", { shop: data.shop.name })}
        </h1>
        <Link
          to={`/shophub/invoices?shop=${data.shop.id}`}
          className="btn btn-sm btn-outline-primary till-btn"
          data-testid="till-invoices"
        >
          {t("shops.sell.till.invoices")}
        </Link>
        {data.discountLimit === null && (
          <Link
            to={`/shophub/approval-pin?shop=${data.shop.id}`}
            className="btn btn-sm btn-outline-secondary till-btn"
          >
            {t("shops.sell.approval.pinLink")}
          </Link>
        )}
        <ShiftPanel
          shopId={data.shop.id}
          tillName={tillName}
          shifts={data.shifts}
          booksExpenses={data.booksExpenses}
        />
        {renaming === null ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary till-btn till-name-button"
            onClick={() => setRenaming(tillName)}
            data-testid="till-name"
          >
            {tillName || "…"}
            <span className="visually-hidden"> ({t("shops.sell.till.rename")})</span>
          </button>
        ) : (
          <form
            className="d-flex gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              renameTill(renaming);
            }}
          >
            <label htmlFor="till-name-input" className="visually-hidden">
              {t("shops.sell.till.name")}
            </label>
            <input
              id="till-name-input"
              className="form-control form-control-sm"
              maxLength={60}
              value={renaming}
              onChange={(event) => setRenaming(event.target.value)}
              autoFocus
            />
            <button type="submit" className="btn btn-sm btn-primary">
              {t("shops.sell.till.renameSave")}
            </button>
          </form>
        )}
        <span className="small text-body-secondary">
          {t("shops.sell.till.cashier", { name: data.cashierName })}
        </span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary till-btn"
          popoverTarget="till-keys"
          data-testid="till-keys-button"
        >
          {t("shops.sell.keys.button")}
        </button>
        <div id="till-keys" popover="auto" className="till-keys" data-testid="till-keys">
          <ShortcutList />
        </div>
      </div>

      <div className="row g-3">
        <div className="col-12 col-lg-7">
          <div
            className={`mb-2${scanMiss > 0 && notice?.kind === "error" ? " till-scan-miss" : ""}`}
            key={scanMiss}
          >
            <ScannerField
              id="till-scan"
              name="code"
              label={t("shops.sell.scan.label")}
              hint={t("shops.sell.scan.hint")}
              error={notice?.kind === "error" ? notice.text : undefined}
              scanner={scanner}
              testId="till-scan"
            />
          </div>
          <p className="small mb-2" role="status" aria-live="polite" data-testid="till-notice">
            {notice?.kind === "info" ? notice.text : ""}
          </p>
          <div className="d-flex gap-2 mb-2">
            <div className="flex-grow-1">
              <label htmlFor="till-search" className="visually-hidden">
                {t("shops.sell.search.label")}
              </label>
              <input
                ref={searchRef}
                id="till-search"
                type="search"
                className="form-control"
                placeholder={`${t("shops.sell.search.placeholder")} (F2)`}
                autoComplete="off"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                data-testid="till-search"
              />
            </div>
            <button
              type="button"
              className="btn btn-outline-primary till-btn"
              onClick={() => setCameraOpen(true)}
              data-testid="till-camera-open"
            >
              {t("shops.sell.camera.open")}
            </button>
          </div>
          <CategoryChips categories={categories} chosen={category} onChoose={setCategory} />
          <ItemGrid items={visible} total={items.length} onPick={pick} />
        </div>
        <div className="col-12 col-lg-5">
          {done && (
            <DonePanel
              sale={done}
              printHref={printing.dialogHref(done.id)}
              onPrint={(event) => {
                if (printing.printSilentlyIfPossible(done.id)) event.preventDefault();
              }}
              printFailed={printing.failedSaleId === done.id}
              onNext={() => {
                setDone(null);
                scanner.focus();
              }}
            />
          )}
          <CartPanel
            cart={cart}
            index={index}
            bill={bill}
            billError={billError}
            short={short}
            unavailable={unavailable}
            lineErrors={lineErrors}
            onQuantity={(line, item, qty) =>
              apply(setQuantity(cart, line.key, qty, item, rule), line.key)
            }
            onRemove={(line) => {
              setCart(removeLine(cart, line.key));
              setLineErrors(({ [line.key]: _gone, ...rest }) => rest);
            }}
            onLineDiscount={(line, discount) => setCart(setLineDiscount(cart, line.key, discount))}
            onBillDiscount={(discount) => setCart(setBillDiscount(cart, discount))}
            onNote={(note) => setCart(setNote(cart, note))}
            actions={actions}
          />
          <section
            className="small text-body-secondary mt-3 d-none d-lg-block"
            aria-labelledby="till-keys-title"
          >
            <h2 id="till-keys-title" className="h6">
              {t("shops.sell.keys.title")}
            </h2>
            <ShortcutList />
          </section>
          <details
            className="mt-3"
            data-testid="till-printer"
            // The setup (and its code) is there from the first time it is opened.
            onToggle={(event) => {
              if (event.currentTarget.open) setPrinterOpen(true);
            }}
          >
            <summary className="small">{t("shops.sell.doc.printer.title")}</summary>
            <div className="mt-2">
              {printerOpen && <PrinterSetup defaultPaper={data.paperWidth} />}
            </div>
          </details>
        </div>
      </div>

      {/* At phone width the bill is below the grid: this bar shows the total and leads to it. */}
      <div className="till-bar d-lg-none bg-body border-top py-2 mt-3 d-flex gap-2">
        <a
          href="#till-cart"
          className="btn btn-outline-primary till-btn flex-fill"
          data-testid="till-show-cart"
        >
          {t("shops.sell.cart.show", { total: formatBaht(bill?.totalSatang ?? 0, lang) })}
        </a>
        <button
          type="button"
          className="btn btn-success till-btn"
          disabled={!canPay}
          onClick={() => openPay(false)}
        >
          {t("shops.sell.pay.button")}
        </button>
      </div>

      <TillDialog
        open={askItem !== null}
        onClose={() => setAskItem(null)}
        title={askItem ? t("shops.sell.ask.title", { name: askItem.name }) : ""}
        testId="till-ask"
      >
        {askItem && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              confirmAsk();
            }}
          >
            <label htmlFor="till-ask-qty" className="form-label">
              {t("shops.sell.ask.label", { unit: askItem.unit })}
            </label>
            <input
              id="till-ask-qty"
              className={`form-control form-control-lg${askError ? " is-invalid" : ""}`}
              inputMode="decimal"
              autoComplete="off"
              autoFocus
              value={askText}
              onChange={(event) => setAskText(event.target.value)}
              aria-invalid={askError ? true : undefined}
              aria-describedby={askError ? "till-ask-error" : "till-ask-hint"}
              data-testid="till-ask-qty"
            />
            {askError ? (
              <div id="till-ask-error" className="invalid-feedback d-block">
                {askError}
              </div>
            ) : (
              <div id="till-ask-hint" className="form-text">
                {t("shops.sell.ask.hint")}
              </div>
            )}
            <div className="d-flex gap-2 mt-3">
              <button type="submit" className="btn btn-primary till-btn">
                {t("shops.sell.ask.add")}
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary till-btn"
                onClick={() => setAskItem(null)}
              >
                {t("shops.sell.dialog.cancel")}
              </button>
            </div>
          </form>
        )}
      </TillDialog>

      <TillDialog
        open={pay !== null}
        onClose={() => {
          if (!busy) setPay(null);
        }}
        title={t("shops.sell.pay.title")}
        testId="till-pay-dialog"
      >
        {pay && bill && (
          <PayPanel
            totalSatang={bill.totalSatang}
            state={pay}
            onState={setPay}
            promptPay={data.promptPay}
            settingsHref={`/shophub/settings?shop=${encodeURIComponent(shopId)}`}
            isOwner={data.isOwner}
            busy={busy}
            error={saleError}
            onComplete={complete}
          />
        )}
      </TillDialog>

      <ApprovalDialog
        open={approvalOpen}
        onClose={() => setApprovalOpen(false)}
        onApproved={(approved) => {
          setApproval(approved);
          setApprovalOpen(false);
          if (bill) {
            setSaleError(null);
            setPay(startPay(null));
          }
        }}
        shopId={shopId}
        clientSaleId={cart.id}
        need={need.kind === "needed" ? need : null}
        approvers={data.approvers}
      />

      <TillDialog
        open={parkOpen}
        onClose={() => setParkOpen(false)}
        title={t("shops.sell.park.button")}
        testId="till-park-dialog"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            park();
          }}
        >
          <label htmlFor="till-park-label" className="form-label">
            {t("shops.sell.park.label")}
          </label>
          <input
            id="till-park-label"
            className="form-control"
            maxLength={60}
            autoFocus
            value={parkLabel}
            onChange={(event) => setParkLabel(event.target.value)}
            data-testid="till-park-label"
          />
          <button
            type="submit"
            className="btn btn-primary till-btn mt-3"
            data-testid="till-park-save"
          >
            {t("shops.sell.park.save")}
          </button>
        </form>
      </TillDialog>

      <TillDialog
        open={parkedOpen}
        onClose={() => setParkedOpen(false)}
        title={t("shops.sell.parked.title")}
        testId="till-parked-dialog"
      >
        {parked.length === 0 ? (
          <p>{t("shops.sell.parked.empty")}</p>
        ) : (
          <ul className="list-unstyled">
            {[...parked].reverse().map((bill) => {
              const parkedBill = billOf(bill.cart, index, data.vat);
              return (
                <li
                  key={bill.id}
                  className="d-flex gap-2 align-items-center border-bottom py-2"
                  data-testid="till-parked-bill"
                >
                  <div className="me-auto">
                    <div className="fw-semibold">{bill.label}</div>
                    <div className="small text-body-secondary">
                      {t("shops.sell.parked.summary", {
                        lines: t("shops.sell.cart.lines", { count: bill.cart.lines.length }),
                        total: parkedBill.ok ? formatBaht(parkedBill.bill.totalSatang, lang) : "—",
                        time: formatDateTime(bill.parkedAt, lang),
                      })}
                    </div>
                  </div>
                  <button
                    type="button"
                    className="btn btn-primary till-btn"
                    onClick={() => recall(bill)}
                    aria-label={t("shops.sell.parked.recall", { label: bill.label })}
                    data-testid="till-recall"
                  >
                    ↩
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline-danger till-btn"
                    onClick={() => setParked(parked.filter((other) => other.id !== bill.id))}
                    aria-label={t("shops.sell.parked.delete", { label: bill.label })}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </TillDialog>

      {cameraOpen && (
        <CameraScanner
          onClose={() => {
            setCameraOpen(false);
            scanner.focus();
          }}
          onCode={handleScan}
        />
      )}
    </div>
  );
}

function ShortcutList() {
  const t = useT();
  const rows: [string, string][] = [
    ["F2", t("shops.sell.keys.search")],
    ["F4", t("shops.sell.keys.pay")],
    ["F8", t("shops.sell.keys.cashExact")],
    ["F9", t("shops.sell.keys.print")],
    ["Esc", t("shops.sell.keys.close")],
    ["Enter", t("shops.sell.keys.scan")],
  ];
  return (
    <dl className="mb-0 small">
      {rows.map(([key, text]) => (
        <div key={key} className="row">
          <dt className="col-3">
            <kbd>{key}</kbd>
          </dt>
          <dd className="col-9 mb-1">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

function DonePanel({
  sale,
  printHref,
  onPrint,
  printFailed,
  onNext,
}: {
  sale: CompletedSale;
  /** The print page, which opens the browser's print dialog by itself. */
  printHref: string;
  /** Prints straight to the till's own printer when it has one (the link is then not followed). */
  onPrint: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  printFailed: boolean;
  onNext: () => void;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <section
      className="card border-success mb-3"
      aria-labelledby="till-done-title"
      data-testid="till-done"
    >
      <div className="card-body text-center">
        <h2 id="till-done-title" className="h4 text-success">
          {t("shops.sell.done.title")}
        </h2>
        <p className="mb-1" data-testid="till-done-number">
          {t("shops.sell.done.number", { number: sale.documentNumber })}
        </p>
        <p className="mb-1">
          {t("shops.sell.done.total")}: <strong>{formatBaht(sale.totalSatang, lang)}</strong>
        </p>
        <div>{t("shops.sell.done.change")}</div>
        <div className="till-change text-success" data-testid="till-done-change">
          {formatBaht(sale.changeSatang, lang)}
        </div>
        {sale.replayed && <p className="small">{t("shops.sell.done.replayed")}</p>}
        <div className="d-flex gap-2 justify-content-center mt-3">
          <a
            href={printHref}
            onClick={onPrint}
            target="_blank"
            rel="noopener"
            className="btn btn-primary btn-lg till-btn"
            data-testid="till-print"
          >
            {t("shops.sell.done.print")} <kbd>F9</kbd>
          </a>
          <button
            type="button"
            className="btn btn-success btn-lg till-btn"
            onClick={onNext}
            data-testid="till-next"
          >
            {t("shops.sell.done.next")}
          </button>
        </div>
        {printFailed && (
          <p className="text-danger small mt-2 mb-0" role="alert" data-testid="till-print-failed">
            {t("shops.sell.done.printFailed")}{" "}
            <a href={printHref} target="_blank" rel="noopener">
              {t("shops.sell.done.printDialog")}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
