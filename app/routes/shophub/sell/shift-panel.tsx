import { useState } from "react";
import { EXPENSE_CATEGORIES } from "~/modules/finance";
import { EXPENSE_CATEGORY_TEXT } from "~/routes/shophub/finance/finance-text";
import { useFetcher, Link } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { formatDateTime } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { MAX_MOVEMENT_REASON, MAX_SHIFT_NOTE } from "~/modules/shifts";
import type { TillLoaderData } from "./route";
import type { ShiftAnswer, ShiftIntent } from "./shift-action.server";
import { ShiftMembers } from "./shift-members";
import { shiftActionPath } from "./shift-path";
import { TillDialog } from "./till-dialog";

/*
 * The till's shift and cash drawer: open a shift with the starting cash, pay in or out with a
 * reason, close it with the cash counted (then expected, counted and the difference, large),
 * and the shift's report. The forms post to the till's own action with an intent; the server
 * checks the role and the shop again.
 */

/** The words for a cash movement's kind (literal keys: the text-keys check reads them). */
export const MOVEMENT_TEXT: Record<"pay_in" | "pay_out", MessageKey> = {
  pay_in: "shops.shifts.movement.pay_in",
  pay_out: "shops.shifts.movement.pay_out",
};

/** What the panel's fetchers get back: the shift answer, or the till's lost-answer result. */
type PanelAnswer = ShiftAnswer | { ok: false; error: { code: string } };

type Failed = Extract<ShiftAnswer, { ok: false }>;

function failureOf(answer: PanelAnswer | undefined, intent: ShiftIntent): Failed | null {
  if (!answer || answer.ok) return null;
  if ("shift" in answer) return answer.intent === intent ? answer : null;
  // A lost answer (offline): the till's clientAction made it data.
  return {
    shift: true,
    intent,
    ok: false,
    values: {},
    errors: {},
    formError: "shops.shifts.error.network",
  };
}

function Field({
  name,
  label,
  failure,
  type = "text",
  inputMode,
  maxLength,
  testId,
  defaultValue = "",
}: {
  name: string;
  label: MessageKey;
  failure: Failed | null;
  type?: string;
  inputMode?: "decimal";
  maxLength?: number;
  testId?: string;
  defaultValue?: string;
}) {
  const t = useT();
  const id = `shift-${name}-${failure?.intent ?? "form"}`;
  const error = failure?.errors[name];
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t(label)}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        className={`form-control form-control-lg${error ? " is-invalid" : ""}`}
        defaultValue={failure?.values[name] ?? defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
      />
      {error && (
        <div className="invalid-feedback" id={`${id}-error`}>
          {t(error)}
        </div>
      )}
    </div>
  );
}

function FormError({ failure }: { failure: Failed | null }) {
  const t = useT();
  if (!failure?.formError) return null;
  return (
    <div className="alert alert-danger" role="alert" data-testid="shift-form-error">
      {t(failure.formError)}
    </div>
  );
}

