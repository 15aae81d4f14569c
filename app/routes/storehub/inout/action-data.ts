import type { StockDocumentView, LinePreview } from "~/modules/stock/index.server";
import {
  readInoutValues,
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
 * (ShopChangedNotice says why): without JavaScript the page is drawn again from these.
 */
export function keptAfterShopChange(kind: InoutKind, typed: Record<string, string>): ActionData {
  const form = new FormData();
  for (const [name, value] of Object.entries(typed)) form.append(name, value);
  return {
    formKey: "shop-changed",
    kind,
    values: readInoutValues(form),
    errors: { fields: {}, lines: {} },
    previews: {},
    intent: "check",
  };
}
