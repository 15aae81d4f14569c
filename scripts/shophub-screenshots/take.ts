import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { expect, it } from "vitest";
import { shopSalesSetting } from "~/db/schema";
import { addSession, baseURL, memberWithShop, newContext, openE2E } from "../../tests/e2e/fixtures";

/*
 * The screenshots of the public /shophub page's tutorial, taken from the real screens of the
 * production build: the till with a bill, the payment window with the PromptPay QR, the
 * printed receipt, the shop's dashboard and its profit and loss. One shop with Thai names for
 * the Thai page and one with English names for the English page, each in its own interface
 * language. Saved as small WebP files sized for the page's 640 × 400 boxes; the names are the
 * ones app/routes/site/shophub.tsx uses.
 */
const OUT = path.resolve("public/images/shophub");
const SHOT_WIDTH = 640;
const SHOT_HEIGHT = 400;

interface Language {
  lang: "th" | "en";
  shop: string;
  cashier: string;
  items: { name: string; unit: string; price: number; cost: number; category: string }[];
}

const LANGUAGES: Language[] = [
  {
    lang: "th",
    shop: "ร้านกาแฟบ้านสวน",
    cashier: "สมหญิง ใจดี",
    items: [
      { name: "กาแฟเย็น", unit: "แก้ว", price: 4_500, cost: 1_800, category: "เครื่องดื่ม" },
      { name: "ชาไทยเย็น", unit: "แก้ว", price: 4_000, cost: 1_500, category: "เครื่องดื่ม" },
      { name: "ครัวซองต์เนยสด", unit: "ชิ้น", price: 5_500, cost: 2_500, category: "เบเกอรี่" },
      { name: "น้ำดื่ม 600 มล.", unit: "ขวด", price: 1_000, cost: 500, category: "เครื่องดื่ม" },
      { name: "เค้กกล้วยหอม", unit: "ชิ้น", price: 3_500, cost: 1_400, category: "เบเกอรี่" },
      { name: "โกโก้เย็น", unit: "แก้ว", price: 4_500, cost: 1_700, category: "เครื่องดื่ม" },
    ],
  },
  {
    lang: "en",
    shop: "Garden Coffee",
    cashier: "Somying Jaidee",
    items: [
      { name: "Iced coffee", unit: "cup", price: 4_500, cost: 1_800, category: "Drinks" },
      { name: "Thai iced tea", unit: "cup", price: 4_000, cost: 1_500, category: "Drinks" },
      { name: "Butter croissant", unit: "piece", price: 5_500, cost: 2_500, category: "Bakery" },
      { name: "Water 600 ml", unit: "bottle", price: 1_000, cost: 500, category: "Drinks" },
      { name: "Banana cake", unit: "piece", price: 3_500, cost: 1_400, category: "Bakery" },
      { name: "Iced cocoa", unit: "cup", price: 4_500, cost: 1_700, category: "Drinks" },
    ],
  },
];

async function save(page: Page, name: string, lang: string): Promise<void> {
  const png = await page.screenshot({ type: "png" });
  await sharp(png)
    .resize(SHOT_WIDTH, SHOT_HEIGHT, { fit: "cover", position: "top" })
    .webp({ quality: 72, effort: 6 })
    .toFile(path.join(OUT, `${name}-${lang}.webp`));
}

async function addToBill(page: Page, sku: string | undefined, times = 1): Promise<void> {
  if (!sku) throw new Error("no such item in the screenshot shop");
  for (let i = 0; i < times; i += 1) {
    await page.locator(`[data-testid=till-item][data-sku="${sku}"]`).click();
  }
}

it("takes the /shophub tutorial's screenshots", async () => {
  await mkdir(OUT, { recursive: true });
  const { e2e, close } = await openE2E();
  try {
    for (const language of LANGUAGES) {
      const n = `${Date.now() % 1_000_000}`;
      const { member, shop, items } = await memberWithShop(e2e, {
        member: { emailPrefix: `shots-${language.lang}`, name: language.cashier },
        shop: { name: language.shop, taxId: null },
        items: language.items.map((item, index) => ({
          fields: { ...item, sku: `SHOT-${index + 1}-${n}`, barcode: null },
          qty: 40_000,
        })),
      });
      const skus = items.map((item) => item.sku);
      await e2e.db.insert(shopSalesSetting).values({ shopId: shop.id, promptPayId: "0812345678" });
      const context: BrowserContext = await newContext(e2e.browser, {
        viewport: { width: 1280, height: 800 },
        locale: language.lang === "th" ? "th-TH" : "en-GB",
      });
      await context.addCookies([{ name: "lang", value: language.lang, url: baseURL() }]);
      await addSession(context, member);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);

      // A first bill paid in cash, so the dashboard and the report have a sale to show.
      await page.goto("/shophub/sell");
      await page.locator("[data-testid=till][data-ready=yes]").waitFor();
      await addToBill(page, skus[0], 2);
      await addToBill(page, skus[2]);
      await page.getByTestId("till-pay-open").click();
      let dialog = page.getByTestId("till-pay-dialog");
      await dialog.getByTestId("till-cash").fill("200");
      await dialog.getByTestId("till-complete").click();
      await page.getByTestId("till-done").waitFor();
      const printHref = await page.getByTestId("till-print").getAttribute("href");
      await page.getByTestId("till-next").click();

      // The till with a bill of three lines.
      await addToBill(page, skus[1], 2);
      await addToBill(page, skus[4]);
      await addToBill(page, skus[3], 3);
      await expect.poll(() => page.getByTestId("till-line").count()).toBe(3);
      await save(page, "till", language.lang);

      // The payment window asking for the whole bill by PromptPay.
      await page.getByTestId("till-pay-open").click();
      dialog = page.getByTestId("till-pay-dialog");
      await dialog.getByTestId("till-method-promptpay").click();
      await dialog.getByTestId("till-qr").locator("svg").waitFor();
      await save(page, "pay", language.lang);
      await dialog.getByTestId("till-promptpay-confirm").click();
      await dialog.getByTestId("till-complete").click();
      await page.getByTestId("till-done").waitFor();

      // The first bill's receipt as printed on an 80 mm roll (without opening the print dialog).
      if (!printHref?.startsWith("/shophub/invoices/")) throw new Error(`print link: ${printHref}`);
      await page.setViewportSize({ width: 800, height: 500 });
      await page.goto(printHref.replace("&auto=1", ""));
      await save(page, "receipt", language.lang);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.goto(`/shophub/dashboard?shop=${shop.id}`);
      await page.getByTestId("today-sales").waitFor();
      await save(page, "dashboard", language.lang);

      await page.goto(`/shophub/reports?shop=${shop.id}`);
      await page.getByTestId("pnl-netProfitSatang").waitFor();
      await save(page, "report", language.lang);
      await context.close();
    }
  } finally {
    await close();
  }
});
