import { Link, useFetcher } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { formatDateTime } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatBaht } from "~/lib/money";
import { EXPENSE_CATEGORIES } from "~/modules/finance";
import { MAX_MOVEMENT_REASON, MAX_SHIFT_NOTE } from "~/modules/shifts";
import { EXPENSE_CATEGORY_TEXT } from "~/routes/shophub/finance/finance-text";
import type { TillLoaderData } from "./route";
import type { ShiftAnswer, ShiftIntent } from "./shift-action.server";
import { ShiftMembers } from "./shift-members";
import { shiftActionPath } from "./shift-path";
import { DifferenceText, MOVEMENT_TEXT } from "./shift-words";

/*
 * The shift dialog's content: open a shift with the starting cash, pay in or out with a reason,
 * close it with the cash counted (then expected, counted and the difference, large), and the
 * shift's report. The forms post to the till's own action with an intent; the server checks the
 * role and the shop again. Loaded when the dialog first opens (the till's script budget); its
 * fetchers are keyed, so an answer is kept across the dialog's closing and opening.
 */

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

type OpenShift = TillLoaderData["shifts"]["open"][number];

export function ShiftDialogBody({
  shopId,
  tillName,
  shifts,
  current,
  booksExpenses,
  billsWaiting,
}: {
  shopId: string;
  tillName: string;
  shifts: TillLoaderData["shifts"];
  /** The open shift of this till, when there is one. */
  current: OpenShift | null;
  booksExpenses: boolean;
  billsWaiting: number;
}) {
  const t = useT();
  const lang = useLang();
  const openFetcher = useFetcher<PanelAnswer>({ key: "till-shift-open" });
  const moveFetcher = useFetcher<PanelAnswer>({ key: "till-shift-move" });
  const closeFetcher = useFetcher<PanelAnswer>({ key: "till-shift-close" });
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
    </>
  );
}
