import { useState } from "react";
import { useT } from "~/lib/i18n/use-translation";
import { lazyPart } from "./lazy-part";
import type { TillLoaderData } from "./route";
import { TillDialog } from "./till-dialog";

/*
 * The till's shift button: it says whether this till has an open shift, what stops a sale
 * here (decision 0058), and opens the shift dialog (shift-dialog-body.tsx, loaded when first
 * opened).
 */

const { Part: ShiftDialogBody, preload: preloadShiftDialog } = lazyPart(() =>
  import("./shift-dialog-body").then((module) => module.ShiftDialogBody),
);
/** For the service worker to keep (a till that loses its network still opens the dialog). */
export { preloadShiftDialog };

export function ShiftPanel({
  shopId,
  tillName,
  shifts,
  booksExpenses,
  billsWaiting,
}: {
  shopId: string;
  tillName: string;
  shifts: TillLoaderData["shifts"];
  /**
   * Sales this registered till has not sent yet: the drawer's expected cash lacks them, so the
   * shift closes only once they are sent (Loyverse loses them there; decision 0071).
   */
  billsWaiting: number;
  /** Whether this member keeps the books (owner, manager): a pay-out may be an expense too. */
  booksExpenses: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const current = shifts.open.find((s) => s.till === tillName.trim()) ?? null;
  // What the server would answer a sale from this till (decision 0058), said before one.
  const elsewhere = shifts.open.find((s) => s.sellsHere && s.till !== tillName.trim()) ?? null;
  const blocked: string | null = current
    ? current.sellsHere
      ? null
      : t("shops.sell.error.notShiftMember", { name: current.openedByName })
    : elsewhere
      ? t("shops.sell.error.shiftOnOtherTill", { till: elsewhere.till })
      : shifts.required || shifts.open.length > 0
        ? t("shops.sell.error.shiftRequired")
        : null;

  return (
    <>
      <button
        type="button"
        className={`btn btn-sm till-btn till-shift-button ${current ? "btn-outline-success" : "btn-warning"}`}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadShiftDialog}
        onFocus={preloadShiftDialog}
        data-testid="till-shift"
      >
        {current ? t("shops.shifts.panel.buttonOpen") : t("shops.shifts.panel.button")}
      </button>
      {blocked && (
        <div
          className="alert alert-warning w-100 mb-0 py-2"
          role="status"
          data-testid="till-shift-blocked"
        >
          {blocked}
        </div>
      )}
      <TillDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("shops.shifts.panel.heading")}
        testId="till-shift-dialog"
        wide
      >
        <ShiftDialogBody
          shopId={shopId}
          tillName={tillName}
          shifts={shifts}
          current={current}
          booksExpenses={booksExpenses}
          billsWaiting={billsWaiting}
        />
      </TillDialog>
    </>
  );
}
