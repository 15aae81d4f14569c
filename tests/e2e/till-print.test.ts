import sharp from "sharp";
import { describe, expect } from "vitest";
import { shopSalesSetting } from "~/db/schema";
import { addSession, e2eTest as test, memberWithShop } from "./fixtures";

const SLOW = { timeout: 15_000 };

const RASTER = [0x1d, 0x76, 0x30, 0x00];
const CUT = [0x1d, 0x56];
const DRAWER_KICK = [0x1b, 0x70];

function indexOfBytes(bytes: number[], needle: number[], from = 0): number {
  outer: for (let i = from; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/*
 * A silent print from the till, through the code the till loads only when it prints (the
 * ESC/POS encoder, the receipt painter, the document texts: decision 0033) and the real Web
 * Serial transport, to a printer that is a stub in the page: `navigator.serial` gives one port
 * whose writable keeps every byte sent to it.
 */
describe("printing a receipt to the till's own printer", () => {
  test("a cash sale prints its receipt as a raster with the shop's logo on top, and opens the drawer", async ({
    e2e,
    context,
    page,
  }) => {
    const n = `${Date.now() % 1_000_000}`;
    const { member, shop, items } = await memberWithShop(e2e, {
      role: "cashier",
      member: { emailPrefix: "till-print", name: "สมใจ แคชเชียร์" },
      items: [
        {
          fields: { name: "ขนมปัง", sku: `TBREAD-${n}`, barcode: null, unit: "ชิ้น", price: 2_500 },
          qty: 10_000,
        },
      ],
    });
    // The shop's receipt logo: a black bar 192 × 40, served to this page only.
    const logoKey = `logos/till-print-${n}.png`;
    await e2e.db.insert(shopSalesSetting).values({ shopId: shop.id, paperWidth: "58", logoKey });
    const logo = await sharp({
      create: { width: 192, height: 40, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    await page.route(`**/media/${logoKey}`, (route) =>
      route.fulfill({ status: 200, contentType: "image/png", body: logo }),
    );
    await context.addInitScript(() => {
      const sent: number[] = [];
      (window as unknown as { printedBytes: number[] }).printedBytes = sent;
      const port = {
        getInfo: () => ({ usbVendorId: 0x0416, usbProductId: 0x5011 }),
        open: () => Promise.resolve(),
        close: () => Promise.resolve(),
        readable: null,
        writable: new WritableStream<Uint8Array>({
          write(chunk) {
            sent.push(...chunk);
          },
        }),
      };
      Object.defineProperty(navigator, "serial", {
        configurable: true,
        value: {
          addEventListener: () => undefined,
          getPorts: () => Promise.resolve([port]),
          requestPort: () => Promise.resolve(port),
        },
      });
      try {
        // The printer this till chose earlier (the printer setup remembers it so).
        localStorage.setItem(
          "shophub.receiptPrinter",
          JSON.stringify({
            kind: "serial",
            info: { type: "serial", vendorId: 0x0416, productId: 0x5011 },
            paper: "58",
          }),
        );
      } catch {
        // about:blank has no storage.
      }
    });
    await addSession(context, member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    const field = page.getByTestId("till-scan");
    await field.fill(items[0]!.sku);
    await field.press("Enter");
    await expect.poll(() => page.getByTestId("till-total").innerText(), SLOW).toBe("฿25.00");
    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-cash").fill("100");
    await dialog.getByTestId("till-complete").click();
    const done = page.getByTestId("till-done");
    await done.waitFor(SLOW);

    // No print page opens: the receipt goes to the printer.
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await done.getByTestId("till-print").click();
    const printed = () =>
      page.evaluate(() => (window as unknown as { printedBytes: number[] }).printedBytes);
    await expect.poll(async () => (await printed()).length, SLOW).toBeGreaterThan(1_000);
    const bytes = await printed();
    expect(context.pages()).toHaveLength(1);
    // The printing code came on demand, in its own chunks.
    expect(scripts.some((path) => /\/assets\/encode-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/assets\/raster-[\w-]+\.js$/.test(path))).toBe(true);

    const raster = indexOfBytes(bytes, RASTER);
    expect(raster).toBeGreaterThanOrEqual(0);
    // 58 mm: 384 dots, 48 bytes a row.
    expect(bytes[raster + 4]).toBe(48);
    const rows = (bytes[raster + 6] ?? 0) + (bytes[raster + 7] ?? 0) * 256;
    const row = (y: number) => bytes.slice(raster + 8 + y * 48, raster + 8 + (y + 1) * 48);
    // The logo: 40 rows near the top, black from dot 96 to 287 (bytes 12-35), white beside it.
    const logoRows = Array.from({ length: Math.min(rows, 120) }, (_, y) => row(y)).filter(
      (r) => r.slice(12, 36).every((b) => b === 0xff) && r.slice(0, 12).every((b) => b === 0),
    );
    expect(logoRows.length).toBe(40);
    // Below it, the receipt's text: ink in later rows that are not the bar.
    const inked = Array.from({ length: rows }, (_, y) => row(y)).filter(
      (r) => r.some((b) => b !== 0) && !r.slice(12, 36).every((b) => b === 0xff),
    );
    expect(inked.length).toBeGreaterThan(100);
    expect(indexOfBytes(bytes, CUT, raster)).toBeGreaterThan(raster);
    // Paid in cash: the drawer's kick pulse.
    expect(indexOfBytes(bytes, DRAWER_KICK)).toBeGreaterThanOrEqual(0);
    // The print is counted, so the next one is a copy.
    await expect
      .poll(async () => {
        const { rows: counted } = await e2e.sql.query<{ printed: boolean }>(
          "SELECT original_printed_at IS NOT NULL AS printed FROM sale WHERE shop_id = $1",
          [shop.id],
        );
        return counted[0]?.printed;
      }, SLOW)
      .toBe(true);

    // The till had only its own text; the invoices page it leads to has all of its own.
    await page.getByTestId("till-invoices").click();
    await page.waitForURL(/\/shophub\/invoices\?/);
    await page.getByTestId("invoice-row").first().waitFor(SLOW);
    expect(await page.locator("main").innerText()).not.toMatch(/shops\.[a-z]+\./);
  });
});
