import type { Page } from "playwright-core";
import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { sale, stockItem } from "~/db/schema";
import { attachOptionGroup, saveOptionChoice, saveOptionGroup } from "~/modules/sales/index.server";
import { postStockDocument, saveRecipe, saveVariantGroup } from "~/modules/stock/index.server";
import { insertItem } from "../setup/factories";
import { addSession, cashierWithTillItems, e2eTest as test } from "./fixtures";

// A café bill with options (issue 37, decision 0092): a latte in size L, หวานน้อย with an extra
// shot (+15 บาท, 18 g of beans), a second latte in S ไม่หวาน as a line of its own, and an
// americano made to order from 18 g of beans (a recipe item, decision 0087); the slip prints the
// choices under their line and the beans' stock went down by the shot and the americano.

const SLOW = { timeout: 15_000 };

const total = (page: Page) => page.getByTestId("till-total").innerText();

describe("a café bill with options", () => {
  test("the dialog asks the options after the size; each latte is its line; a recipe item takes its beans; the slip shows them", async ({
    e2e,
    context,
    page,
  }) => {
    const found = await cashierWithTillItems(e2e, { emailPrefix: "till-options" });
    const shopId = found.shop.id;
    const n = `${Date.now() % 1_000_000}`;
    const saved = await saveVariantGroup(e2e.db, {
      shopId,
      groupId: null,
      name: "ลาเต้เย็น",
      category: "กาแฟ",
      unit: "แก้ว",
      options: [{ name: "ขนาด", values: ["S", "L"] }],
      rows: [
        { values: ["S"], sku: `OPT-${n}-S`, barcode: null, priceSatang: 4_500, costSatang: 1_500 },
        { values: ["L"], sku: `OPT-${n}-L`, barcode: null, priceSatang: 6_500, costSatang: 2_100 },
      ],
    });
    if (!saved.ok) throw new Error(`variants not saved: ${saved.error}`);
    const beans = await insertItem(e2e.db, shopId, found.ownerId, {
      fields: {
        name: "เมล็ดกาแฟ",
        sku: `BEANS-${n}`,
        unit: "กก.",
        measured: true,
        price: 0,
        cost: 0,
        category: "วัตถุดิบ",
      },
    });
    const lattes = await e2e.db
      .select({ id: stockItem.id, sku: stockItem.sku })
      .from(stockItem)
      .where(
        and(eq(stockItem.shopId, shopId), inArray(stockItem.sku, [`OPT-${n}-S`, `OPT-${n}-L`])),
      );
    const received = await postStockDocument(e2e.db, {
      shopId,
      userId: found.ownerId,
      kind: "receive",
      lines: [
        { itemId: beans.id, locationId: found.home.id, qty: 1_000, unitCostSatang: 60_000 },
        ...lattes.map((l) => ({
          itemId: l.id,
          locationId: found.home.id,
          qty: 10_000,
          unitCostSatang: 1_500,
        })),
      ],
    });
    if (!received.ok) throw new Error("stock not received");

    // The americano holds no stock: selling it takes its beans (decision 0087).
    const americano = await insertItem(e2e.db, shopId, found.ownerId, {
      fields: {
        name: "อเมริกาโน่",
        sku: `AMER-${n}`,
        unit: "แก้ว",
        price: 5_000,
        cost: 0,
        category: "กาแฟ",
      },
    });
    const recipe = await saveRecipe(e2e.db, shopId, americano.id, `BEANS-${n} 0.018`);
    if (!recipe.ok) throw new Error(`recipe not saved: ${JSON.stringify(recipe)}`);

    const sweet = await saveOptionGroup(e2e.db, shopId, { name: "ความหวาน", min: 1, max: 1 });
    const extras = await saveOptionGroup(e2e.db, shopId, { name: "เพิ่ม", min: 0, max: 2 });
    if (!sweet.ok || !extras.ok) throw new Error("groups not saved");
    for (const name of ["ปกติ", "หวานน้อย", "ไม่หวาน"]) {
      await saveOptionChoice(e2e.db, shopId, sweet.id, { name, priceSatang: 0, stock: null });
    }
    await saveOptionChoice(e2e.db, shopId, extras.id, {
      name: "เพิ่มช็อต",
      priceSatang: 1_500,
      stock: { sku: `BEANS-${n}`, qtyMilli: 18 },
    });
    await saveOptionChoice(e2e.db, shopId, extras.id, {
      name: "ไข่มุก",
      priceSatang: 1_000,
      stock: null,
    });
    for (const group of [sweet.id, extras.id]) {
      const attached = await attachOptionGroup(e2e.db, shopId, group, [`OPT-${n}-S`, `OPT-${n}-L`]);
      if (!attached.ok) throw new Error("groups not attached");
    }

    await addSession(context, found.member);
    await page.goto("/shophub/sell");
    await page.locator("[data-testid=till][data-ready=yes]").waitFor();

    // The size first, then the options in one dialog.
    const tile = page.locator('[data-testid=till-item][data-variant-group="ลาเต้เย็น"]');
    await tile.click();
    const sizes = page.getByTestId("till-variant-dialog");
    await sizes.locator(`[data-testid=till-variant][data-sku="OPT-${n}-L"]`).click();
    const options = page.getByTestId("till-options-dialog");
    await options.getByTestId("till-option").first().waitFor(SLOW);
    // Nothing is picked for the required group: the add button says what is missing.
    const add = options.getByTestId("till-options-add");
    expect(await add.isDisabled()).toBe(true);
    expect(await add.innerText()).toBe("ยังไม่ได้เลือก ความหวาน");
    await options.locator('[data-testid=till-option][data-name="หวานน้อย"]').click();
    await options.locator('[data-testid=till-option][data-name="เพิ่มช็อต"]').click();
    expect(await add.innerText()).toBe("ใส่ตะกร้า ฿80.00");
    await add.click();
    await expect.poll(() => options.isVisible(), SLOW).toBe(false);
    await expect.poll(() => total(page), SLOW).toBe("฿80.00");

    // A second latte, S ไม่หวาน: a line of its own.
    await tile.click();
    await sizes.locator(`[data-testid=till-variant][data-sku="OPT-${n}-S"]`).click();
    await options.locator('[data-testid=till-option][data-name="ไม่หวาน"]').click();
    await options.getByTestId("till-options-add").click();
    await expect.poll(() => total(page), SLOW).toBe("฿125.00");
    const lines = page.getByTestId("till-line-options");
    expect(await lines.allInnerTexts()).toEqual(["หวานน้อย, เพิ่มช็อต", "ไม่หวาน"]);
    // The recipe item asks nothing: one tap, one line.
    await page.locator(`[data-testid=till-item][data-sku="AMER-${n}"]`).click();
    await expect.poll(() => total(page), SLOW).toBe("฿175.00");

    await page.getByTestId("till-pay-open").click();
    const pay = page.getByTestId("till-pay-dialog");
    await pay.getByTestId("till-cash").fill("200");
    await pay.getByTestId("till-complete").click();
    await page.getByTestId("till-done").waitFor(SLOW);

    // The shot's 18 g and the americano's 18 g of beans left the stock with the sale.
    const [beansNow] = await e2e.db
      .select({ onHand: stockItem.onHand })
      .from(stockItem)
      .where(eq(stockItem.id, beans.id));
    expect(beansNow?.onHand).toBe(964);

    // The slip prints the choices under their line, the shot with its price.
    const [sold] = await e2e.db
      .select({ id: sale.id, total: sale.totalSatang })
      .from(sale)
      .where(eq(sale.shopId, shopId))
      .orderBy(desc(sale.id))
      .limit(1);
    expect(sold?.total).toBe(17_500);
    await page.goto(`/shophub/invoices/${sold!.id}/print?doc=sale&paper=80&shop=${shopId}`);
    const printed = await page.getByTestId("doc-line-option").allInnerTexts();
    expect(printed).toEqual(["+ หวานน้อย", "+ เพิ่มช็อต +15.00", "+ ไม่หวาน"]);
  });
});
