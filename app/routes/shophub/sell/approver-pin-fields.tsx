import { useT } from "~/lib/i18n/use-translation";

/*
 * The approver's name and PIN (decision 0059): the till's discount and price approval and its
 * payment on account (decision 0095) ask them alike. Each form keeps its own state and request;
 * the PIN is typed fresh every time (never kept, never sent back).
 */

export function ApproverPinFields({
  approvers,
  approverId,
  onApprover,
  pin,
  onPin,
  error,
  ids,
  autoFocus = true,
}: {
  approvers: { userId: string; name: string }[];
  approverId: string;
  onApprover: (userId: string) => void;
  pin: string;
  onPin: (pin: string) => void;
  /** The refusal, shown under the PIN. */
  error: string | null;
  /** The fields' ids (and test ids) and the refusal's id. */
  ids: { approver: string; pin: string; error: string };
  autoFocus?: boolean;
}) {
  const t = useT();
  return (
    <>
      <label htmlFor={ids.approver} className="form-label">
        {t("shops.sell.approval.approver")}
      </label>
      <select
        id={ids.approver}
        name="approverId"
        className="form-select form-select-lg mb-3"
        value={approverId}
        onChange={(event) => onApprover(event.target.value)}
        data-testid={ids.approver}
      >
        {approvers.map((approver) => (
          <option key={approver.userId} value={approver.userId}>
            {approver.name}
          </option>
        ))}
      </select>
      <label htmlFor={ids.pin} className="form-label">
        {t("shops.sell.approval.pin")}
      </label>
      <input
        id={ids.pin}
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        className={`form-control form-control-lg${error ? " is-invalid" : ""}`}
        value={pin}
        onChange={(event) => onPin(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        data-autofocus={autoFocus ? true : undefined}
        data-testid={ids.pin}
      />
      {error && (
        <div id={ids.error} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </>
  );
}
