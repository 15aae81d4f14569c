import { data } from "react-router";
import type { AppContext } from "~/context";
import type { Lang } from "~/lib/i18n";
import {
  hitRateLimit,
  RateLimitedError,
  type RateLimitRule,
} from "~/modules/platform/index.server";
import { publicReceipt, type PublicReceipt } from "~/modules/sales/index.server";
import { tooManyRequestsPage } from "~/routes/errors.server";

/*
 * What the public receipt page and its PDF share (decision 0094): the rate limit per client
 * address, counted for every token tried (found or not), so guessing is as slow as reading, and
 * the receipt behind a token.
 */

/** Opening receipts: a customer opens theirs a few times; a guesser is held to this. */
export const RECEIPT_PAGE_LIMIT: RateLimitRule = {
  name: "ereceipt-page",
  limit: 30,
  windowSeconds: 60,
};

/** The receipt the token opens, or null; a 429 page past the client's limit. */
export async function readPublicReceipt(
  app: Pick<AppContext, "db" | "clientAddress" | "storage">,
  token: string | undefined,
  lang: Lang,
): Promise<PublicReceipt | null> {
  const limit = await hitRateLimit(app.db, RECEIPT_PAGE_LIMIT, app.clientAddress);
  if (!limit.allowed) {
    tooManyRequestsPage(lang)(
      new RateLimitedError(RECEIPT_PAGE_LIMIT.name, limit.retryAfterSeconds),
    );
  }
  if (!token) return null;
  return publicReceipt(app.db, token, { logoUrlOf: app.storage.urlOf });
}

/** The answer for a token that opens nothing: a 404 of the page itself (its Thai text). */
export function receiptNotFound<Messages extends object>(messages: Messages) {
  return data({ ...messages, found: false as const }, { status: 404 });
}
