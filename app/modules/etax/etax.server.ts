import { and, desc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { creditNoteBuyer, emailOutbox } from "~/db/schema";
import { queueEmail } from "~/modules/platform/index.server";
import type { SaleDocument } from "~/modules/sales";
import { getSalesSettings } from "~/modules/sales/index.server";
import { ETAX_TIMESTAMP_DEFAULT, type EtaxSettingsForm } from "./etax-forms";
import { type EtaxDocumentKind, etaxDelivery, shopEtaxAddress, shopEtaxSetting } from "./schema";
import { placeOf, placesOfPostcode, type ThaiPlace } from "./thai-places.server";

/*
 * e-Tax Invoice by Time Stamp (decision 0074): the shop's settings, whether a document may be
 * sent, and the sending itself — one outbox e-mail to the buyer with a copy to the time-stamp
 * service, the PDF/A-3 attached, recorded on the document.
 */

/** The seller's address for the XML (decision 0090): the house number and the place. */
export interface EtaxSellerAddress {
  buildingNumber: string;
  place: ThaiPlace;
}

export interface EtaxSettings {
  enabled: boolean;
  registration: string;
  senderEmail: string;
  timestampEmail: string;
  address: EtaxSellerAddress | null;
}

export async function getEtaxSettings(db: DbExecutor, shopId: string): Promise<EtaxSettings> {
  const [[row], address] = await Promise.all([
    db.select().from(shopEtaxSetting).where(eq(shopEtaxSetting.shopId, shopId)).limit(1),
    getEtaxSellerAddress(db, shopId),
  ]);
  return row
    ? {
        enabled: row.enabled,
        registration: row.registration,
        senderEmail: row.senderEmail,
        timestampEmail: row.timestampEmail,
        address,
      }
    : {
        enabled: false,
        registration: "",
        senderEmail: "",
        timestampEmail: ETAX_TIMESTAMP_DEFAULT,
        address,
      };
}

/** The shop's structured address with its place's names, or null when it has none. */
export async function getEtaxSellerAddress(
  db: DbExecutor,
  shopId: string,
): Promise<EtaxSellerAddress | null> {
  const [row] = await db
    .select()
    .from(shopEtaxAddress)
    .where(eq(shopEtaxAddress.shopId, shopId))
    .limit(1);
  if (!row) return null;
  // A code the list no longer serves from that postcode (a sub-district split or renamed) is
  // kept with what the codes say and no names: the XML needs only the codes.
  const place = (await placeOf(row.postcode, row.subDistrictCode)) ?? {
    code: row.subDistrictCode,
    subDistrict: "",
    district: "",
    province: "",
    postcode: row.postcode,
  };
  return { buildingNumber: row.buildingNumber, place };
}

export type EtaxSettingsRefusal =
  | { error: "notVatRegistered"; field: "enabled" }
  | { error: "postcodeUnknown"; field: "postcode" }
  | { error: "subDistrictNotOfPostcode"; field: "subDistrict" };

export { placesOfPostcode };

/**
 * Saves the shop's e-Tax settings and its address for the XML in one transaction; switching
 * it on needs a VAT-registered shop, and the sub-district must be one the postcode serves.
 */
export async function saveEtaxSettings(
  db: DbExecutor,
  shopId: string,
  form: EtaxSettingsForm,
): Promise<{ ok: true } | ({ ok: false } & EtaxSettingsRefusal)> {
  if (form.enabled && !(await getSalesSettings(db, shopId)).vatRegistered) {
    return { ok: false, error: "notVatRegistered", field: "enabled" };
  }
  const { buildingNumber, postcode, subDistrict, ...settings } = form;
  if (postcode !== "") {
    if ((await placesOfPostcode(postcode)).length === 0) {
      return { ok: false, error: "postcodeUnknown", field: "postcode" };
    }
    if (!(await placeOf(postcode, subDistrict))) {
      return { ok: false, error: "subDistrictNotOfPostcode", field: "subDistrict" };
    }
  }
  const now = new Date();
  const values = { ...settings, updatedAt: now };
  await db.transaction(async (tx) => {
    await tx
      .insert(shopEtaxSetting)
      .values({ shopId, ...values })
      .onConflictDoUpdate({ target: shopEtaxSetting.shopId, set: values });
    if (postcode === "") {
      await tx.delete(shopEtaxAddress).where(eq(shopEtaxAddress.shopId, shopId));
      return;
    }
    const address = { buildingNumber, postcode, subDistrictCode: subDistrict, updatedAt: now };
    await tx
      .insert(shopEtaxAddress)
      .values({ shopId, ...address })
      .onConflictDoUpdate({ target: shopEtaxAddress.shopId, set: address });
  });
  return { ok: true };
}

export type EtaxRefusal =
  | "notVatRegistered"
  | "notEnabled"
  | "noSellerAddress"
  | "cancelled"
  | "notATaxDocument"
  | "noBuyer";

/**
 * Whether this document may go out as an e-Tax invoice: the shop is VAT-registered and has
 * e-Tax switched on, the document is a full tax invoice or a credit note of a sale that
 * stands, and it names a buyer (a credit note of a slip has none).
 */
export async function etaxRefusal(
  db: DbExecutor,
  shopId: string,
  document: SaleDocument,
  /** The sale's full tax invoice's number, when it has one. */
  fullInvoiceNumber: string | null,
  /** The credit note's id, when the document is one. */
  creditNoteId: number | null = null,
): Promise<EtaxRefusal | null> {
  const [selling, etax] = await Promise.all([
    getSalesSettings(db, shopId),
    getEtaxSettings(db, shopId),
  ]);
  if (!selling.vatRegistered || !document.seller.taxId) return "notVatRegistered";
  if (!etax.enabled || etax.senderEmail === "" || etax.registration === "") return "notEnabled";
  // Switched on before the address was asked (decision 0090): ETDA's schematron refuses a
  // seller without it, so nothing goes out until the owner fills it in.
  if (!etax.address) return "noSellerAddress";
  if (document.kind !== "fullTaxInvoice" && document.kind !== "creditNote") {
    return "notATaxDocument";
  }
  if (document.status === "void") return "cancelled";
  if (!document.buyer) return "noBuyer";
  // A credit note reduces the sale's full tax invoice (and goes to its buyer), or the slip and
  // names the buyer asked on the return (decision 0084). A note of a slip written before that
  // (no buyer of its own) got the full tax invoice's buyer in `document.buyer` only because the
  // invoice came later: it names no buyer the time stamp could be sent for.
  if (
    document.kind === "creditNote" &&
    (fullInvoiceNumber === null || document.correction?.originalNumber !== fullInvoiceNumber) &&
    !(creditNoteId !== null && (await noteNamesBuyer(db, shopId, creditNoteId)))
  ) {
    return "noBuyer";
  }
  return null;
}

export interface EtaxSending {
  shopId: string;
  saleId: number;
  creditNoteId: number | null;
  document: SaleDocument;
  buyerEmail: string;
  /** The PDF/A-3 with the XML inside. */
  pdf: Buffer;
  fileName: string;
  subject: string;
  text: string;
  html: string;
  sentBy: string;
}

/** Queues the e-mail (buyer, copy to the time-stamp service) and records it on the document. */
export async function queueEtaxDocument(db: DbExecutor, sending: EtaxSending) {
  const settings = await getEtaxSettings(db, sending.shopId);
  const emailId = await queueEmail(db, {
    to: sending.buyerEmail,
    cc: [settings.timestampEmail],
    from: settings.senderEmail,
    replyTo: settings.senderEmail,
    subject: sending.subject,
    text: sending.text,
    html: sending.html,
    attachments: [
      { fileName: sending.fileName, contentType: "application/pdf", content: sending.pdf },
    ],
  });
  const kind: EtaxDocumentKind =
    sending.document.kind === "creditNote" ? "creditNote" : "fullTaxInvoice";
  const [row] = await db
    .insert(etaxDelivery)
    .values({
      shopId: sending.shopId,
      saleId: sending.saleId,
      creditNoteId: kind === "creditNote" ? sending.creditNoteId : null,
      documentKind: kind,
      documentNumber: sending.document.documentNumber,
      toAddress: sending.buyerEmail,
      ccAddress: settings.timestampEmail,
      fromAddress: settings.senderEmail,
      emailId,
      fileName: sending.fileName,
      fileBytes: sending.pdf.byteLength,
      sentBy: sending.sentBy,
    })
    .returning({ id: etaxDelivery.id });
  if (!row) throw new Error("e-Tax delivery insert returned no row");
  return { id: row.id, emailId };
}

export interface EtaxDeliveryRow {
  id: number;
  documentKind: EtaxDocumentKind;
  documentNumber: string;
  creditNoteId: number | null;
  toAddress: string;
  ccAddress: string;
  fileName: string;
  queuedAt: Date;
  /** The outbox's word: pending, sending, sent or failed (null once the mail row is gone). */
  status: "pending" | "sending" | "sent" | "failed" | null;
  sentAt: Date | null;
}

/** What was sent of a sale's documents, newest first. */
export async function listEtaxDeliveries(
  db: DbExecutor,
  shopId: string,
  saleId: number,
): Promise<EtaxDeliveryRow[]> {
  const rows = await db
    .select({
      id: etaxDelivery.id,
      documentKind: etaxDelivery.documentKind,
      documentNumber: etaxDelivery.documentNumber,
      creditNoteId: etaxDelivery.creditNoteId,
      toAddress: etaxDelivery.toAddress,
      ccAddress: etaxDelivery.ccAddress,
      fileName: etaxDelivery.fileName,
      queuedAt: etaxDelivery.createdAt,
      status: emailOutbox.status,
      sentAt: emailOutbox.sentAt,
    })
    .from(etaxDelivery)
    .leftJoin(emailOutbox, eq(emailOutbox.id, etaxDelivery.emailId))
    .where(and(eq(etaxDelivery.shopId, shopId), eq(etaxDelivery.saleId, saleId)))
    .orderBy(desc(etaxDelivery.id));
  return rows;
}

/** Whether the credit note names a buyer of its own (asked on the return of a slip). */
async function noteNamesBuyer(db: DbExecutor, shopId: string, creditNoteId: number) {
  const [row] = await db
    .select({ id: creditNoteBuyer.id })
    .from(creditNoteBuyer)
    .where(and(eq(creditNoteBuyer.shopId, shopId), eq(creditNoteBuyer.creditNoteId, creditNoteId)));
  return row !== undefined;
}
