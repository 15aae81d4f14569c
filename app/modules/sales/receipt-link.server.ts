import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { encode } from "uqr";
import type { Database, DbExecutor } from "~/db/client.server";
import { getOrCreateSecret } from "~/modules/platform/index.server";
import type { SaleDocument } from "./sale-contract";
import { getSaleDocument, type SaleDocumentOptions } from "./sale-document.server";
import { creditNote, sale, saleReceiptLink, saleReceiptLinkSetting } from "./schema";

/*
 * The e-receipt (issue 37, decision 0094): a link `/r/<token>` to a sale's receipt as a page,
 * printed as a QR on the slip and sent by e-mail. The token is 16 random bytes (128 bits) in
 * base64url; only its SHA-256 is stored. An e-mail's token is random, made for that e-mail. The
 * slip's token is one per sale (decision 0096): derived under the slip-link secret, so every
 * print, reprint and reload of the print page shows the same QR and writes no second row.
 */

const TOKEN_BYTES = 16;
/** 16 bytes in base64url without padding: 22 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The path of the public receipt page of a token. */
export function receiptLinkPath(token: string): string {
  return `/r/${token}`;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Stores a token's hash for one of the shop's sales; false when the sale is not the shop's. */
async function storeToken(
  db: DbExecutor,
  shopId: string,
  saleId: number,
  token: string,
): Promise<boolean> {
  if (!Number.isSafeInteger(saleId) || saleId < 1) return false;
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO ${saleReceiptLink} (shop_id, sale_id, token_hash)
    SELECT ${sale.shopId}, ${sale.id}, ${hashToken(token)}
      FROM ${sale}
     WHERE ${sale.id} = ${saleId} AND ${sale.shopId} = ${shopId}
    ON CONFLICT (token_hash) DO NOTHING
    RETURNING id`);
  return rows.length > 0;
}

/**
 * Makes a new random link token for one of the shop's sales (an e-mail's) and stores its hash;
 * null when the sale is not the shop's. The token is returned once: only its hash is kept.
 */
export async function makeReceiptLinkToken(
  db: DbExecutor,
  shopId: string,
  saleId: number,
): Promise<string | null> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  return (await storeToken(db, shopId, saleId, token)) ? token : null;
}

const configuredSecret = new WeakMap<object, string>();
const storedSecret = new WeakMap<object, Promise<string>>();

/**
 * The slip-link secret of this database's app: the environment's (E_RECEIPT_SECRET), set by
 * server/app.ts at start; unset, one made on first use and kept in app_secret like the others.
 */
export function configureReceiptLinks(db: Database, options: { secret?: string }): void {
  if (options.secret) configuredSecret.set(db.$client, options.secret);
}

function slipSecret(db: Database): Promise<string> {
  const configured = configuredSecret.get(db.$client);
  if (configured) return Promise.resolve(configured);
  let stored = storedSecret.get(db.$client);
  if (!stored) {
    stored = getOrCreateSecret(db, "e-receipt");
    // A failed read is tried again next time, not remembered.
    stored.catch(() => storedSecret.delete(db.$client));
    storedSecret.set(db.$client, stored);
  }
  return stored;
}

/**
 * The slip's token of one of the shop's sales: the first 16 bytes of HMAC-SHA256 over the shop
 * and the sale under the slip-link secret, so the same sale always prints the same link, and no
 * one without the secret can make or guess one. Its hash is stored on the first print (the
 * public page finds a link by hash alone); null when the sale is not the shop's.
 */
export async function slipReceiptLinkToken(
  db: Database,
  shopId: string,
  saleId: number,
): Promise<string | null> {
  if (!Number.isSafeInteger(saleId) || saleId < 1) return null;
  const token = createHmac("sha256", await slipSecret(db))
    .update(`e-receipt slip\0${shopId}\0${saleId}`, "utf8")
    .digest()
    .subarray(0, TOKEN_BYTES)
    .toString("base64url");
  const isThisSale = (link: { shopId: string; saleId: number } | null) =>
    link?.shopId === shopId && link.saleId === saleId;
  // Printed before: the row is there, nothing is written.
  if (isThisSale(await findReceiptLink(db, token))) return token;
  if (await storeToken(db, shopId, saleId, token)) return token;
  // Another print of the same sale stored it at the same moment.
  return isThisSale(await findReceiptLink(db, token)) ? token : null;
}

/** The shop and sale a token opens, or null for a malformed or unknown token. */
export async function findReceiptLink(
  db: DbExecutor,
  token: string,
): Promise<{ shopId: string; saleId: number } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ shopId: saleReceiptLink.shopId, saleId: saleReceiptLink.saleId })
    .from(saleReceiptLink)
    .where(eq(saleReceiptLink.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/** Whether the shop's slips carry the e-receipt QR (on until the owner turns it off). */
export async function receiptQrOnSlip(db: DbExecutor, shopId: string): Promise<boolean> {
  const [row] = await db
    .select({ qrOnSlip: saleReceiptLinkSetting.qrOnSlip })
    .from(saleReceiptLinkSetting)
    .where(eq(saleReceiptLinkSetting.shopId, shopId))
    .limit(1);
  return row?.qrOnSlip ?? true;
}

/** Turns the slip's e-receipt QR on or off for the shop. */
export async function setReceiptQrOnSlip(
  db: DbExecutor,
  shopId: string,
  qrOnSlip: boolean,
): Promise<void> {
  await db
    .insert(saleReceiptLinkSetting)
    .values({ shopId, qrOnSlip })
    .onConflictDoUpdate({
      target: saleReceiptLinkSetting.shopId,
      set: { qrOnSlip, updatedAt: sql`now()` },
    });
}

/**
 * The QR of a link as one SVG path in module units (a run of dark modules in a row is one
 * rectangle), drawn alike by the HTML layouts, the PDF and the ESC/POS painter. Medium error
 * correction, so a slip with a crease still scans; the quiet zone is the drawer's margin.
 */
export function receiptQr(url: string): NonNullable<SaleDocument["receiptLink"]> {
  const qr = encode(url, { ecc: "M", border: 0 });
  let path = "";
  qr.data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return { url, qrSize: qr.size, qrPath: path };
}

/**
 * The slip's receipt document with the sale's e-receipt link when the shop prints the QR: a
 * receipt or abbreviated invoice of a sale only (not a full invoice or credit note). The same
 * link on every print of the sale (decision 0096).
 */
export async function withReceiptLink(
  db: Database,
  shopId: string,
  saleId: number,
  document: SaleDocument,
  origin: string,
): Promise<SaleDocument> {
  if (document.kind !== "receipt" && document.kind !== "abbreviatedTaxInvoice") return document;
  if (!(await receiptQrOnSlip(db, shopId))) return document;
  const token = await slipReceiptLinkToken(db, shopId, saleId);
  if (!token) return document;
  return { ...document, receiptLink: receiptQr(`${origin}${receiptLinkPath(token)}`) };
}

/**
 * The slip's receipt document with a link made before (the print page's, which its PDF button
 * sends back): no new token is written, so handing the same page out as a PDF changes nothing.
 * A link that is not this sale's (or none) leaves the document without a QR.
 */
export async function withGivenReceiptLink(
  db: DbExecutor,
  shopId: string,
  saleId: number,
  document: SaleDocument,
  givenUrl: string,
  origin: string,
): Promise<SaleDocument> {
  if (document.kind !== "receipt" && document.kind !== "abbreviatedTaxInvoice") return document;
  const token = /\/r\/([A-Za-z0-9_-]{22})$/.exec(givenUrl)?.[1];
  if (!token) return document;
  const link = await findReceiptLink(db, token);
  if (!link || link.shopId !== shopId || link.saleId !== saleId) return document;
  if (!(await receiptQrOnSlip(db, shopId))) return document;
  return { ...document, receiptLink: receiptQr(`${origin}${receiptLinkPath(token)}`) };
}

/** A credit note against the sale, as the public page names it. */
export interface PublicReturn {
  documentNumber: string;
  issuedAt: Date;
  totalSatang: number;
}

export interface PublicReceipt {
  shopId: string;
  saleId: number;
  /** The receipt without anything private: no customer, no phone number, no cashier. */
  document: SaleDocument;
  returns: PublicReturn[];
}

/**
 * The receipt a token opens, as anyone holding the link may see it, or null. What the slip
 * says about people is left out (the customer and their points, the shop's and anyone's phone
 * number, the cashier's name); a sale carries no costs. A voided sale stays voided, and the
 * credit notes issued against it are listed.
 */
export async function publicReceipt(
  db: DbExecutor,
  token: string,
  options: SaleDocumentOptions = {},
): Promise<PublicReceipt | null> {
  const link = await findReceiptLink(db, token);
  if (!link) return null;
  const [document, returns] = await Promise.all([
    getSaleDocument(db, link.shopId, { saleId: link.saleId, doc: "sale" }, options),
    db
      .select({
        documentNumber: creditNote.documentNumber,
        issuedAt: creditNote.createdAt,
        totalSatang: creditNote.totalSatang,
      })
      .from(creditNote)
      .where(and(eq(creditNote.shopId, link.shopId), eq(creditNote.saleId, link.saleId)))
      .orderBy(asc(creditNote.id)),
  ]);
  if (!document) return null;
  const { customer: _customer, ...rest } = document;
  return {
    ...link,
    document: {
      ...rest,
      // The page is the receipt as the shop issued it, not a print of it.
      isCopy: false,
      cashierName: "",
      seller: { ...document.seller, phone: "" },
      receiptLink: null,
    },
    returns,
  };
}
