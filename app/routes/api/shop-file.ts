import type { Route } from "./+types/shop-file";
import { appContext } from "~/context";
import type { ShopRole } from "~/db/schema";
import { RECEIPT_PHOTO_FOLDER } from "~/modules/finance/index.server";
import {
  mediaTypeOf,
  PRIVATE_FILE_CACHE,
  PRIVATE_FOLDER,
  readStoredFile,
} from "~/modules/media/index.server";
import { RECEIPT_LOGO_FOLDER } from "~/modules/sales/index.server";
import { SHOP_ROLES } from "~/modules/shops";
import { shopFileGate, shopFileNotFound } from "~/routes/_gates/shop-file.server";
import { FINANCE_ROLES } from "~/routes/shophub/finance/finance-text";

/** Which members of a shop open each folder of its private files (decision 0061). */
const READERS = new Map<string, readonly ShopRole[]>([
  // Expense receipt photos: whoever opens income and expenses (owners and managers).
  [RECEIPT_PHOTO_FOLDER, FINANCE_ROLES],
  // The receipt logo: every member (every role that prints a slip, and the owner's settings).
  [RECEIPT_LOGO_FOLDER, SHOP_ROLES],
]);

export const middleware: Route.MiddlewareFunction[] = [shopFileGate(READERS)];

/** A shop's private file, to a member the gate admitted: for their browser only, never kept. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = `${PRIVATE_FOLDER}${params["*"] ?? ""}`;
  const type = mediaTypeOf(key);
  const { db, storage } = context.get(appContext);
  const file = type ? await readStoredFile(db, storage, key) : null;
  if (!type || !file) return shopFileNotFound();
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": type,
      "Cache-Control": PRIVATE_FILE_CACHE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
