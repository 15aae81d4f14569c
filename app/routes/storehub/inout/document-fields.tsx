import { useLang, useT } from "~/lib/i18n/use-translation";
import {
  NOTE_MAX,
  REASON_MAX,
  REFERENCE_MAX,
  type DocumentField,
  type FormMessage,
  type InoutErrors,
  type InoutKind,
  type InoutValues,
} from "~/modules/stock";
import { say } from "../stock-text";

/** The document's own fields: reference (supplier's for a receipt), reason, note. */
export function DocumentFields({
  kind,
  initial,
  errors,
}: {
  kind: InoutKind;
  initial: InoutValues;
  errors: InoutErrors["fields"];
}) {
  const t = useT();
  const lang = useLang();
  const reasonRequired = kind === "issue";
  const showReason = kind !== "receive";
  const documentError = (field: DocumentField, message: FormMessage | undefined) =>
    message ? (
      <div id={`inout-${field}-error`} className="invalid-feedback d-block" data-error-for={field}>
        {say(t, lang, message)}
      </div>
    ) : null;

  return (
    <div className="row g-3 mb-3">
      <div className="col-md-4">
        <label htmlFor="inout-reference" className="form-label">
          {t(
            kind === "receive"
              ? "storehub.inout.reference.receive"
              : "storehub.inout.reference.other",
          )}
        </label>
        <input
          id="inout-reference"
          name="reference"
          className={`form-control${errors.reference ? " is-invalid" : ""}`}
          defaultValue={initial.reference}
          maxLength={REFERENCE_MAX}
          placeholder={t("storehub.inout.optional")}
          aria-invalid={errors.reference ? true : undefined}
          aria-describedby={errors.reference ? "inout-reference-error" : undefined}
        />
        {documentError("reference", errors.reference)}
      </div>
      {showReason && (
        <div className="col-md-4">
          <label htmlFor="inout-reason" className="form-label">
            {t(reasonRequired ? "storehub.inout.reason.issue" : "storehub.inout.reason.other")}
          </label>
          <input
            id="inout-reason"
            name="reason"
            list="inout-reasons"
            className={`form-control${errors.reason ? " is-invalid" : ""}`}
            defaultValue={initial.reason}
            maxLength={REASON_MAX}
            required={reasonRequired}
            placeholder={reasonRequired ? undefined : t("storehub.inout.optional")}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={
              errors.reason
                ? "inout-reason-error"
                : reasonRequired
                  ? "inout-reason-hint"
                  : undefined
            }
            data-testid="inout-reason"
          />
          {reasonRequired && !errors.reason && (
            <div id="inout-reason-hint" className="form-text">
              {t("storehub.inout.reason.issueHint")}
            </div>
          )}
          {documentError("reason", errors.reason)}
          <datalist id="inout-reasons">
            {(["damaged", "expired", "ownUse", "lost", "returned", "sample"] as const).map(
              (reason) => (
                <option key={reason} value={t(`storehub.inout.reasons.${reason}`)} />
              ),
            )}
          </datalist>
        </div>
      )}
      <div className="col-md-4">
        <label htmlFor="inout-note" className="form-label">
          {t("storehub.inout.note")}
        </label>
        <input
          id="inout-note"
          name="note"
          className={`form-control${errors.note ? " is-invalid" : ""}`}
          defaultValue={initial.note}
          maxLength={NOTE_MAX}
          placeholder={t("storehub.inout.optional")}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? "inout-note-error" : undefined}
        />
        {documentError("note", errors.note)}
      </div>
    </div>
  );
}
