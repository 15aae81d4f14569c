import type { Page } from "playwright-core";
import { and, asc, eq, like } from "drizzle-orm";
import { describe, expect } from "vitest";
import { stockItem } from "~/db/schema";
import { postStockDocument, saveVariantGroup } from "~/modules/stock/index.server";
import { addSession, cashierWithTillItems, e2eTest as test } from "./fixtures";

// Items with variants at the till (decision 0080): a café's latte in S, M and L shows as one tile;
// a tap asks which size, a scanned barcode adds its size at once; stock moves per size.

const SLOW = { timeout: 15_000 };

const total = (page: Page) => page.getByTestId("till-total").innerText();

describe("a café sells a latte in two sizes", () => {
  test("one tile asks which size, a scan adds its size, and each size's stock falls", async ({
    e2e,
    context,
    page,
  }) => {
    const found = await cashierWithTillItems(e2e, { emailPrefix: "till-variants" });
    const shopId = found.shop.id;
    const n = `${Date.now() % 1_000_000}`;
    const saved = await saveVariantGroup(e2e.db, {
      shopId,
      groupId: null,
      name: "ลาเต้เย็น",
      category: "กาแฟ",
      unit: "แก้ว",
      options: [{ name: "ขนาด", values: ["S", "M", "L"] }],
      rows: [
        { values: ["S"], sku: `LAT-${n}-S`, barcode: null, priceSatang: 4_500, costSatang: 1_500 },
        {
          values: ["M"],
          sku: `LAT-${n}-M`,
          barcode: "8850999320021",
          priceSatang: 5_500,
          costSatang: 1_800,
        },
        { values: ["L"], sku: `LAT-${n}-L`, barcode: null, priceSatang: 6_500, costSatang: 2_100 },
      ],
    });
    if (!saved.ok) throw new Error(`variants not saved: ${saved.error}`);
    const latte = () =>
      e2e.db
        .select({ id: stockItem.id, sku: stockItem.sku, onHand: stockItem.onHand })
        .from(stockItem)
        .where(and(eq(stockItem.shopId, shopId), like(stockItem.sku, `LAT-${n}-%`)))
        .orderBy(asc(stockItem.sku));
    const ids = await latte();
    const idOf = (size: string) => ids.find((row) => row.sku === `LAT-${n}-${size}`)?.id ?? 0;
    const received = await postStockDocument(e2e.db, {
      shopId,
      userId: found.ownerId,
      kind: "receive",
      lines: ["S", "M", "L"].map((size) => ({
        itemId: idOf(size),
        locationId: found.home.id,
        qty: 10_000,
        unitCostSatang: 1_500,
      })),
    });
    if (!received.ok) throw new Error("stock not received");

    await addSession(context, found.member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();

    // One tile for the three sizes, with their price range.
    const tile = page.locator('[data-testid=till-item][data-variant-group="ลาเต้เย็น"]');
    expect(await tile.count()).toBe(1);
    expect(await tile.innerText()).toContain("฿45.00 – ฿65.00");
    expect(await page.locator(`[data-testid=till-item][data-sku^="LAT-${n}"]`).count()).toBe(0);

    // A tap asks which size; L goes on the bill.
    await tile.click();
    const picker = page.getByTestId("till-variant-dialog");
    await picker.getByTestId("till-variant").first().waitFor(SLOW);
    expect(await picker.getByTestId("till-variant").allInnerTexts()).toEqual([
      expect.stringContaining("S"),
      expect.stringContaining("M"),
      expect.stringContaining("L"),
    ]);
    await picker.locator(`[data-testid=till-variant][data-sku="LAT-${n}-L"]`).click();
    await expect.poll(() => picker.isVisible(), SLOW).toBe(false);
    await expect.poll(() => total(page), SLOW).toBe("฿65.00");

    // Again, S this time: two lines, each with its size in its name.
    await tile.click();
    await picker.locator(`[data-testid=till-variant][data-sku="LAT-${n}-S"]`).click();
    await expect.poll(() => total(page), SLOW).toBe("฿110.00");

    // M's barcode scanned: added straight away, no question.
    const scan = page.getByTestId("till-scan");
    await scan.fill("8850999320021");
    await scan.press("Enter");
    await expect.poll(() => total(page), SLOW).toBe("฿165.00");
    expect(await picker.isVisible()).toBe(false);
    const lines = page.getByTestId("till-line");
    expect(await lines.count()).toBe(3);
    const bill = await lines.allInnerTexts();
    expect(bill.join("\n")).toContain("ลาเต้เย็น (L)");
    expect(bill.join("\n")).toContain("ลาเต้เย็น (S)");
    expect(bill.join("\n")).toContain("ลาเต้เย็น (M)");

    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-cash").fill("200");
    await dialog.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);

    // Each size's own stock went down by what was sold of it.
    expect((await latte()).map((row) => [row.sku, row.onHand])).toEqual([
      [`LAT-${n}-L`, 9_000],
      [`LAT-${n}-M`, 9_000],
      [`LAT-${n}-S`, 9_000],
    ]);
  });
});
