import type { Dispatch } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import type { TillLoaderData } from "./route";
import { ShiftPanel } from "./shift-panel";
import { ShortcutList } from "./till-parts";
import type { TillAction, TillState } from "./till-state";

/** The till's top row: its heading, links, shift, name (renamed in place) and keys. */
export function TillHeader({
  data,
  state,
  dispatch,
  billsWaiting,
  seller,
  onStaff,
  onRecent,
}: {
  data: TillLoaderData;
  /** Who sells now: the session's member, or the cashier who took over by PIN (switched). */
  seller: { name: string; switched: boolean };
  /** Opens the staff dialog (PIN switch, clock in/out); null on a till that is not registered. */
  onStaff: (() => void) | null;
  /** Opens the till's last receipts (a return on a credit note from there). */
  onRecent: () => void;
  /** Sales the registered till has not sent yet (the shift closes after they are sent). */
  billsWaiting: number;
  state: Pick<TillState, "tillName" | "renaming">;
  dispatch: Dispatch<TillAction>;
}) {
  const t = useT();
  const { tillName, renaming } = state;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2" data-testid="till-header">
      <h1 className="h3 mb-0 me-auto till-heading">
        {t("shops.sell.till.heading", { shop: data.shop.name })}
      </h1>
      <Link
        to={`/shophub/invoices?shop=${data.shop.id}`}
        className="btn btn-sm btn-outline-primary till-btn"
        data-testid="till-invoices"
      >
        {t("shops.sell.till.invoices")}
      </Link>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary till-btn"
        onClick={onRecent}
        data-testid="till-recent-button"
      >
        {t("shops.sell.recent.button")}
      </button>
      {data.discountLimit === null && !seller.switched && (
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
        billsWaiting={billsWaiting}
      />
      {renaming === null ? (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary till-btn till-name-button"
          onClick={() => dispatch({ type: "renameStarted" })}
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
            dispatch({ type: "renamed", name: renaming });
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
            onChange={(event) => dispatch({ type: "renameTyped", name: event.target.value })}
            autoFocus
          />
          <button type="submit" className="btn btn-sm btn-primary">
            {t("shops.sell.till.renameSave")}
          </button>
        </form>
      )}
      <span className="small text-body-secondary" data-testid="till-seller">
        {t("shops.sell.till.cashier", { name: seller.name })}
      </span>
      {onStaff && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary till-btn"
          onClick={onStaff}
          data-testid="till-staff-button"
        >
          {t("shops.sell.staff.button")}
        </button>
      )}
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
  );
}
