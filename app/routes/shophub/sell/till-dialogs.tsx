import type { Dispatch } from "react";
import { useT } from "~/lib/i18n/use-translation";
import type { VatSetting } from "~/modules/sales";
import { lazyPart } from "./lazy-part";
import type { ItemIndex } from "./till-data";
import { TillDialog } from "./till-dialog";
import type { Ask, TillAction, TillState } from "./till-state";
import type { ParkedBill } from "./parked";

// The forms inside load in one chunk of their own: a weighed item's quantity, parking and the
// parked bills are not needed for the till's first paint (its script budget, decision 0042).
const forms = () => import("./till-dialog-forms");
const { Part: AskForm, preload: preloadDialogForms } = lazyPart(() =>
  forms().then((module) => module.AskForm),
);
const { Part: ParkForm } = lazyPart(() => forms().then((module) => module.ParkForm));
const { Part: ParkedList } = lazyPart(() => forms().then((module) => module.ParkedList));
export { preloadDialogForms };

/** How much of an item sold by weight or length: asked before it goes on the bill. */
export function AskDialog({
  ask,
  dispatch,
  onConfirm,
}: {
  ask: Ask | null;
  dispatch: Dispatch<TillAction>;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <TillDialog
      open={ask !== null}
      onClose={() => dispatch({ type: "askClosed" })}
      title={ask ? t("shops.sell.ask.title", { name: ask.item.name }) : ""}
      testId="till-ask"
    >
      {ask && <AskForm ask={ask} dispatch={dispatch} onConfirm={onConfirm} />}
    </TillDialog>
  );
}

/** Parks the open bill under a label (the time when none is typed). */
export function ParkDialog({
  state,
  dispatch,
  onPark,
}: {
  state: Pick<TillState, "dialog" | "parkLabel">;
  dispatch: Dispatch<TillAction>;
  onPark: () => void;
}) {
  const t = useT();
  return (
    <TillDialog
      open={state.dialog === "park"}
      onClose={() => dispatch({ type: "dialogClosed" })}
      title={t("shops.sell.park.button")}
      testId="till-park-dialog"
    >
      <ParkForm parkLabel={state.parkLabel} dispatch={dispatch} onPark={onPark} />
    </TillDialog>
  );
}

/** The parked bills of this till, newest first: recall one, or drop it. */
export function ParkedDialog({
  open,
  parked,
  index,
  vat,
  dispatch,
  onRecall,
}: {
  open: boolean;
  parked: ParkedBill[];
  index: ItemIndex;
  vat: VatSetting;
  dispatch: Dispatch<TillAction>;
  onRecall: (bill: ParkedBill) => void;
}) {
  const t = useT();
  return (
    <TillDialog
      open={open}
      onClose={() => dispatch({ type: "dialogClosed" })}
      title={t("shops.sell.parked.title")}
      testId="till-parked-dialog"
    >
      <ParkedList parked={parked} index={index} vat={vat} dispatch={dispatch} onRecall={onRecall} />
    </TillDialog>
  );
}
