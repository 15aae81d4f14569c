import { Form as BsForm, type FormControlProps } from "react-bootstrap";
import type { InputHTMLAttributes } from "react";
import { dayInputText, monthInputText } from "~/lib/day-input";
import type { Lang } from "~/lib/i18n";

/*
 * A date (or month) field that shows and takes วว/ดด/ปปปป in the Buddhist era in Thai (decision
 * 0063; the reading is app/lib/day-input.ts). A plain text field, so it works before the page's
 * script loads and reads out like any other field; the words under it (DateShown) confirm the
 * day as it is typed. The number pad on a phone types 28112569, which is read the same.
 */
export function DayInput({
  month = false,
  lang,
  defaultValue,
  ...input
}: {
  /** A month field (ดด/ปปปป) rather than a day field. */
  month?: boolean;
  lang: Lang;
  /** YYYY-MM-DD (YYYY-MM for a month), shown the Thai way; anything else is shown as typed. */
  defaultValue: string;
  /** The format as the page's language writes it: "วว/ดด/ปปปป". */
  placeholder: string;
} & Omit<FormControlProps, "type" | "defaultValue" | "value"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue" | "value" | "size">) {
  return (
    <BsForm.Control
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={20}
      defaultValue={month ? monthInputText(defaultValue, lang) : dayInputText(defaultValue, lang)}
      {...input}
    />
  );
}
