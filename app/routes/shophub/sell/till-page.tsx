import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { ShophubNav } from "~/features/shops/shophub-nav";
import { ScannerField } from "~/features/stock-entry/scanner-field";
import { useScannerInput } from "~/features/stock-entry/use-scanner-input";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht, satangToBahtInput } from "~/lib/money";
import { parseQuantity, type SaleDocument } from "~/modules/sales";
import { saleErrorText } from "~/routes/shophub/sell-text";
import { useHydrated } from "~/ui/use-hydrated";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import {
  type CartLine,
  pricesBelow,
  readLineQuantity,
  refusesDiscounts,
  receiptLinesOf,
  saleRequestOf,
  scanCode,
  setQuantity,
  shortLines,
  tillBillOf,
  unavailableLines,
} from "./cart";
import { CartPanel } from "./cart-panel";
import { ApprovalNote, approvalNeed } from "./discount-approval";
import { CategoryChips, GRID_LIMIT, ItemGrid } from "./item-grid";
import { preloadShiftDialog } from "./shift-panel";
import { lazyPart } from "./lazy-part";
import type { ParkedBill } from "./parked";
import { CASH_FIELD_ID, paymentsOf } from "./pay-state";
import type { TillLoaderData } from "./route";
import {
  categoriesOf,
  indexItems,
  searchTillItems,
  tilesOf,
  unpackItems,
  variantsOf,
  type TillItem,
  type TillTile,
} from "./till-data";
import type { TillCashier } from "./till-cashier";
import { TillDialog } from "./till-dialog";
import { AskDialog, ParkDialog, ParkedDialog, preloadDialogForms } from "./till-dialogs";
import { TillHeader } from "./till-header";
import { TillSearch } from "./till-search";
import { discountErrorTexts, lineErrorText, noticeText } from "./till-notices";
import { CartActions, TillExtras } from "./till-parts";
import {
  anyDialogOpen,
  billFieldsRefused,
  initialTillState,
  isErrorNotice,
  type TillDone,
  tillReducer,
} from "./till-state";
import { useReceiptPrinting } from "./use-receipt-printing";
import { useSaleSubmission } from "./use-sale-submission";
import { useTillQueue } from "~/features/till-offline/use-till-queue";
import { useTillServiceWorker } from "~/features/till-offline/use-till-service-worker";
import { useTillShortcuts } from "./use-till-shortcuts";
import { readStoredTill, useTillStorage } from "./use-till-storage";
import "./till.css";

// Parts that only a later action needs load in their own chunks (the till's script budget).
const { Part: PayPanel, preload: preloadPayPanel } = lazyPart(() =>
  import("./pay-dialog").then((module) => module.PayPanel),
);
const { Part: DonePanel, preload: preloadDonePanel } = lazyPart(() =>
  import("./done-panel").then((module) => module.DonePanel),
);
// The registered till's queue line (decision 0071): only a device that is a till shows it.
const { Part: TillQueueStatus, preload: preloadQueueStatus } = lazyPart(() =>
  import("./till-queue-status").then((module) => module.TillQueueStatus),
);
const { Part: PrinterSetup, preload: preloadPrinterSetup } = lazyPart(() =>
  import("~/features/sales-documents/escpos/printer-setup").then((module) => module.PrinterSetup),
);
const { Part: CameraScanner, preload: preloadCamera } = lazyPart(() =>
  import("./camera-scanner").then((module) => module.CameraScanner),
);
const { Part: QueuedSlip, preload: preloadQueuedSlip } = lazyPart(() =>
  import("./queued-slip").then((module) => module.QueuedSlip),
);
const { Part: CustomerLookup, preload: preloadCustomerLookup } = lazyPart(() =>
  import("./customer-dialog").then((module) => module.CustomerLookup),
);
const { Part: PriceLevelPicker, preload: preloadPriceLevelPicker } = lazyPart(() =>
  import("./price-level-picker").then((module) => module.PriceLevelPicker),
);
const { Part: VariantPicker, preload: preloadVariantPicker } = lazyPart(() =>
  import("./variant-picker").then((module) => module.VariantPicker),
);
const { Part: ReceiptEmail } = lazyPart(() =>
  import("~/features/sales-documents/receipt-email-form").then((module) => module.ReceiptEmailForm),
);
const { Part: OptionsPicker, preload: preloadOptionsPicker } = lazyPart(() =>
  import("./options-picker").then((module) => module.OptionsPicker),
);
const { Part: StaffPanel, preload: preloadStaffPanel } = lazyPart(() =>
  import("./staff-dialog").then((module) => module.StaffPanel),
);
const { Part: ApprovalForm, preload: preloadApprovalForm } = lazyPart(() =>
  import("./approval-form").then((module) => module.ApprovalForm),
);
const { Part: PriceEntry, preload: preloadPriceEntry } = lazyPart(() =>
  import("./price-entry").then((module) => module.PriceEntry),
);
const { Part: RecentReceipts } = lazyPart(() =>
  import("./recent-receipts").then((module) => module.RecentReceipts),
);
/** What the service worker should keep for a till that loses its network (decision 0071). */
const OFFLINE_PARTS = [
  preloadPayPanel,
  preloadDonePanel,
  preloadQueueStatus,
  preloadVariantPicker,
  preloadOptionsPicker,
  preloadPrinterSetup,
  preloadCamera,
  preloadQueuedSlip,
  preloadShiftDialog,
  preloadCustomerLookup,
  preloadStaffPanel,
  preloadApprovalForm,
  preloadPriceLevelPicker,
  preloadDialogForms,
  preloadPriceEntry,
] as const;