/** Counted minus expected, said as over, short or exact. */
export function DifferenceText({ satang }: { satang: number }) {
  const t = useT();
  const lang = useLang();
  if (satang === 0) return <>{t("shops.shifts.difference.exact")}</>;
  const amount = formatBaht(Math.abs(satang), lang);
  return (
    <>
      {satang > 0
        ? t("shops.shifts.difference.over", { amount })
        : t("shops.shifts.difference.short", { amount })}
    </>
  );
}

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
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const openFetcher = useFetcher<PanelAnswer>({ key: "till-shift-open" });
  const moveFetcher = useFetcher<PanelAnswer>({ key: "till-shift-move" });
  const closeFetcher = useFetcher<PanelAnswer>({ key: "till-shift-close" });
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
  const closed =
    closeFetcher.data?.ok &&
    "shift" in closeFetcher.data &&
    closeFetcher.data.intent === "closeShift"
      ? closeFetcher.data.closed
      : null;
  const moved =
    moveFetcher.data?.ok &&
    "shift" in moveFetcher.data &&
    moveFetcher.data.intent === "cashMovement"
      ? moveFetcher.data
      : null;
  const openFailure = failureOf(openFetcher.data, "openShift");
  const moveFailure = failureOf(moveFetcher.data, "cashMovement");
  const closeFailure = failureOf(closeFetcher.data, "closeShift");
  const reportHref = (id: number): `/${string}` => `/shophub/shifts/${id}?shop=${shopId}`;
  const shiftAction = shiftActionPath(shopId);

  return (
    <>
      <button
        type="button"
        className={`btn btn-sm till-btn till-shift-button ${current ? "btn-outline-success" : "btn-warning"}`}
        onClick={() => setOpen(true)}
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
        {closed && (
          <section className="mb-4" data-testid="shift-closed" aria-live="polite">
            <h3 className="h5">{t("shops.shifts.close.done")}</h3>
            <dl className="row fs-4 mb-2">
              <dt className="col-6">{t("shops.shifts.expected")}</dt>
              <dd className="col-6 text-end" data-testid="shift-expected">
                {formatBaht(closed.expectedCashSatang ?? 0, lang)}
              </dd>
              <dt className="col-6">{t("shops.shifts.counted")}</dt>
              <dd className="col-6 text-end" data-testid="shift-counted">
                {formatBaht(closed.countedCashSatang ?? 0, lang)}
              </dd>
              <dt className="col-6">{t("shops.shifts.difference")}</dt>
              <dd
                className={`col-6 text-end fw-bold ${(closed.differenceSatang ?? 0) < 0 ? "text-danger" : "text-success"}`}
                data-testid="shift-difference"
              >
                <DifferenceText satang={closed.differenceSatang ?? 0} />
              </dd>
            </dl>
            <Link to={reportHref(closed.id)} className="btn btn-outline-primary">
              {t("shops.shifts.reportLink")}
            </Link>
          </section>
        )}

        {!current ? (
          <section>
            <p data-testid="shift-none">{t("shops.shifts.panel.none", { till: tillName })}</p>
            <h3 className="h5">{t("shops.shifts.open.heading")}</h3>
            <FormError failure={openFailure} />
            <openFetcher.Form method="post" action={shiftAction} noValidate>
              <ShopIdField shopId={shopId} />
              <input type="hidden" name="intent" value="openShift" />
              <input type="hidden" name="till" value={tillName} />
              <Field
                name="openingCash"
                label="shops.shifts.open.openingCash"
                failure={openFailure}
                inputMode="decimal"
                testId="shift-opening-cash"
              />
              <button
                type="submit"
                className="btn btn-success btn-lg"
                disabled={openFetcher.state !== "idle"}
                data-testid="shift-open-submit"
              >
                {t("shops.shifts.open.submit")}
              </button>
            </openFetcher.Form>
          </section>
        ) : (
          <section>
            <p data-testid="shift-current">
              {t("shops.shifts.panel.open", {
                name: current.openedByName,
                time: formatDateTime(current.openedAt, lang),
                amount: formatBaht(current.openingCashSatang, lang),
              })}
            </p>
            <ShiftMembers shopId={shopId} current={current} sellers={shifts.sellers} />
            {current.mine && (
              <>
                <Link to={reportHref(current.id)} className="btn btn-outline-primary mb-3">
                  {t("shops.shifts.reportLink")}
                </Link>
                <h3 className="h5">{t("shops.shifts.movement.heading")}</h3>
                {moved && (
                  <div className="alert alert-success" role="status" data-testid="shift-moved">
                    {t("shops.shifts.movement.done", {
                      kind: t(MOVEMENT_TEXT[moved.kind]),
                      amount: formatBaht(moved.amountSatang, lang),
                    })}
                  </div>
                )}
                <FormError failure={moveFailure} />
                <moveFetcher.Form
                  method="post"
                  action={shiftAction}
                  noValidate
                  key={moved ? `moved-${moved.kind}-${moved.amountSatang}` : "move"}
                >
                  <ShopIdField shopId={shopId} />
                  <input type="hidden" name="intent" value="cashMovement" />
                  <input type="hidden" name="shiftId" value={current.id} />
                  <fieldset className="mb-3">
                    <legend className="form-label fs-6">{t("shops.shifts.movement.kind")}</legend>
                    {(["pay_out", "pay_in"] as const).map((kind) => (
                      <div className="form-check form-check-inline" key={kind}>
                        <input
                          className="form-check-input"
                          type="radio"
                          name="kind"
                          id={`shift-kind-${kind}`}
                          value={kind}
                          defaultChecked={(moveFailure?.values.kind ?? "pay_out") === kind}
                          data-testid={`shift-kind-${kind}`}
                        />
                        <label className="form-check-label" htmlFor={`shift-kind-${kind}`}>
                          {t(MOVEMENT_TEXT[kind])}
                        </label>
                      </div>
                    ))}
                  </fieldset>
                  <Field
                    name="amount"
                    label="shops.shifts.movement.amount"
                    failure={moveFailure}
                    inputMode="decimal"
                    testId="shift-amount"
                  />
                  <Field
                    name="reason"
                    label="shops.shifts.movement.reason"
                    failure={moveFailure}
                    maxLength={MAX_MOVEMENT_REASON}
                    testId="shift-reason"
                  />
                  {booksExpenses && (
                    <div className="mb-3">
                      <label htmlFor="shift-expense-category" className="form-label">
                        {t("shops.shifts.movement.expense")}
                      </label>
                      <select
                        id="shift-expense-category"
                        name="expenseCategory"
                        className="form-select"
                        defaultValue={moveFailure?.values.expenseCategory ?? ""}
                        aria-describedby="shift-expense-help"
                        data-testid="shift-expense-category"
                      >
                        <option value="">{t("shops.shifts.movement.expenseNone")}</option>
                        {EXPENSE_CATEGORIES.map((category) => (
                          <option key={category} value={category}>
                            {t(EXPENSE_CATEGORY_TEXT[category])}
                          </option>
                        ))}
                      </select>
                      <div id="shift-expense-help" className="form-text">
                        {t("shops.shifts.movement.expenseHelp")}
                      </div>
                    </div>
                  )}
                  <button
                    type="submit"
                    className="btn btn-primary"
                    disabled={moveFetcher.state !== "idle"}
                    data-testid="shift-move-submit"
                  >
                    {t("shops.shifts.movement.submit")}
                  </button>
                </moveFetcher.Form>

                <h3 className="h5 mt-4">{t("shops.shifts.close.heading")}</h3>
                <FormError failure={closeFailure} />
                {billsWaiting > 0 && (
                  <p className="alert alert-warning" role="alert" data-testid="shift-close-waiting">
                    {t("shops.shifts.close.billsWaiting", { count: billsWaiting })}
                  </p>
                )}
                <closeFetcher.Form method="post" action={shiftAction} noValidate>
                  <ShopIdField shopId={shopId} />
                  <input type="hidden" name="intent" value="closeShift" />
                  <input type="hidden" name="shiftId" value={current.id} />
                  <Field
                    name="counted"
                    label="shops.shifts.close.counted"
                    failure={closeFailure}
                    inputMode="decimal"
                    testId="shift-counted-input"
                  />
                  <Field
                    name="note"
                    label="shops.shifts.close.note"
                    failure={closeFailure}
                    maxLength={MAX_SHIFT_NOTE}
                  />
                  <button
                    type="submit"
                    className="btn btn-danger btn-lg"
                    disabled={closeFetcher.state !== "idle" || billsWaiting > 0}
                    data-testid="shift-close-submit"
                  >
                    {t("shops.shifts.close.submit")}
                  </button>
                </closeFetcher.Form>
              </>
            )}
          </section>
        )}
        <p className="mt-4 mb-0">
          <Link to={`/shophub/shifts?shop=${shopId}`}>{t("shops.shifts.listLink")}</Link>
        </p>
      </TillDialog>
    </>
  );
}
