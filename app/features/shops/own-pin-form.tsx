import { Button } from "react-bootstrap";
import { Form } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { TextField } from "~/ui/text-field";

/*
 * A member's own PIN — the till PIN (decision 0088) or the approval PIN (decision 0059) — set,
 * changed or removed: typed twice, never shown, the server keeping only its hash. The two pages
 * differ in their words, the PIN's length and what else they show, not in this form.
 */

/** The page's words: the fields' labels and hint, and the buttons. */
export interface PinWords {
  pin: MessageKey;
  pinHint: MessageKey;
  confirm: MessageKey;
  set: MessageKey;
  change: MessageKey;
  remove: MessageKey;
}

export function OwnPinForm({
  shopId,
  hasPin,
  maxLength,
  words,
  testId,
  busy,
  error,
}: {
  shopId: string;
  hasPin: boolean;
  maxLength: number;
  words: PinWords;
  /** The form's and its button's test ids: `${testId}-form`, `${testId}-save`. */
  testId: string;
  busy: boolean;
  error: (field: "pin" | "confirm") => string | undefined;
}) {
  const t = useT();
  return (
    <>
      <Form method="post" noValidate className="account-form" data-testid={`${testId}-form`}>
        <ShopIdField shopId={shopId} />
        <input type="hidden" name="intent" value="set" />
        <TextField
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={maxLength}
          label={t(words.pin)}
          hint={t(words.pinHint)}
          error={error("pin")}
        />
        <TextField
          name="confirm"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={maxLength}
          label={t(words.confirm)}
          error={error("confirm")}
        />
        <Button type="submit" size="lg" disabled={busy} data-testid={`${testId}-save`}>
          {t(hasPin ? words.change : words.set)}
        </Button>
      </Form>
      {hasPin && (
        <Form method="post" className="mt-4">
          <ShopIdField shopId={shopId} />
          <input type="hidden" name="intent" value="remove" />
          <Button type="submit" variant="outline-danger" disabled={busy}>
            {t(words.remove)}
          </Button>
        </Form>
      )}
    </>
  );
}
