import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { formatDate } from "~/lib/dates";
import { formatSatang } from "~/lib/money";
import type { Translate } from "~/lib/i18n";
import {
  hitRateLimit,
  queueEmail,
  type RateLimitRule,
  renderBilingualEmail,
} from "~/modules/platform/index.server";
import { makeReceiptLinkToken, receiptLinkPath } from "./receipt-link.server";
import { getSaleDocument } from "./sale-document.server";

/*
 * Sending a sale's e-receipt link by e-mail (decision 0094): a fresh link made for this e-mail,
 * queued in the site's outbox (the worker sends it over SMTP), in Thai and English since the
 * shop does not know the customer's language. Limited per shop, so a till cannot be made to
 * send mail in bulk.
 */

/** E-mails per shop and hour: a busy shop e-mails a receipt for a fraction of its sales. */
export const RECEIPT_EMAIL_LIMIT: RateLimitRule = {
  name: "ereceipt-email",
  limit: 60,
  windowSeconds: 60 * 60,
};

export type ReceiptEmailRefusal = "notFound" | "notAReceipt" | "tooMany";

export type ReceiptEmailResult =
  { ok: true; to: string } | { ok: false; error: ReceiptEmailRefusal; retryAfterSeconds?: number };

/** Queues an e-mail with a new link to one of the shop's sale receipts. */
export async function emailReceiptLink(
  db: Database,
  input: {
    shopId: string;
    saleId: number;
    to: string;
    origin: string;
    th: Translate;
    en: Translate;
  },
): Promise<ReceiptEmailResult> {
  const document = await getSaleDocument(db, input.shopId, { saleId: input.saleId, doc: "sale" });
  if (!document) return { ok: false, error: "notFound" };
  if (document.kind !== "receipt" && document.kind !== "abbreviatedTaxInvoice") {
    return { ok: false, error: "notAReceipt" };
  }
  const limit = await hitRateLimit(db, RECEIPT_EMAIL_LIMIT, input.shopId);
  if (!limit.allowed) {
    return { ok: false, error: "tooMany", retryAfterSeconds: limit.retryAfterSeconds };
  }
  const token = await makeReceiptLinkToken(db, input.shopId, input.saleId);
  if (!token) return { ok: false, error: "notFound" };
  const url = `${input.origin}${receiptLinkPath(token)}`;
  const words = (t: Translate, lang: "th" | "en") => ({
    subject: t("shops.ereceipt.mail.subject", {
      shop: document.seller.name,
      number: document.documentNumber,
    }),
    body: [
      t("shops.ereceipt.mail.body", {
        shop: document.seller.name,
        number: document.documentNumber,
        date: formatDate(document.issuedAt, lang),
        amount: formatSatang(document.totalSatang),
      }),
    ],
    ignore: t("shops.ereceipt.mail.ignore"),
    link: t("shops.ereceipt.mail.link"),
  });
  const th = words(input.th, "th");
  const en = words(input.en, "en");
  const mail = renderBilingualEmail({
    subject: { th: th.subject, en: en.subject },
    th: th.body,
    en: en.body,
    link: { url, th: th.link, en: en.link },
  });
  await queueEmail(db, {
    to: input.to,
    subject: mail.subject,
    text: `${mail.text}\n\n${th.ignore}\n${en.ignore}`,
    html: mail.html,
  });
  return { ok: true, to: input.to };
}

/**
 * The e-mail of the customer a sale was made to, to fill the form in: "" without one, null when
 * the sale is not the shop's.
 */
export async function saleCustomerEmail(
  db: Database,
  shopId: string,
  saleId: number,
): Promise<string | null> {
  if (!Number.isSafeInteger(saleId) || saleId < 1) return null;
  // By table name: the customers module depends on sales, not the other way.
  const { rows } = await db.execute<{ email: string | null }>(sql`
    SELECT c.email FROM sale s
      LEFT JOIN sale_customer sc ON sc.sale_id = s.id AND sc.shop_id = s.shop_id
      LEFT JOIN customer c ON c.id = sc.customer_id AND c.shop_id = s.shop_id
     WHERE s.shop_id = ${shopId} AND s.id = ${saleId}`);
  const row = rows[0];
  return row ? (row.email ?? "") : null;
}
