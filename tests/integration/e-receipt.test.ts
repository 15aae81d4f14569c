import { createHash, createHmac } from "node:crypto";
import { simpleParser } from "mailparser";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/context";
import { emailOutbox } from "~/db/schema";
import { createSmtpSender, deliverDueEmails, hitRateLimit } from "~/modules/platform/index.server";
import {
  findReceiptLink,
  makeReceiptLinkToken,
  publicReceipt,
  RECEIPT_EMAIL_LIMIT,
  receiptQrOnSlip,
  setReceiptQrOnSlip,
  slipReceiptLinkToken,
  type SaleDocument,
} from "~/modules/sales/index.server";
import * as publicPage from "~/routes/shophub/ereceipt/page";
import * as publicPdf from "~/routes/shophub/ereceipt/pdf";
import { RECEIPT_PAGE_LIMIT } from "~/routes/shophub/ereceipt/public-receipt.server";
import * as emailRoute from "~/routes/shophub/invoices/email";
import type { ReceiptEmailActionData } from "~/features/sales-documents/receipt-email-form";
import * as pdfRoute from "~/routes/shophub/invoices/pdf";
import * as printRoute from "~/routes/shophub/invoices/print";
import { addShopMember, insertItem, insertShop, type TestShop } from "../setup/factories";
import { pdfText } from "../setup/pdf-text";
import { callRoute, nextClientAddress, outcomeOf, routeContext } from "../setup/route-call";
import { insertCreditNote, insertSaleRows } from "../setup/sale-rows";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

/*
 * The e-receipt (issue 37, decision 0094): the slip's link, the public page, the e-mail.
 */

let test: TestDatabase;
let mine: TestShop;
let theirs: TestShop;
let mineItem: number;
let theirItem: number;

beforeAll(async () => {
  test = await createTestDatabase();
  mine = await insertShop(test.db, { taxId: "0105558012345" });
  theirs = await insertShop(test.db);
  mineItem = (await insertItem(test.db, mine.shop.id, mine.ownerId)).id;
  theirItem = (await insertItem(test.db, theirs.shop.id, theirs.ownerId)).id;
});
afterAll(() => test.drop());

const member = (id: string): SessionUser => ({
  id,
  name: "สมาชิก",
  email: `${id}@example.com`,
  emailVerified: true,
  image: null,
  phone: null,
  role: "member",
});

/** The slip as the print page (and the till's silent print) reads it. */
async function printedSlip(shop: TestShop, saleId: number): Promise<SaleDocument> {
  const outcome = await outcomeOf<{ document: SaleDocument }>(
    callRoute(printRoute.loader, `/shophub/invoices/${saleId}/print?shop=${shop.shop.id}`, {
      context: routeContext(test.db, member(shop.ownerId)),
    }),
  );
  expect(outcome.status).toBe(200);
  return outcome.data!.document;
}

