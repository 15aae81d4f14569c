import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import {
  emailAttachment,
  emailOutbox,
  etaxDelivery,
  shopEtaxAddress,
  shopEtaxSetting,
} from "~/db/schema";
import { ETAX_TIMESTAMP_DEFAULT } from "~/modules/etax";
import {
  createSmtpSender,
  deliverDueEmails,
  purgeOldEmailBodies,
} from "~/modules/platform/index.server";
import { issueFullTaxInvoice, returnSaleLines } from "~/modules/sales/index.server";
import * as detailRoute from "~/routes/shophub/invoices/detail";
import * as settingsRoute from "~/routes/shophub/selling-settings/etax";
import { pdfObjects, validateEtdaOfficial, validateEtdaSubset } from "../setup/etda";
import { addShopMember, insertItem, insertShop } from "../setup/factories";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { createSaleForTest, registerForVat, TEST_BUYER } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * e-Tax Invoice by Time Stamp end to end (decision 0074): the owner's settings, the refusals in
 * Thai, and a full tax invoice and a credit note sent through the real outbox and SMTP code to
 * an SMTP server this test starts, read back with mailparser: recipients, sender, the PDF/A-3
 * and the ETDA XML inside it, checked against the schema.
 */

let test: TestDatabase;
let smtp: { url: string; received: { to: string[]; raw: string }[]; close(): Promise<void> };

async function startSmtp(): Promise<typeof smtp> {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("latin1"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  test = await createTestDatabase();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await test.drop();
});

type DataFunction = (args: never) => unknown;
function call<T = unknown>(
  fn: DataFunction,
  path: string,
  member: SessionUser | null,
  form?: Record<string, string>,
) {
  return outcomeOf<T>(
    callRoute(fn, path, { ...(form ? { form } : {}), context: routeContext(test.db, member) }),
  );
}

interface Failure {
  intent?: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
}

const SENDER = "billing@shop.example";
const BUYER_EMAIL = "ap@buyer.example";

async function vatShopWithDocuments() {
  const t = await insertShop(test.db);
  await registerForVat(test.db, t.shop.id);
  const item = await insertItem(test.db, t.shop.id, t.ownerId, {
    fields: { price: 10_700 },
    opening: { qty: 10_000, locationId: t.defaultLocationId },
  });
  const cashier = await addShopMember(test.db, t.shop.id, "cashier");
  const manager = await addShopMember(test.db, t.shop.id, "manager");
  const sold = await createSaleForTest(test.db, {
    shopId: t.shop.id,
    userId: t.ownerId,
    lines: [{ itemId: item.id, qty: 3 }],
  });
  const owner = { shopId: t.shop.id, userId: t.ownerId, role: "owner" as const };
  const full = await issueFullTaxInvoice(test.db, owner, { saleId: sold.id, buyer: TEST_BUYER });
  if (!full.ok) throw new Error("no full tax invoice");
  const returned = await returnSaleLines(test.db, owner, {
    saleId: sold.id,
    lines: [{ saleLineId: sold.lineIds[0]!, qtyMilli: 1_000 }],
    reason: "สินค้าชำรุด",
    refundMethod: "cash",
    buyer: TEST_BUYER,
  });
  if (!returned.ok) throw new Error("no credit note");
  return {
    t,
    sold,
    creditNoteId: returned.creditNote.id,
    owner: sessionUserOf(t.ownerId),
    manager: sessionUserOf(manager.id, manager.name),
    cashier: sessionUserOf(cashier.id, cashier.name),
    path: `/shophub/invoices/${sold.id}?shop=${t.shop.id}`,
    settingsPath: `/shophub/settings/etax?shop=${t.shop.id}`,
  };
}

/** e-Tax switched on with the seller's address for the XML (5/12, ลาดยาว, จตุจักร, 10900). */
async function switchEtaxOn(shopId: string, registration: string) {
  await test.db.insert(shopEtaxSetting).values({
    shopId,
    enabled: true,
    registration,
    senderEmail: SENDER,
  });
  await test.db
    .insert(shopEtaxAddress)
    .values({ shopId, buildingNumber: "5/12", postcode: "10900", subDistrictCode: "103001" });
}

async function outboxCount() {
  return (await test.db.select().from(emailOutbox)).length;
}

async function deliver(): Promise<ParsedMail[]> {
  smtp.received.length = 0;
  await deliverDueEmails(test.db, createSmtpSender(smtp.url), "DP Tech <no-reply@dptech.co.th>");
  return Promise.all(smtp.received.map((mail) => simpleParser(Buffer.from(mail.raw, "latin1"))));
}

