import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/lib/i18n/use-translation";
import type { MessageKey } from "~/lib/i18n";

/** The e-mail the form starts from (GET /shophub/invoices/:id/email: the bill's customer's). */
export interface ReceiptEmailAnswer {
  email: string;
}

/** What sending answers (routes/shophub/invoices/email.ts). */
export type ReceiptEmailActionData =
  | { done: "sent"; email: string }
  | { values: { email: string }; errors: { email: MessageKey }; minutes?: number };

/*
 * "Send by e-mail" of a sale's e-receipt link (decision 0094): a button that opens one e-mail
 * field, filled in with the bill's customer's e-mail when they have one. Used by the sale's page
 * and, loaded in its own chunk, by the till's completed sale. The server checks the address;
 * its Thai message stands next to the field, which keeps what was typed.
 */

function emailPath(saleId: number, shopId: string) {
  return `/shophub/invoices/${saleId}/email?shop=${encodeURIComponent(shopId)}`;
}

export function ReceiptEmailForm({
  saleId,
  shopId,
  buttonClassName = "btn btn-outline-secondary mt-2",
}: {
  saleId: number;
  shopId: string;
  buttonClassName?: string;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  // What the cashier typed; until then, the customer's e-mail once it is read.
  const [typed, setTyped] = useState<string | null>(null);
  const reader = useFetcher<ReceiptEmailAnswer>();
  const sender = useFetcher<ReceiptEmailActionData>();
  const path = emailPath(saleId, shopId);

  // The customer's e-mail, read once the field opens (not on every sale the till makes).
  const { load } = reader;
  useEffect(() => {
    if (open) void load(path);
  }, [open, load, path]);
  const email = typed ?? reader.data?.email ?? "";

  const answer = sender.data;
  const sent = answer && "done" in answer ? answer.email : null;
  const refused = answer && "errors" in answer ? answer : null;
  const busy = sender.state !== "idle";

  if (!open) {
    return (
      <button
        type="button"
        className={buttonClassName}
        onClick={() => setOpen(true)}
        data-testid="ereceipt-open"
      >
        {t("shops.sell.ereceipt.open")}
      </button>
    );
  }
  return (
    <sender.Form
      method="post"
      action={path}
      className="text-start mt-2"
      aria-labelledby={`${id}-title`}
      data-testid="ereceipt-form"
      noValidate
    >
      <h3 id={`${id}-title`} className="h6">
        {t("shops.sell.ereceipt.title")}
      </h3>
      <input type="hidden" name="shopId" value={shopId} />
      <label htmlFor={`${id}-email`} className="form-label">
        {t("shops.sell.ereceipt.email")}
      </label>
      <div className="d-flex gap-2 align-items-start">
        <div className="flex-grow-1">
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            className={`form-control${refused ? " is-invalid" : ""}`}
            value={email}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={refused ? true : undefined}
            aria-describedby={`${id}-hint${refused ? ` ${id}-error` : ""}`}
            data-testid="ereceipt-email"
          />
          {refused && (
            <div id={`${id}-error`} className="invalid-feedback" data-testid="ereceipt-error">
              {t(refused.errors.email, { minutes: refused.minutes ?? 60 })}
            </div>
          )}
          <div id={`${id}-hint`} className="form-text">
            {t("shops.sell.ereceipt.emailHint")}
          </div>
        </div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy}
          data-testid="ereceipt-send"
        >
          {busy ? t("shops.sell.ereceipt.sending") : t("shops.sell.ereceipt.send")}
        </button>
      </div>
      {sent && (
        <p className="text-success small mt-2 mb-0" role="status" data-testid="ereceipt-sent">
          {t("shops.sell.ereceipt.sent", { email: sent })}
        </p>
      )}
    </sender.Form>
  );
}
