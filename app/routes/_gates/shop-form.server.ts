import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import {
  SHOP_FORM_FIELD,
  isShopChangedResult,
  type ShopChangedResult,
} from "~/modules/shops/index.server";

// The gate reads the body before the action does; nothing legitimate is larger than an
// item's photo with its fields, and a bigger body is refused before it is read.
const MAX_GUARDED_BODY_BYTES = 16 * 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD"]);

export type ShopChangedAnswer = DataWithResponseInit<ShopChangedResult>;

/** Reads the posted form's shop when called: null when it is the right one, else the 409. */
export type FormShopCheck = () => Promise<ShopChangedAnswer | null>;

/**
 * The check that a post was made for `current`, the shop the action is about to change (null
 * for a read): it answers null when it was, else the 409. Every shop form carries `shopId`
 * (app/features/shops/shop-form.tsx), the shop its page was rendered for. Two tabs on two
 * shops share one active-shop cookie, so without this a form rendered in one tab would write
 * into the shop chosen later in the other. A post without the field is refused too: all our
 * forms send it, and a forged or stale one must not fall back to whatever shop is active. The
 * answer carries what was typed; the gates hand it to the action when it reads its shop, and
 * `keepFormOnShopChange` turns it into the action's answer so the page shows the message
 * above the kept form. A body too large to be a form is refused (413) before it is read.
 */
export function checkFormShop(
  request: Request,
  current: { id: string; name: string },
): FormShopCheck | null {
  if (SAFE_METHODS.has(request.method)) return null;
  if (Number(request.headers.get("content-length") ?? 0) > MAX_GUARDED_BODY_BYTES) {
    throw data(null, { status: 413 });
  }
  // Copied now, read only when the action asks for its shop: an action refuses a body over
  // its own limit first (an upload route, with the message in its form), before any byte of
  // it is read.
  const copy = request.clone();
  return async () => {
    const { sent, values } = await readSentShop(copy);
    if (sent === current.id) return null;
    return shopChanged(sent, current, values);
  };
}

/**
 * The same rule for a request that names its shop in the query string (the JSON look-ups and
 * the live stream of a page): true when it names `shopId`. A missing name does not match.
 */
export function queryNamesShop(url: URL, shopId: string): boolean {
  return url.searchParams.get(SHOP_FORM_FIELD) === shopId;
}

function shopChanged(
  sent: string | null,
  current: { id: string; name: string },
  values: Record<string, string>,
): ShopChangedAnswer {
  return data<ShopChangedResult>(
    {
      shopChanged: { sentShopId: sent, current: { id: current.id, name: current.name } },
      values,
      errors: {},
    },
    { status: 409 },
  );
}

async function readSentShop(
  request: Request,
): Promise<{ sent: string | null; values: Record<string, string> }> {
  const type = request.headers.get("content-type") ?? "";
  const values: Record<string, string> = {};
  try {
    if (type.includes("application/json")) {
      const body: unknown = await request.json();
      const sent =
        typeof body === "object" && body !== null && SHOP_FORM_FIELD in body
          ? (body as Record<string, unknown>)[SHOP_FORM_FIELD]
          : null;
      return { sent: typeof sent === "string" ? sent : null, values };
    }
    const form = await request.formData();
    for (const [key, value] of form) {
      if (typeof value === "string" && key !== SHOP_FORM_FIELD && !/password/i.test(key)) {
        values[key] = value;
      }
    }
    const sent = form.get(SHOP_FORM_FIELD);
    return { sent: typeof sent === "string" ? sent : null, values };
  } catch {
    // An unreadable body names no shop.
    return { sent: null, values };
  }
}

/**
 * Wraps a shop page's action: when the gate refused the post because the form was made for
 * another shop (thrown the moment the action asks the gate for its shop), the 409 becomes the
 * action's data instead of an error page, so the page stays, with what was typed and the
 * message (ShopChangedNotice). Nothing was written: an action learns its shop only from the
 * gate, before it reads or changes anything.
 */
export function keepFormOnShopChange<Args, Result>(
  action: (args: Args) => Promise<Result>,
): (args: Args) => Promise<Result | DataWithResponseInit<ShopChangedResult>> {
  return async (args) => {
    try {
      return await action(args);
    } catch (error) {
      if (isShopChangedResponse(error)) return error;
      throw error;
    }
  };
}

function isShopChangedResponse(error: unknown): error is DataWithResponseInit<ShopChangedResult> {
  return (
    typeof error === "object" &&
    error !== null &&
    "type" in error &&
    error.type === "DataWithResponseInit" &&
    "data" in error &&
    isShopChangedResult(error.data)
  );
}
