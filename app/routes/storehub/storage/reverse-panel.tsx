import { useFormShopId } from "~/features/shops/shop-form";
import { useLang, useT } from "~/lib/i18n/use-translation";
import type { ReversalPreview } from "~/modules/stock";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { signed } from "../stock-text";
import { ErrorText } from "./error-text";

/** Asks for the reason and the confirmation before a document is reversed. */
export function ReversePanel({
  action,
  confirm,
  error,
  reason,
}: {
  action: string;
  confirm: ReversalPreview;
  error: string | undefined;
  reason: string;
}) {
  const t = useT();
  const lang = useLang();
  const formShopId = useFormShopId();
  return (
    <ConfirmPanel
      action={action}
      message={t("storehub.storage.confirmReverse", { number: confirm.number })}
      fields={{ shopId: formShopId, intent: "reverse", documentId: String(confirm.documentId) }}
      confirmLabel={t("storehub.storage.confirmReverseButton")}
      cancelLabel={t("storehub.cancel")}
      cancelTo={action}
      testId="storage-confirm"
      tone="warning"
    >
      <ul className="small">
        {confirm.lines.map((line, index) => (
          <li key={index}>
            {line.itemName} · {line.locationName} · {signed(line.qty, lang)} {line.unit}
          </li>
        ))}
      </ul>
      <div className="mb-2">
        <label htmlFor="reverse-reason" className="form-label">
          {t("storehub.storage.reverseReason")}
        </label>
        <input
          id="reverse-reason"
          name="reason"
          defaultValue={reason}
          maxLength={200}
          required
          className={`form-control${error ? " is-invalid" : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "reverse-reason-error" : undefined}
          data-testid="reverse-reason"
        />
        {error && <ErrorText id="reverse-reason-error">{error}</ErrorText>}
      </div>
    </ConfirmPanel>
  );
}