/** A queued sale's print: its own slip, until the server has the sale (then its print page). */
function slipOf(done: TillDone, print: (slip: SaleDocument) => void): (() => void) | null {
  const { slip } = done;
  return done.id === null && slip ? () => print(slip) : null;
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
  const options = data.options;
  const items = useMemo(() => {
    const all = unpackItems(data.items, data.openPrices);
    // The option groups each item asks (decision 0092): tapping or scanning it opens them.
    for (const item of all) item.optionGroups = options?.byItem[item.id];
    return all;
  }, [data.items, data.openPrices, options]);
  const index = useMemo(
    () => ({ ...indexItems(items), levels: data.priceLevels?.prices }),
    [items, data.priceLevels],
  );
  const categories = useMemo(() => categoriesOf(data.items), [data.items]);
  const rule = useMemo(
    () => ({ allowNegative: data.allowNegativeStock }),
    [data.allowNegativeStock],
  );

  const defaultTillName = t("shops.sell.till.defaultName");
  const [state, dispatch] = useReducer(tillReducer, null, () =>
    initialTillState(browser ? readStoredTill(shopId, defaultTillName) : null),
  );
  useTillStorage(shopId, browser, defaultTillName, state, dispatch);
  const { cart, pay, done, notice, tillName } = state;

  // Kept working without a network: the service worker and the parts loaded on demand.
  const storage = useTillServiceWorker(OFFLINE_PARTS);

  // The payment panel and the sale-done panel are on their way as soon as the bill has something to pay for.
  const hasLines = cart.lines.length > 0;
  useEffect(() => {
    if (!hasLines) return;
    preloadPayPanel();
    preloadDonePanel();
  }, [hasLines]);

  useLiveRevalidate(
    data.live ? `/storehub/live?shopId=${encodeURIComponent(shopId)}` : null,
    "stock",
  );

  const printing = useReceiptPrinting(shopId, data.paperWidth);
  const searchRef = useRef<HTMLInputElement>(null);

  const scanner = useScannerInput({ keepFocus: true, onScan: (code) => scanned(code) });
  function scanned(code: string) {
    const result = scanCode(cart, code, index, data.scaleLabelLayout, rule);
    dispatch({ type: "scanned", result });
    // A refused scan is never lost: the code stays in the field (selected, so the next scan
    // replaces it) with the message beside it.
    if (result.kind === "unknown" || result.kind === "scaleLabel") scanner.setValue(code);
  }
  const scanInput = scanner.inputProps.ref;
  // The barcode field is ready for the first scan as soon as the till runs, and again when a
  // dialog closes (the browser would give focus back to the button that opened it).
  const anyDialog = anyDialogOpen(state);
  useEffect(() => {
    if (browser && !anyDialog) scanInput.current?.focus();
  }, [browser, anyDialog, scanInput]);
  useEffect(() => {
    if (state.scanMiss > 0) scanInput.current?.select();
  }, [state.scanMiss, scanInput]);

  /** A tile tapped or clicked hands focus back to the scanner; one chosen by keyboard keeps it. */
  const pick = (item: TillItem, byPointer: boolean) => {
    if (byPointer && !item.measured) scanInput.current?.focus();
    dispatch({ type: "picked", item, rule });
  };
  /** A group's tile opens its picker (decision 0080); any other tile adds its item. */
  const pickTile = ({ item, group }: TillTile, byPointer: boolean) => {
    if (group) dispatch({ type: "picked", item, rule, group: group.groupId });
    else pick(item, byPointer);
  };
  const pickerGroup = state.variantGroup;
  const pickerVariants = useMemo(
    () => (pickerGroup === null ? [] : variantsOf(items, pickerGroup)),
    [items, pickerGroup],
  );

  const tillBill = tillBillOf(cart, index, data.vat);
  const billResult = tillBill.result;
  const bill = billResult.ok ? billResult.bill : null;
  const short = shortLines(cart, index);
  const unavailable = unavailableLines(cart, index);
  // What is charged is what the screen shows: nothing waits to be put right on the bill.
  const blocking =
    unavailable.length > 0 ||
    (!data.allowNegativeStock && short.length > 0) ||
    billFieldsRefused(state) ||
    refusesDiscounts(tillBill);
  const canPay = state.ready && bill !== null && hasLines && !blocking && !done;
  // A registered till queues every sale on the device; the queue says when the server has it.
  // It is sent by the session's member, whoever sold (decision 0088).
  const sessionMember = useMemo(
    () => ({ id: data.memberId, name: data.cashierName }),
    [data.memberId, data.cashierName],
  );
  const queue = useTillQueue(shopId, sessionMember, browser, storage, (clientSaleId, saleId) =>
    dispatch({ type: "saleAcknowledged", clientSaleId, saleId }),
  );
  // A cashier who took over this registered till by PIN sells under a cashier's rules; the
  // server takes them from its record of the switch (decision 0088).
  const [keptCashier, setCashier] = useState<TillCashier | null>(null);
  const { sharesTill, memberId } = data;
  useEffect(() => {
    if (!browser || !sharesTill) return;
    let alive = true;
    import("./till-cashier").then(
      (kept) => alive && setCashier(kept.readCashier(shopId, memberId)),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [browser, sharesTill, shopId, memberId]);
  const bound = queue.bound ?? null;
  const cashier =
    data.sharesTill && keptCashier && bound && keptCashier.tillId === bound.tillId
      ? keptCashier
      : null;
  const [staffOpen, setStaffOpen] = useState<"staff" | "recent" | null>(null);
  const discountLimit = cashier ? data.cashierDiscountLimit : data.discountLimit;
  // A cashier's discount past the shop's limits waits for an owner's or a manager's PIN.
  const need = approvalNeed(discountLimit, bill, cart.id, state.approval, pricesBelow(cart, index));
  const sale = useSaleSubmission(
    { ...data, cashierName: cashier?.name ?? data.cashierName, shopId },
    queue,
    dispatch,
  );
  const lineName = useCallback(
    (line: number) => {
      const item = index.byId.get(cart.lines[line]?.itemId ?? -1);
      return item?.name ?? t("shops.sell.error.line", { line: line + 1 });
    },
    [cart.lines, index, t],
  );
  const saleError = state.saleError
    ? {
        text: saleErrorText(t, lang, state.saleError, lineName),
        retry: state.saleError.code === "network" || state.saleError.code === "server",
      }
    : null;
  const complete = () => {
    if (!pay || !bill) return;
    const request = saleRequestOf(
      cart,
      tillName,
      paymentsOf(pay),
      bill.totalSatang,
      index,
      data.vat,
    );
    sale.send(cashier ? { ...request, cashierSwitch: cashier.switchId } : request, {
      bill,
      lines: receiptLinesOf(cart, index),
    });
  };
  /** A queued sale's slip from its bill: the first print is the original, later ones copies. */
  const printQueuedSlip = (finished: TillDone, slip: SaleDocument) =>
    printing.printSlip(slip, () => {
      const { clientSaleId } = finished;
      if (!clientSaleId) return;
      dispatch({ type: "slipPrinted", clientSaleId });
      queue.notePrinted(clientSaleId);
    });
  const openPay = (cashExact: boolean) => {
    if (!canPay || !bill) return;
    dispatch({
      type: "payOpened",
      cashExactSatang: cashExact ? bill.totalSatang : null,
      needsApproval: need.kind === "needed",
    });
  };

  const defaultParkLabel = () =>
    t("shops.sell.park.defaultLabel", {
      time: new Date().toLocaleTimeString(lang === "th" ? "th-TH" : "en-GB", {
        hour: "2-digit",
        minute: "2-digit",
      }),
    });
  const park = () =>
    dispatch({
      type: "parked",
      label: state.parkLabel.trim() || defaultParkLabel(),
      now: new Date(),
      newCartId: crypto.randomUUID(),
    });
  const recall = (parked: ParkedBill) =>
    dispatch({
      type: "recalled",
      id: parked.id,
      currentLabel: defaultParkLabel(),
      now: new Date(),
    });
  /** A line's quantity typed (or stepped by ±1): taken, or refused next to the line. */
  const quantityTyped = (line: CartLine, item: TillItem, qty: string | number): boolean => {
    const read =
      typeof qty === "number" ? { ok: true as const, qtyMilli: qty } : readLineQuantity(qty, item);
    if (!read.ok) {
      dispatch({ type: "lineRefused", lineKey: line.key, refusal: read.refusal });
      return false;
    }
    const change = setQuantity(cart, line.key, read.qtyMilli, item, rule);
    dispatch({ type: "lineChanged", lineKey: line.key, change });
    return change.kind === "ok";
  };
  const clear = () => {
    if (!hasLines || !window.confirm(t("shops.sell.cart.clearConfirm"))) return;
    dispatch({ type: "cleared", newCartId: crypto.randomUUID() });
  };

  useTillShortcuts({
    search: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    pay: () => {
      if (!pay) openPay(false);
    },
    cashExact: () => {
      if (pay && bill) {
        const remaining = bill.totalSatang - pay.recorded.reduce((s, p) => s + p.amountSatang, 0);
        dispatch({
          type: "payChanged",
          pay: { ...pay, method: "cash", cashText: satangToBahtInput(remaining) },
        });
        // Enter next completes the sale (a field of another method would be left otherwise).
        document.getElementById(CASH_FIELD_ID)?.focus();
      } else openPay(true);
    },
    print: () => {
      const last = state.lastSaleId;
      if (last === null && done?.slip) printQueuedSlip(done, done.slip);
      else if (last !== null && !printing.printSilentlyIfPossible(last)) {
        window.open(printing.dialogHref(last), "_blank", "noopener");
      }
    },
  });

  const visible = useMemo(
    () => tilesOf(searchTillItems(items, state.search, state.category), state.search.trim() !== ""),
    [items, state.search, state.category],
  );
  // What Enter in the search field adds: only while something is searched for.
  const highlighted = state.search.trim() ? (visible[state.highlight] ?? null) : null;
  const billError = billResult.ok
    ? null
    : saleErrorText(t, lang, { code: "bill", error: billResult.error }, lineName);
  const errorNotice = isErrorNotice(notice) && notice ? noticeText(t, lang, notice) : undefined;
  const lineErrors = Object.fromEntries(
    Object.entries(state.lineErrors).map(([key, error]) => [key, lineErrorText(t, lang, error)]),
  );

  const actions = (
    <CartActions
      approvalNote={<ApprovalNote need={need} limit={discountLimit} />}
      canPay={canPay}
      hasLines={hasLines}
      parkedCount={state.parked.length}
      dispatch={dispatch}
      onPay={() => openPay(false)}
      onClear={clear}
    />
  );

  return (
    <div data-testid="till" data-ready={state.ready ? "yes" : "no"}>
      {/* The counter (decision 0070): the bill beside the grid from the top of the screen, the
          shop's tools above the grid (below the bill on a phone). */}
      <div className="till-layout">
        <div className="till-tools">
          {/* A cashier who took over by PIN is shown a cashier's tools (the pages check too). */}
          <ShophubNav shopId={shopId} role={cashier ? "cashier" : data.role} />
        </div>
        <div className="till-main">
          <TillHeader
            data={data}
            state={state}
            dispatch={dispatch}
            billsWaiting={queue.waiting.length}
            seller={{ name: cashier?.name ?? data.cashierName, switched: cashier !== null }}
            onStaff={bound ? () => setStaffOpen("staff") : null}
            onRecent={() => setStaffOpen("recent")}
          />
          {(queue.bound || queue.noStorage) && (
            <TillQueueStatus
              queue={queue}
              memberId={data.memberId}
              catalogueAt={data.catalogueAt}
              storage={storage}
            />
          )}
          <div
            className={`mb-2${state.scanMiss > 0 && errorNotice ? " till-scan-miss" : ""}`}
            key={state.scanMiss}
          >
            <ScannerField
              id="till-scan"
              name="code"
              label={t("shops.sell.scan.label")}
              hint={t("shops.sell.scan.hint")}
              error={errorNotice}
              scanner={scanner}
              testId="till-scan"
            />
          </div>
          <p className="small mb-2" role="status" aria-live="polite" data-testid="till-notice">
            {notice && !errorNotice ? noticeText(t, lang, notice) : ""}
          </p>
          <TillSearch
            inputRef={searchRef}
            search={state.search}
            highlighted={highlighted}
            count={Math.min(visible.length, GRID_LIMIT)}
            rule={rule}
            dispatch={dispatch}
            onCamera={() => dispatch({ type: "dialogOpened", dialog: "camera" })}
          />
          <CategoryChips
            categories={categories}
            chosen={state.category}
            onChoose={(category) => dispatch({ type: "categoryChosen", category })}
          />
          <ItemGrid
            tiles={visible}
            total={items.length}
            highlighted={highlighted ? state.highlight : null}
            onPick={pickTile}
          />
          <TillExtras printer={<PrinterSetup defaultPaper={data.paperWidth} />} />
          {printing.slipToPrint && (
            <QueuedSlip
              slip={printing.slipToPrint}
              paper={data.paperWidth}
              onPrinted={printing.slipPrinted}
            />
          )}
        </div>
        <div className="till-side">
          {done && (
            <DonePanel
              sale={done}
              printHref={done.id === null ? null : printing.dialogHref(done.id)}
              onPrint={(event) => {
                if (done.id !== null && printing.printSilentlyIfPossible(done.id)) {
                  event.preventDefault();
                }
              }}
              onPrintSlip={slipOf(done, (slip) => printQueuedSlip(done, slip))}
              printFailed={done.id !== null && printing.failedSaleId === done.id}
              onNext={() => {
                dispatch({ type: "nextSale" });
                scanner.focus();
              }}
            >
              {done.id !== null && <ReceiptEmail key={done.id} saleId={done.id} shopId={shopId} />}
            </DonePanel>
          )}
          <CartPanel
            cart={cart}
            index={index}
            bill={bill}
            billError={billError}
            short={short}
            unavailable={unavailable}
            lineErrors={lineErrors}
            billLines={tillBill.lines}
            discountErrors={discountErrorTexts(t, lang, state.discountErrors, tillBill.refused)}
            onQuantity={quantityTyped}
            onRemove={(line) => dispatch({ type: "lineRemoved", lineKey: line.key })}
            onLineDiscount={(line, discount) =>
              dispatch({ type: "lineDiscountSet", lineKey: line.key, discount })
            }
            onBillDiscount={(discount) => dispatch({ type: "billDiscountSet", discount })}
            onNote={(note) => dispatch({ type: "noteSet", note })}
            onCustomer={() => dispatch({ type: "dialogOpened", dialog: "customer" })}
            onPrice={(line) =>
              dispatch({ type: "priceAsked", itemId: line.itemId, lineKey: line.key })
            }
            onPriceLevel={
              data.priceLevels
                ? () => dispatch({ type: "dialogOpened", dialog: "priceLevel" })
                : undefined
            }
            actions={actions}
          />
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

      <AskDialog
        ask={state.ask}
        dispatch={dispatch}
        onConfirm={() =>
          dispatch({ type: "askConfirmed", qtyMilli: parseQuantity(state.ask?.text ?? ""), rule })
        }
      />

      <TillDialog
        open={pay !== null}
        onClose={() => {
          if (!sale.busy) dispatch({ type: "payClosed" });
        }}
        title={t("shops.sell.pay.title")}
        testId="till-pay-dialog"
      >
        {pay && bill && (
          <PayPanel
            totalSatang={bill.totalSatang}
            state={pay}
            onState={(next) => dispatch({ type: "payChanged", pay: next })}
            promptPay={data.promptPay}
            customer={cart.customer}
            settingsHref={`/shophub/settings?shop=${encodeURIComponent(shopId)}`}
            isOwner={data.isOwner}
            busy={sale.busy}
            error={saleError}
            onComplete={complete}
          />
        )}
      </TillDialog>

      <TillDialog
        open={state.dialog === "approval"}
        onClose={() => dispatch({ type: "dialogClosed" })}
        title={t("shops.sell.approval.title")}
        testId="till-approval-dialog"
      >
        {state.dialog === "approval" && (
          <ApprovalForm
            onApproved={(approval) => dispatch({ type: "approved", approval })}
            shopId={shopId}
            clientSaleId={cart.id}
            need={need.kind === "needed" ? need : null}
            approvers={data.approvers}
            cashierSwitch={cashier ? { switchId: cashier.switchId, tillId: cashier.tillId } : null}
            cart={cart}
            index={index}
          />
        )}
      </TillDialog>

      <TillDialog
        open={staffOpen === "recent"}
        onClose={() => setStaffOpen(null)}
        title={t("shops.sell.recent.title")}
        testId="till-recent-dialog"
        wide
      >
        {staffOpen === "recent" && (
          <RecentReceipts
            shopId={shopId}
            tillName={tillName}
            cashier={cashier ? { switchId: cashier.switchId, tillId: cashier.tillId } : null}
          />
        )}
      </TillDialog>

      <TillDialog
        open={staffOpen === "staff"}
        onClose={() => setStaffOpen(null)}
        title={t("shops.sell.staff.title")}
        testId="till-staff-dialog"
      >
        {staffOpen === "staff" && (
          <StaffPanel
            shopId={shopId}
            bound={bound ? { tillId: bound.tillId, token: bound.token } : null}
            canSwitch={data.sharesTill}
            session={{ userId: data.memberId, name: data.cashierName }}
            cashier={cashier}
            onSwitched={(next) => {
              setCashier(next);
              setStaffOpen(null);
            }}
          />
        )}
      </TillDialog>

      <TillDialog
        open={state.dialog === "customer"}
        onClose={() => dispatch({ type: "dialogClosed" })}
        title={t("shops.sell.customer.title")}
        testId="till-customer-dialog"
      >
        {state.dialog === "customer" && (
          <CustomerLookup
            shopId={shopId}
            current={cart.customer ?? null}
            onAttach={(customer) => dispatch({ type: "customerSet", customer })}
            accountPay={{ ...data, cashier }}
          />
        )}
      </TillDialog>

      {state.dialog === "priceLevel" && data.priceLevels && (
        <PriceLevelPicker
          levels={data.priceLevels.list}
          current={cart.priceLevel ?? null}
          onChoose={(priceLevel) => dispatch({ type: "priceLevelSet", priceLevel })}
          onClose={() => dispatch({ type: "dialogClosed" })}
        />
      )}

      {state.dialog === "price" && state.priceFor && (
        <PriceEntry
          cart={cart}
          index={index}
          asked={state.priceFor}
          rule={rule}
          dispatch={dispatch}
        />
      )}

      <TillDialog
        open={pickerGroup !== null}
        onClose={() => dispatch({ type: "variantsClosed" })}
        title={t("shops.sell.variants.title", {
          name: pickerVariants[0]?.variant?.groupName ?? "",
        })}
        testId="till-variant-dialog"
      >
        {pickerGroup !== null && <VariantPicker variants={pickerVariants} onChoose={pick} />}
      </TillDialog>

      {state.optionsFor && options && (
        <OptionsPicker
          item={state.optionsFor}
          groups={options.groups}
          cart={cart}
          index={index}
          rule={rule}
          dispatch={dispatch}
        />
      )}

      <ParkDialog state={state} dispatch={dispatch} onPark={park} />

      <ParkedDialog
        open={state.dialog === "parked"}
        parked={state.parked}
        index={index}
        vat={data.vat}
        dispatch={dispatch}
        onRecall={recall}
      />

      {state.dialog === "camera" && (
        <CameraScanner
          onClose={() => {
            dispatch({ type: "dialogClosed" });
            scanner.focus();
          }}
          onCode={scanned}
        />
      )}
    </div>
  );
}