const tokenOf = (url: string) => /\/r\/([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? "";

/** The public page as a visitor without a session opens it. */
function openPage(token: string, clientAddress = nextClientAddress()) {
  return outcomeOf<
    | { found: true; document: SaleDocument; returns: { documentNumber: string }[] }
    | { found: false }
  >(
    callRoute(publicPage.loader, `/r/${token}`, {
      context: routeContext(test.db, null, { clientAddress }),
    }),
  );
}

describe("the slip's e-receipt link", () => {
  it("prints a QR of a 128-bit token whose hash alone is stored", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const slip = await printedSlip(mine, sale.id);
    expect(slip.receiptLink?.url).toMatch(/^http:\/\/localhost\/r\/[A-Za-z0-9_-]{22}$/);
    expect(slip.receiptLink?.qrSize).toBeGreaterThanOrEqual(21);
    expect(slip.receiptLink?.qrPath).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    const token = tokenOf(slip.receiptLink!.url);
    // 22 base64url characters are 16 bytes (128 bits).
    expect(Buffer.from(token, "base64url")).toHaveLength(16);

    const { rows } = await test.db.execute<Record<string, unknown>>(
      sql`SELECT * FROM sale_receipt_link WHERE sale_id = ${sale.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));

    expect(await findReceiptLink(test.db, token)).toEqual({
      shopId: mine.shop.id,
      saleId: sale.id,
    });
  });

  it("shows one link per sale: a reload, the revalidation after a counted print and a reprint write no second row", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const rowsOf = async (saleId: number) =>
      (
        await test.db.execute(
          sql`SELECT id FROM sale_receipt_link WHERE shop_id = ${mine.shop.id} AND sale_id = ${saleId}`,
        )
      ).rows;
    const first = await printedSlip(mine, sale.id);
    // The same print page's data loaded twice (a reload): the same link, one row.
    const reloaded = await printedSlip(mine, sale.id);
    expect(reloaded.receiptLink).toEqual(first.receiptLink);
    expect(await rowsOf(sale.id)).toHaveLength(1);
    // The print is counted, the page's data comes again (a copy now), and a reprint: the same.
    const counted = await outcomeOf(
      callRoute(printRoute.action, `/shophub/invoices/${sale.id}/print?shop=${mine.shop.id}`, {
        context: routeContext(test.db, member(mine.ownerId)),
        form: { shopId: mine.shop.id },
      }),
    );
    expect(counted.data).toEqual({ done: "printed", original: true });
    const after = await printedSlip(mine, sale.id);
    expect(after.isCopy).toBe(true);
    expect(after.receiptLink).toEqual(first.receiptLink);
    expect((await printedSlip(mine, sale.id)).receiptLink).toEqual(first.receiptLink);
    expect(await rowsOf(sale.id)).toHaveLength(1);

    // The token is the first 16 bytes of HMAC-SHA256 over the shop and the sale under the
    // slip-link secret (kept in app_secret when the environment gives none).
    const { rows: secrets } = await test.db.execute<{ value: string }>(
      sql`SELECT value FROM app_secret WHERE name = 'e-receipt'`,
    );
    const expected = createHmac("sha256", secrets[0]!.value)
      .update(`e-receipt slip\0${mine.shop.id}\0${sale.id}`, "utf8")
      .digest()
      .subarray(0, 16)
      .toString("base64url");
    expect(tokenOf(first.receiptLink!.url)).toBe(expected);

    // Another sale prints a link of its own; an e-mail's link is random and opens the same sale.
    const other = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    expect((await printedSlip(mine, other.sale.id)).receiptLink?.url).not.toBe(
      first.receiptLink!.url,
    );
    const mailed = (await makeReceiptLinkToken(test.db, mine.shop.id, sale.id))!;
    expect(mailed).not.toBe(expected);
    expect(await findReceiptLink(test.db, mailed)).toEqual({
      shopId: mine.shop.id,
      saleId: sale.id,
    });
    expect(await rowsOf(sale.id)).toHaveLength(2);
  });

  it("gives the PDF handed out from the print page the page's own link, writing none", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const slip = await printedSlip(mine, sale.id);
    const token = tokenOf(slip.receiptLink!.url);
    const handOut = (receiptLink: string) =>
      outcomeOf(
        callRoute(pdfRoute.action, `/shophub/invoices/${sale.id}/invoice.pdf?doc=sale`, {
          context: routeContext(test.db, member(mine.ownerId)),
          form: { shopId: mine.shop.id, receiptLink },
        }),
      );
    const outcome = await handOut(slip.receiptLink!.url);
    expect(outcome.status).toBe(200);
    const text = await pdfText(Buffer.from(await outcome.response!.arrayBuffer()));
    expect(text).toContain("สแกนเพื่อดูใบเสร็จออนไลน์");
    // Another shop's link (or a made-up one) puts no QR on it.
    const theirSale = await insertSaleRows(test.db, { shopId: theirs.shop.id, itemId: theirItem });
    const theirToken = await makeReceiptLinkToken(test.db, theirs.shop.id, theirSale.sale.id);
    const foreign = await handOut(`http://localhost/r/${theirToken}`);
    expect(await pdfText(Buffer.from(await foreign.response!.arrayBuffer()))).not.toContain(
      "สแกนเพื่อดูใบเสร็จออนไลน์",
    );
    const { rows } = await test.db.execute(
      sql`SELECT id FROM sale_receipt_link WHERE sale_id = ${sale.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(await findReceiptLink(test.db, token)).not.toBeNull();
  });

  it("makes no link for another shop's sale, and opens nothing for a guessed token", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: theirs.shop.id, itemId: theirItem });
    expect(await makeReceiptLinkToken(test.db, mine.shop.id, sale.id)).toBeNull();
    expect(await slipReceiptLinkToken(test.db, mine.shop.id, sale.id)).toBeNull();
    expect(await findReceiptLink(test.db, "AAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
    expect(await findReceiptLink(test.db, "not a token")).toBeNull();
    expect(await findReceiptLink(test.db, `${"A".repeat(21)}'`)).toBeNull();
  });

  it("leaves the QR off the slip when the owner turned it off", async () => {
    const shop = await insertShop(test.db);
    const item = (await insertItem(test.db, shop.shop.id, shop.ownerId)).id;
    const { sale } = await insertSaleRows(test.db, { shopId: shop.shop.id, itemId: item });
    expect(await receiptQrOnSlip(test.db, shop.shop.id)).toBe(true);
    await setReceiptQrOnSlip(test.db, shop.shop.id, false);
    expect((await printedSlip(shop, sale.id)).receiptLink).toBeUndefined();
    await setReceiptQrOnSlip(test.db, shop.shop.id, true);
    expect((await printedSlip(shop, sale.id)).receiptLink?.url).toMatch(/\/r\//);
  });
});

describe("the public receipt page", () => {
  it("shows the right sale to a visitor, without people's data or costs", async () => {
    const { sale } = await insertSaleRows(test.db, {
      shopId: mine.shop.id,
      itemId: mineItem,
      cashierName: "แคชเชียร์ ลับเฉพาะ",
      seller: { phone: "+66812345678" },
    });
    // A customer with points on the bill: none of it is the public's.
    await test.db.execute(sql`
      WITH c AS (
        INSERT INTO customer (shop_id, phone, name, email, consent_at, consent_by)
        VALUES (${mine.shop.id}, '+66898765432', 'คุณลูกค้า ส่วนตัว', 'buyer@example.com', now(), ${mine.ownerId})
        RETURNING id)
      INSERT INTO sale_customer (shop_id, sale_id, customer_id, customer_name)
      SELECT ${mine.shop.id}, ${sale.id}, id, 'คุณลูกค้า ส่วนตัว' FROM c`);
    const token = (await makeReceiptLinkToken(test.db, mine.shop.id, sale.id))!;
    const page = await openPage(token);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ found: true });
    const shown = page.data as { document: SaleDocument };
    expect(shown.document.documentNumber).toBe(sale.documentNumber);
    expect(shown.document.totalSatang).toBe(12_050);
    const text = JSON.stringify(page.data);
    for (const secret of [
      "คุณลูกค้า",
      "buyer@example.com",
      "8987",
      "081-234-5678",
      "+6681",
      "แคชเชียร์",
      "cost",
      "Cost",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(shown.document.customer).toBeUndefined();
    expect(shown.document.receiptLink).toBeNull();
  });

  it("answers a Thai 404 page for an unknown token, and never another shop's sale", async () => {
    const theirSale = await insertSaleRows(test.db, { shopId: theirs.shop.id, itemId: theirItem });
    const theirToken = (await makeReceiptLinkToken(test.db, theirs.shop.id, theirSale.sale.id))!;
    const opened = await openPage(theirToken);
    expect((opened.data as { document: SaleDocument }).document.documentNumber).toBe(
      theirSale.sale.documentNumber,
    );
    const unknown = await openPage("AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ found: false });
    // One character changed opens nothing.
    const changed = `${theirToken.slice(0, -1)}${theirToken.endsWith("A") ? "B" : "A"}`;
    expect((await openPage(changed)).status).toBe(404);
    expect((await openPage("short")).status).toBe(404);
  });

  it("says so when the sale was voided or goods came back", async () => {
    const voided = await insertSaleRows(test.db, {
      shopId: mine.shop.id,
      itemId: mineItem,
      status: "void",
      voidReason: "ลูกค้าเปลี่ยนใจ",
    });
    const voidToken = (await makeReceiptLinkToken(test.db, mine.shop.id, voided.sale.id))!;
    const page = await openPage(voidToken);
    expect((page.data as { document: SaleDocument }).document.status).toBe("void");

    const returned = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const note = await insertCreditNote(
      test.db,
      mine.shop.id,
      returned.sale.id,
      returned.lines[0]!.id,
    );
    const token = (await makeReceiptLinkToken(test.db, mine.shop.id, returned.sale.id))!;
    const shown = (await publicReceipt(test.db, token))!;
    expect(shown.returns.map((each) => each.documentNumber)).toEqual([note.documentNumber]);
    expect((await openPage(token)).data).toMatchObject({
      returns: [{ documentNumber: note.documentNumber }],
    });
  });

  it("hands the receipt out as a PDF to the link's holder", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const token = (await makeReceiptLinkToken(test.db, mine.shop.id, sale.id))!;
    const outcome = await outcomeOf(
      callRoute(publicPdf.loader, `/r/${token}/receipt.pdf`, {
        context: routeContext(test.db, null, { clientAddress: nextClientAddress() }),
      }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.response?.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(Buffer.from(await outcome.response!.arrayBuffer()));
    expect(text).toContain(sale.documentNumber);
    expect(text).not.toContain("081-234-5678");
    // The print counts nothing: the slip the shop printed is still the original.
    const [row] = (
      await test.db.execute<{ printed: unknown }>(
        sql`SELECT original_printed_at AS printed FROM sale WHERE id = ${sale.id}`,
      )
    ).rows;
    expect(row!.printed).toBeNull();
  });

  it("limits how often one address opens receipts (found or not)", async () => {
    const address = nextClientAddress();
    for (let i = 0; i < RECEIPT_PAGE_LIMIT.limit; i++) {
      expect((await openPage("AAAAAAAAAAAAAAAAAAAAAA", address)).status).toBe(404);
    }
    const refused = await openPage("AAAAAAAAAAAAAAAAAAAAAA", address);
    expect(refused.status).toBe(429);
    // Another address is not held back.
    expect((await openPage("AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
  });
});

/** A real SMTP server on loopback that records what it receives. */
async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push(data);
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("sending the e-receipt by e-mail", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    await test.db.delete(emailOutbox);
    smtp.received.length = 0;
  });

  const send = (shop: TestShop, userId: string, saleId: number, email: string) =>
    outcomeOf<ReceiptEmailActionData>(
      callRoute(emailRoute.action, `/shophub/invoices/${saleId}/email?shop=${shop.shop.id}`, {
        context: routeContext(test.db, member(userId)),
        form: { shopId: shop.shop.id, email },
      }),
    );

  it("queues a link that arrives at the SMTP receiver and opens the sale", async () => {
    const cashier = await addShopMember(test.db, mine.shop.id, "cashier");
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const sent = await send(mine, cashier.id, sale.id, "  customer@example.com ");
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ done: "sent", email: "customer@example.com" });

    expect(await deliverDueEmails(test.db, createSmtpSender(smtp.url), "shop@example.com")).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = await simpleParser(smtp.received[0]!);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("customer@example.com");
    expect(mail.subject).toContain(sale.documentNumber);
    const link = /http:\/\/localhost\/r\/([A-Za-z0-9_-]{22})/.exec(mail.text ?? "");
    expect(link).not.toBeNull();
    const page = await openPage(link![1]!);
    expect((page.data as { document: SaleDocument }).document.documentNumber).toBe(
      sale.documentNumber,
    );
  });

  it("refuses a bad address next to the field, keeping what was typed", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    const refused = await send(mine, mine.ownerId, sale.id, "ไม่ใช่อีเมล@");
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      values: { email: "ไม่ใช่อีเมล@" },
      errors: { email: "shops.sell.ereceipt.error.email" },
    });
    const { rows } = await test.db.execute(sql`SELECT id FROM email_outbox`);
    expect(rows).toHaveLength(0);
  });

  it("sends nothing for another shop's sale", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: theirs.shop.id, itemId: theirItem });
    const refused = await send(mine, mine.ownerId, sale.id, "customer@example.com");
    expect(refused.status).toBe(404);
    const { rows } = await test.db.execute(sql`SELECT id FROM email_outbox`);
    expect(rows).toHaveLength(0);
  });

  it("fills the address in from the bill's customer", async () => {
    const { sale } = await insertSaleRows(test.db, { shopId: mine.shop.id, itemId: mineItem });
    await test.db.execute(sql`
      WITH c AS (
        INSERT INTO customer (shop_id, phone, name, email, consent_at, consent_by)
        VALUES (${mine.shop.id}, '+66811112222', 'คุณมีอีเมล', 'regular@example.com', now(), ${mine.ownerId})
        RETURNING id)
      INSERT INTO sale_customer (shop_id, sale_id, customer_id, customer_name)
      SELECT ${mine.shop.id}, ${sale.id}, id, 'คุณมีอีเมล' FROM c`);
    const outcome = await outcomeOf(
      callRoute(emailRoute.loader, `/shophub/invoices/${sale.id}/email?shop=${mine.shop.id}`, {
        context: routeContext(test.db, member(mine.ownerId)),
      }),
    );
    expect(await outcome.response!.json()).toEqual({ email: "regular@example.com" });
  });

  it("holds a shop to its e-mails an hour", async () => {
    const shop = await insertShop(test.db);
    const item = (await insertItem(test.db, shop.shop.id, shop.ownerId)).id;
    const { sale } = await insertSaleRows(test.db, { shopId: shop.shop.id, itemId: item });
    for (let i = 0; i < RECEIPT_EMAIL_LIMIT.limit; i++) {
      await hitRateLimit(test.db, RECEIPT_EMAIL_LIMIT, shop.shop.id);
    }
    const refused = await send(shop, shop.ownerId, sale.id, "customer@example.com");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      values: { email: "customer@example.com" },
      errors: { email: "shops.sell.ereceipt.error.tooMany" },
    });
  });
});