/** The PDF/A-3 facts of a PDF, read from its bytes, and the embedded XML. */
function readPdfA3(pdf: Buffer) {
  const objects = pdfObjects(pdf);
  const text = pdf.toString("latin1");
  const metadata = objects.find((o) => /\/Type \/Metadata/.test(o.dictionary));
  const embedded = objects.find((o) => /\/Type \/EmbeddedFile/.test(o.dictionary));
  const filespec = objects.find((o) => /\/Type \/Filespec/.test(o.dictionary));
  const catalog = objects.find((o) => /\/Type \/Catalog/.test(o.dictionary));
  return {
    version: text.slice(0, 8),
    xmp: metadata?.stream?.toString("utf8") ?? "",
    filespec: filespec?.dictionary ?? "",
    catalog: catalog?.dictionary ?? "",
    embeddedSubtype: embedded?.dictionary.match(/\/Subtype \/([^\s/>]+)/)?.[1] ?? null,
    xml: embedded?.stream?.toString("utf8") ?? null,
    hasOutputIntent: /\/OutputIntent/.test(text) && /GTS_PDFA1/.test(text),
  };
}

describe("e-Tax Invoice by Time Stamp", () => {
  it("keeps the owner's settings, refused next to the fields in Thai with what was typed", async () => {
    const s = await vatShopWithDocuments();
    const page = await call<Awaited<ReturnType<typeof settingsRoute.loader>>>(
      settingsRoute.loader,
      s.settingsPath,
      s.owner,
    );
    expect(page.data!.values).toMatchObject({
      enabled: "",
      timestampEmail: ETAX_TIMESTAMP_DEFAULT,
    });
    const manager = await call(settingsRoute.loader, s.settingsPath, s.manager);
    expect(manager.status).toBe(403);

    const bad = await call<Failure>(settingsRoute.action, s.settingsPath, s.owner, {
      shopId: s.t.shop.id,
      enabled: "on",
      registration: "",
      senderEmail: "billing at shop",
      timestampEmail: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toEqual({
      registration: "shops.etax.error.registrationRequired",
      senderEmail: "shops.etax.error.emailInvalid",
      timestampEmail: "shops.etax.error.timestampRequired",
      buildingNumber: "shops.etax.error.buildingNumberRequired",
      postcode: "shops.etax.error.postcodeRequired",
      subDistrict: "shops.etax.error.subDistrictRequired",
    });
    expect(bad.data!.values).toMatchObject({ senderEmail: "billing at shop" });
    expect(await test.db.select().from(shopEtaxSetting)).toHaveLength(0);

    // The seller's address for the XML (decision 0090): a postcode nobody uses, then a
    // sub-district of another postcode, each refused next to its field with what was typed.
    const settings = {
      shopId: s.t.shop.id,
      enabled: "on",
      registration: "ETAX-2569-0001",
      senderEmail: SENDER,
      timestampEmail: ETAX_TIMESTAMP_DEFAULT,
      buildingNumber: "5/12",
    };
    const noSuchPostcode = await call<Failure & { places: unknown[] }>(
      settingsRoute.action,
      s.settingsPath,
      s.owner,
      { ...settings, postcode: "00000", subDistrict: "103001" },
    );
    expect(noSuchPostcode.status).toBe(400);
    expect(noSuchPostcode.data!.errors).toEqual({ postcode: "shops.etax.error.postcodeUnknown" });
    expect(noSuchPostcode.data!.values).toMatchObject({
      buildingNumber: "5/12",
      postcode: "00000",
    });
    const elsewhere = await call<Failure & { places: { code: string; label: string }[] }>(
      settingsRoute.action,
      s.settingsPath,
      s.owner,
      { ...settings, postcode: "10900", subDistrict: "100101" },
    );
    expect(elsewhere.data!.errors).toEqual({
      subDistrict: "shops.etax.error.subDistrictNotOfPostcode",
    });
    // The answer offers the postcode's own sub-districts to choose from (no JavaScript needed).
    expect(elsewhere.data!.places).toContainEqual({
      code: "103001",
      label: "ลาดยาว · จตุจักร · กรุงเทพมหานคร",
    });
    expect(elsewhere.data!.places.every((place) => place.code.startsWith("10"))).toBe(true);
    const halfAddress = await call<Failure>(settingsRoute.action, s.settingsPath, s.owner, {
      ...settings,
      enabled: "",
      buildingNumber: "",
      postcode: "10900",
    });
    expect(halfAddress.data!.errors).toEqual({
      buildingNumber: "shops.etax.error.buildingNumberRequired",
      subDistrict: "shops.etax.error.subDistrictRequired",
    });
    expect(await test.db.select().from(shopEtaxSetting)).toHaveLength(0);
    expect(await test.db.select().from(shopEtaxAddress)).toHaveLength(0);

    const good = await call(settingsRoute.action, s.settingsPath, s.owner, {
      ...settings,
      postcode: "10 900",
      subDistrict: "103001",
    });
    expect(good.status).toBe(302);
    const [saved] = await test.db
      .select()
      .from(shopEtaxSetting)
      .where(eq(shopEtaxSetting.shopId, s.t.shop.id));
    expect(saved).toMatchObject({ enabled: true, senderEmail: SENDER });
    const reread = await call<Awaited<ReturnType<typeof settingsRoute.loader>>>(
      settingsRoute.loader,
      s.settingsPath,
      s.owner,
    );
    expect(reread.data!.values).toMatchObject({
      buildingNumber: "5/12",
      postcode: "10900",
      subDistrict: "103001",
    });
    expect(reread.data!.places.map((place) => place.code)).toContain("103001");
  });

  it("refuses a shop without VAT, one not switched on, a cashier and a buyer without e-mail", async () => {
    const s = await vatShopWithDocuments();
    const before = await outboxCount();
    const send = (member: SessionUser, fields: Record<string, string> = {}) =>
      call<Failure>(detailRoute.action, s.path, member, {
        shopId: s.t.shop.id,
        intent: "etax",
        doc: "full",
        buyerEmail: BUYER_EMAIL,
        ...fields,
      });

    const off = await send(s.owner);
    expect(off.status).toBe(409);
    expect(off.data!.formError).toBe("shops.etax.error.notEnabled");

    await test.db.insert(shopEtaxSetting).values({
      shopId: s.t.shop.id,
      enabled: true,
      registration: "ETAX-1",
      senderEmail: SENDER,
    });
    // Switched on before the address was asked: nothing goes out until it is filled in.
    const noAddress = await send(s.owner);
    expect(noAddress.status).toBe(409);
    expect(noAddress.data!.formError).toBe("shops.etax.error.noSellerAddress");
    const cashier = await send(s.cashier);
    expect(cashier.status).toBe(403);
    expect(cashier.data!.formError).toBe("shops.etax.error.role");

    const noMail = await send(s.manager, { buyerEmail: "  " });
    expect(noMail.status).toBe(400);
    expect(noMail.data!.errors).toEqual({ buyerEmail: "shops.etax.error.buyerEmailRequired" });
    const badMail = await send(s.manager, { buyerEmail: "ap@buyer" });
    expect(badMail.data!.errors).toEqual({ buyerEmail: "shops.etax.error.emailInvalid" });
    expect(badMail.data!.values).toMatchObject({ buyerEmail: "ap@buyer", doc: "full" });
    const otherNote = await send(s.manager, { doc: "credit-999999" });
    expect(otherNote.status).toBe(404);

    // The shop leaves VAT: nothing may go out as a tax invoice any more.
    await registerForVat(test.db, s.t.shop.id);
    const { setSalesSettings } = await import("../setup/sales-factory");
    await setSalesSettings(test.db, s.t.shop.id, { vatRegistered: false });
    const notVat = await send(s.owner);
    expect(notVat.status).toBe(409);
    expect(notVat.data!.formError).toBe("shops.etax.error.notVatRegistered");
    const enable = await call<Failure>(settingsRoute.action, s.settingsPath, s.owner, {
      shopId: s.t.shop.id,
      enabled: "on",
      registration: "ETAX-1",
      senderEmail: SENDER,
      timestampEmail: ETAX_TIMESTAMP_DEFAULT,
      buildingNumber: "5/12",
      postcode: "10900",
      subDistrict: "103001",
    });
    expect(enable.data!.errors).toEqual({ enabled: "shops.etax.error.notVatRegistered" });

    expect(await outboxCount()).toBe(before);
    expect(
      await test.db.select().from(etaxDelivery).where(eq(etaxDelivery.shopId, s.t.shop.id)),
    ).toHaveLength(0);
  });

  it("mails the credit note of a slip to the buyer asked on the return (decision 0084)", async () => {
    const t = await insertShop(test.db);
    await registerForVat(test.db, t.shop.id);
    const item = await insertItem(test.db, t.shop.id, t.ownerId, {
      fields: { price: 10_700 },
      opening: { qty: 10_000, locationId: t.defaultLocationId },
    });
    const sold = await createSaleForTest(test.db, {
      shopId: t.shop.id,
      userId: t.ownerId,
      lines: [{ itemId: item.id, qty: 2 }],
    });
    const owner = { shopId: t.shop.id, userId: t.ownerId, role: "owner" as const };
    const buyer = {
      name: "นายสมชาย ใจดี",
      address: "99 ถนนงามวงศ์วาน นนทบุรี 11000",
      taxId: "3100600123450",
      branchCode: "00000",
    };
    const returned = await returnSaleLines(test.db, owner, {
      saleId: sold.id,
      lines: [{ saleLineId: sold.lineIds[0]!, qtyMilli: 1_000 }],
      reason: "สินค้าชำรุด",
      refundMethod: "cash",
      buyer,
    });
    if (!returned.ok) throw new Error(JSON.stringify(returned));
    await switchEtaxOn(t.shop.id, "ETAX-2569-0002");
    await test.db.delete(emailOutbox);
    const path = `/shophub/invoices/${sold.id}?shop=${t.shop.id}`;
    const sent = await call(detailRoute.action, path, sessionUserOf(t.ownerId), {
      shopId: t.shop.id,
      intent: "etax",
      doc: `credit-${returned.creditNote.id}`,
      buyerEmail: BUYER_EMAIL,
    });
    expect(sent.status).toBe(302);
    const [mail] = await deliver();
    const xml = readPdfA3(mail!.attachments[0]!.content).xml!;
    // The buyer the note names, and the slip it reduces with its date.
    expect(xml).toContain(`<ram:Name>${buyer.name}</ram:Name>`);
    expect(xml).toContain(`>${buyer.taxId}00000<`);
    expect(xml).toContain(`<ram:IssuerAssignedID>${sold.documentNumber}</ram:IssuerAssignedID>`);
    expect(xml).toMatch(/<ram:DifferenceInformationAmount>100\.00</);
    const subset = await validateEtdaSubset(xml, "DebitCreditNote");
    expect(subset.errors.map((e) => e.rawMessage)).toEqual([]);
    const official = await validateEtdaOfficial(xml, "DebitCreditNote");
    if (official) expect(official.errors.map((e) => e.rawMessage)).toEqual([]);
  });

  it("mails the full tax invoice and the credit note as PDF/A-3 with the ETDA XML to the buyer and the time stamp", async () => {
    const s = await vatShopWithDocuments();
    await test.db.delete(emailOutbox);
    await switchEtaxOn(s.t.shop.id, "ETAX-2569-0001");

    const full = await call(detailRoute.action, s.path, s.manager, {
      shopId: s.t.shop.id,
      intent: "etax",
      doc: "full",
      buyerEmail: BUYER_EMAIL,
    });
    expect(full.status).toBe(302);
    expect(full.location).toBe(`${s.path}&done=etax`);
    const note = await call(detailRoute.action, s.path, s.owner, {
      shopId: s.t.shop.id,
      intent: "etax",
      doc: `credit-${s.creditNoteId}`,
      buyerEmail: BUYER_EMAIL,
    });
    expect(note.status).toBe(302);
    expect(await test.db.select().from(emailAttachment)).toHaveLength(2);

    const mails = await deliver();
    expect(mails).toHaveLength(2);
    for (const envelope of smtp.received) {
      expect(envelope.to.sort()).toEqual([BUYER_EMAIL, ETAX_TIMESTAMP_DEFAULT].sort());
    }
    const kinds = [
      { root: "TaxInvoice" as const, name: "ใบกำกับภาษี" },
      { root: "DebitCreditNote" as const, name: "ใบลดหนี้" },
    ];
    for (const [index, mail] of mails.entries()) {
      const kind = kinds[index]!;
      expect(mail.from?.value[0]?.address).toBe(SENDER);
      expect(mail.headers.get("sender")).toMatchObject({
        value: [{ address: "no-reply@dptech.co.th" }],
      });
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null).toBe(
        BUYER_EMAIL,
      );
      expect(mail.cc && !Array.isArray(mail.cc) ? mail.cc.value[0]?.address : null).toBe(
        ETAX_TIMESTAMP_DEFAULT,
      );
      expect(mail.subject).toContain(kind.name);
      expect(mail.attachments).toHaveLength(1);
      const attachment = mail.attachments[0]!;
      expect(attachment.contentType).toBe("application/pdf");

      const pdf = readPdfA3(attachment.content);
      expect(pdf.version).toBe("%PDF-1.7");
      expect(pdf.xmp).toContain("<pdfaid:part>3</pdfaid:part>");
      expect(pdf.xmp).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
      expect(pdf.hasOutputIntent).toBe(true);
      expect(pdf.catalog).toMatch(/\/AF \[\d+ 0 R\]/);
      expect(pdf.catalog).toMatch(/\/Names/);
      expect(attachment.content.toString("latin1")).toMatch(/\/EmbeddedFiles/);
      expect(pdf.filespec).toContain("/AFRelationship /Alternative");
      expect(pdf.embeddedSubtype).toBe("text#2Fxml");
      const xml = pdf.xml!;
      expect(xml).toContain(`<ram:Name>${kind.name}</ram:Name>`);
      expect(xml).toContain(`<ram:URIID>${BUYER_EMAIL}</ram:URIID>`);
      expect(xml).toContain(`>${TEST_BUYER.taxId}00000<`);
      // The seller's address as ETDA's schematron asks for a Thai seller (decision 0090).
      const seller = xml.slice(
        xml.indexOf("<ram:SellerTradeParty>"),
        xml.indexOf("<ram:BuyerTradeParty>"),
      );
      expect(seller).toContain("<ram:PostcodeCode>10900</ram:PostcodeCode>");
      expect(seller).toContain("<ram:CityName>1030</ram:CityName>");
      expect(seller).toContain("<ram:CitySubDivisionName>103001</ram:CitySubDivisionName>");
      expect(seller).toContain("<ram:CountrySubDivisionID>10</ram:CountrySubDivisionID>");
      expect(seller).toContain("<ram:BuildingNumber>5/12</ram:BuildingNumber>");

      const subset = await validateEtdaSubset(xml, kind.root);
      expect(subset.errors.map((e) => e.rawMessage)).toEqual([]);
      expect(subset.valid).toBe(true);
      const official = await validateEtdaOfficial(xml, kind.root);
      if (official) expect(official.errors.map((e) => e.rawMessage)).toEqual([]);
      // The schema does refuse: a document without its name is not ETDA's.
      const nameless = xml.replace(`<ram:Name>${kind.name}</ram:Name>`, "");
      expect((await validateEtdaSubset(nameless, kind.root)).valid).toBe(false);
      const officialNameless = await validateEtdaOfficial(nameless, kind.root);
      if (officialNameless) expect(officialNameless.valid).toBe(false);
    }

    // The credit note's XML carries section 86/10's figures and the invoice it reduces.
    const creditXml = readPdfA3(mails[1]!.attachments[0]!.content).xml!;
    expect(creditXml).toMatch(/<ram:PurposeCode>CDNG99<\/ram:PurposeCode>/);
    expect(creditXml).toContain("<ram:Purpose>สินค้าชำรุด</ram:Purpose>");
    expect(creditXml).toMatch(
      /<ram:OriginalInformationAmount>300\.00<\/ram:OriginalInformationAmount>/,
    );
    expect(creditXml).toMatch(
      /<ram:DifferenceInformationAmount>100\.00<\/ram:DifferenceInformationAmount>/,
    );
    expect(creditXml).toMatch(/<ram:LineTotalAmount>200\.00<\/ram:LineTotalAmount>/);
    expect(creditXml).toMatch(/<ram:TaxTotalAmount>7\.00<\/ram:TaxTotalAmount>/);

    // What was sent and when, on the sale's page.
    const page = await call<Awaited<ReturnType<typeof detailRoute.loader>>>(
      detailRoute.loader,
      s.path,
      s.owner,
    );
    const deliveries = page.data!.etax!.deliveries;
    expect(deliveries).toHaveLength(2);
    expect(deliveries.every((d) => d.status === "sent" && d.sentAt !== null)).toBe(true);
    expect(deliveries.map((d) => d.ccAddress)).toEqual([
      ETAX_TIMESTAMP_DEFAULT,
      ETAX_TIMESTAMP_DEFAULT,
    ]);
    expect(page.data!.etax!.lastEmail).toBe(BUYER_EMAIL);
    // A cashier sees no e-Tax section.
    const cashierPage = await call<Awaited<ReturnType<typeof detailRoute.loader>>>(
      detailRoute.loader,
      s.path,
      s.cashier,
    );
    expect(cashierPage.data!.etax).toBeNull();

    // After the outbox's 30 days the mail keeps no file (the buyer's data); the record stays.
    await test.db.update(emailOutbox).set({ sentAt: new Date(Date.now() - 31 * 86_400_000) });
    await purgeOldEmailBodies(test.db);
    expect(await test.db.select().from(emailAttachment)).toHaveLength(0);
    const kept = await test.db
      .select()
      .from(etaxDelivery)
      .where(eq(etaxDelivery.shopId, s.t.shop.id));
    expect(kept.map((row) => row.fileBytes > 0)).toEqual([true, true]);
  });
});
