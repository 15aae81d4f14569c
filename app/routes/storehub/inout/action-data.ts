import { readForm } from "~/lib/forms/read-form";
import type { StockDocumentView, LinePreview } from "~/modules/stock/index.server";
import {
  inoutValuesSchema,
  type InoutErrors,
  type InoutKind,
  type InoutValues,
} from "~/modules/stock";

/** What the in/out action answers when it does not redirect: the form as checked. */
export interface ActionData {
  formKey: string;
  kind: InoutKind;
  values: InoutValues;
  errors: InoutErrors;
  previews: Record<number, LinePreview>;
  intent: "post" | "check";
}

/** The document just posted, as the loader shows it (its number printed). */
export type Posted = Omit<StockDocumentView, "number"> & { number: string };

/**
 * The form as it was typed, after the post was refused because the active shop changed
 * (ShopChangedNotice says why), read by the action as any post is: without JavaScript the
 * page is drawn again from these.
 */
export function keptAfterShopChange(kind: InoutKind, typed: Record<string, string>): ActionData {
  const form = new FormData();
  for (const [name, value] of Object.entries(typed)) form.append(name, value);
  const read = readForm(form, inoutValuesSchema);
  return {
    formKey: "shop-changed",
    kind,
    // The values schema reads any form; the empty form is only for the type's sake.
    values: read.ok ? read.data : { reference: "", reason: "", note: "", scan: "", lines: [] },
    errors: { fields: {}, lines: {} },
    previews: {},
    intent: "check",
  };
}
