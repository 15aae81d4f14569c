import type { Page } from "playwright-core";
import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { saleLine, stockItem } from "~/db/schema";
import { th } from "~/lib/i18n/th";
import { postStockDocument, saveRecipe, saveVariantGroup } from "~/modules/stock/index.server";
import { insertItem } from "../setup/factories";
import { setSalesSettings } from "../setup/sales-factory";
import { addSession, cashierWithTillItems, e2eTest as test, hydrated } from "./fixtures";

// A café bill (issue 37, decisions 0080 and 0087): two sizes of an iced latte and a hot latte
// made to order from beans, milk and a cup. The recipe item has no stock of its own: the till
// counts what can still be made, and the sale moves the ingredients; a void of the sale puts
// them back on the shelf.

const SLOW = { timeout: 15_000 };

const total = (page: Page) => page.getByTestId("till-total").innerText();

describe("a café bill with variants and a recipe item", () => {
  test("the recipe item sells from its ingredients' stock at their cost; a void puts them back", async ({
    e2e,
    context,
    page,
  }) => {
    const found = await cashierWithTillItems(e2e, { emailPrefix: "till-recipes" });
    const shopId = found.shop.id;
    // The cashier may void their own sale of the day (the shop's selling setting).
    await setSalesSettings(e2e.db, shopId, { cashierMayVoidOwn: true });
    const n = `${Date.now() % 1_000_000}`;
    const saved = await saveVariantGroup(e2e.db, {
      shopId,
      groupId: null,
      name: "ลาเต้เย็น",
      category: "กาแฟ",
      unit: "แก้ว",
      options: [{ name: "ขนาด", values: ["S", "L"] }],
      rows: [
        { values: ["S"], sku: `ICE-${n}-S`, barcode: null, priceSatang: 4_500, costSatang: 1_500 },
        { values: ["L"], sku: `ICE-${n}-L`, barcode: null, priceSatang: 6_500, costSatang: 2_100 },
      ],
    });
    if (!saved.ok) throw new Error(`variants not saved: ${saved.error}`);
    const part = (name: string, sku: string, unit: string, measured: boolean) =>
      insertItem(e2e.db, shopId, found.ownerId, {
        fields: { name, sku, unit, measured, price: 0, cost: 0, category: "วัตถุดิบ" },
      });
    const beans = await part("เมล็ดกาแฟคั่วกลาง", `BEANS-${n}`, "กก.", true);
    const milk = await part("นมสด", `MILK-${n}`, "ลิตร", true);
    const cup = await part("แก้วกระดาษ", `CUP-${n}`, "ใบ", false);
    const hot = await insertItem(e2e.db, shopId, found.ownerId, {
      fields: {
        name: "ลาเต้ร้อน",
        sku: `HOT-${n}`,
        unit: "แก้ว",
        price: 5_000,
        cost: 0,
        category: "กาแฟ",
      },
    });
    const variants = await e2e.db
      .select({ id: stockItem.id, sku: stockItem.sku })
      .from(stockItem)
      .where(
        and(eq(stockItem.shopId, shopId), inArray(stockItem.sku, [`ICE-${n}-S`, `ICE-${n}-L`])),
      );
    const received = await postStockDocument(e2e.db, {
      shopId,
      userId: found.ownerId,
      kind: "receive",
      lines: [
        // 1 kg of beans at 600.00, 2 l of milk at 50.00, 10 cups at 2.00, the lattes' own stock.
        { itemId: beans.id, locationId: found.home.id, qty: 1_000, unitCostSatang: 60_000 },
        { itemId: milk.id, locationId: found.home.id, qty: 2_000, unitCostSatang: 5_000 },
        { itemId: cup.id, locationId: found.home.id, qty: 10_000, unitCostSatang: 200 },
        ...variants.map((v) => ({
          itemId: v.id,
          locationId: found.home.id,
          qty: 10_000,
          unitCostSatang: 1_500,
        })),
      ],
    });
    if (!received.ok) throw new Error("stock not received");
    const recipe = await saveRecipe(
      e2e.db,
      shopId,
      hot.id,
      `BEANS-${n} 0.018\nMILK-${n} 0.2\nCUP-${n} 1`,
    );
    if (!recipe.ok) throw new Error(`recipe not saved: ${recipe.error}`);

    await addSession(context, found.member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();

    // Two sizes from the variant tile.
    const tile = page.locator('[data-testid=till-item][data-variant-group="ลาเต้เย็น"]');
    const picker = page.getByTestId("till-variant-dialog");
    await tile.click();
    await picker.locator(`[data-testid=till-variant][data-sku="ICE-${n}-S"]`).click();
    await expect.poll(() => picker.isVisible(), SLOW).toBe(false);
    await tile.click();
    await picker.locator(`[data-testid=till-variant][data-sku="ICE-${n}-L"]`).click();
    await expect.poll(() => total(page), SLOW).toBe("฿110.00");

    // The hot latte holds no stock, but 2 l of milk make 10 of it: the till sells it.
    const hotTile = page.locator(`[data-testid=till-item][data-sku="HOT-${n}"]`);
    expect(await hotTile.innerText()).toContain("10");
    await hotTile.click();
    await hotTile.click();
    await expect.poll(() => total(page), SLOW).toBe("฿210.00");

    await page.getByTestId("till-pay-open").click();
    const dialog = page.getByTestId("till-pay-dialog");
    await dialog.getByTestId("till-cash").fill("500");
    await dialog.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);

    // The ingredients of two hot lattes left the shelf; the hot latte itself holds nothing.
    const stock = await e2e.db
      .select({ id: stockItem.id, onHand: stockItem.onHand })
      .from(stockItem)
      .where(inArray(stockItem.id, [beans.id, milk.id, cup.id, hot.id]))
      .orderBy(asc(stockItem.id));
    expect(stock.map((row) => row.onHand)).toEqual([964, 1_600, 8_000, 0]);
    // Its line's cost is its ingredients': 2 × (10.80 + 10.00 + 2.00) = 45.60.
    const [line] = await e2e.db.select().from(saleLine).where(eq(saleLine.itemId, hot.id));
    expect(line).toMatchObject({ costSatang: 4_560, movementId: null });

    // The cashier voids the sale on its page: the beans, milk and cups come back.
    await page.goto(`/shophub/invoices/${line!.saleId}?shop=${shopId}`);
    await hydrated(page, "[data-testid=void-form]");
    const voidForm = page.getByTestId("void-form");
    await voidForm.getByLabel(th["shops.invoices.void.reason"]).fill("ลูกค้ายกเลิก");
    await voidForm.getByRole("button", { name: th["shops.invoices.void.submit"] }).click();
    await page.getByTestId("done").waitFor(SLOW);
    expect(await page.getByTestId("sale-status").innerText()).toBe(
      th["shops.invoices.status.void"],
    );
    const back = await e2e.db
      .select({ id: stockItem.id, onHand: stockItem.onHand })
      .from(stockItem)
      .where(inArray(stockItem.id, [beans.id, milk.id, cup.id, hot.id]))
      .orderBy(asc(stockItem.id));
    expect(back.map((row) => row.onHand)).toEqual([1_000, 2_000, 10_000, 0]);
    // The till counts 10 hot lattes again from the milk.
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();
    expect(await hotTile.innerText()).toContain("10");
  });
});
