import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockItem, stockItemVariant, stockMovement, stockVariantGroup } from "~/db/schema";
import { th } from "~/lib/i18n/th";
import {
  importItems,
  itemsCsv,
  listTillItems,
  postStockDocument,
} from "~/modules/stock/index.server";
import * as variantsRoute from "~/routes/storehub/variants";
import { insertItem, insertShop, addShopMember, type TestShop } from "../setup/factories";
import {
  outcomeOf,
  callRoute,
  routeContext,
  sessionUserOf,
  type Outcome,
} from "../setup/route-call";
import { createSaleForTest } from "../setup/sales-factory";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// Items with variants (decision 0080): made on storehub's page, each variant an item with its
// own SKU, barcode, price, cost and stock in the ledger; the till reads their group.

let test: TestDatabase;
let home: TestShop;
let other: TestShop;

beforeAll(async () => {
  test = await createTestDatabase();
  home = await insertShop(test.db, { name: "ร้านกาแฟ" });
  other = await insertShop(test.db, { name: "ร้านอื่น" });
});
afterAll(async () => {
  await test.drop();
});

interface PageAnswer {
  values: Record<string, string>;
  errors: Record<string, string>;
  rows: { key: string; sku: string; barcode: string; price: string; itemId: number | null }[];
}

function post(
  form: Record<string, string>,
  userId = home.ownerId,
  shopId = home.shop.id,
): Promise<Outcome<PageAnswer>> {
  return outcomeOf(
    callRoute(variantsRoute.action, "/storehub/variants", {
      form: { shopId, ...form },
      context: routeContext(test.db, sessionUserOf(userId)),
    }),
  );
}

const latte = {
  name: "ลาเต้",
  category: "กาแฟ",
  unit: "แก้ว",
  skuPrefix: "latte",
  options: "ขนาด: S, M, L",
  price: "45",
  cost: "15",
};

/** The rows of a generated form as the page posts them back. */
function rowFields(
  rows: PageAnswer["rows"],
  change: Record<number, Partial<PageAnswer["rows"][number]>> = {},
) {
  const fields: Record<string, string> = {};
  rows.forEach((row, index) => {
    const each = { ...row, ...change[index] };
    fields[`variants[${index}].key`] = each.key;
    fields[`variants[${index}].sku`] = each.sku;
    fields[`variants[${index}].barcode`] = each.barcode;
    fields[`variants[${index}].price`] = each.price;
    fields[`variants[${index}].cost`] = "15";
  });
  return fields;
}

async function groupCount(shopId: string) {
  return (
    await test.db.select().from(stockVariantGroup).where(eq(stockVariantGroup.shopId, shopId))
  ).length;
}

describe("an item with variants", () => {
  let groupId = 0;

  it("generates a row per value with suggested SKUs, writing nothing", async () => {
    const answer = await post({ intent: "generate", ...latte });
    expect(answer.status).toBe(200);
    expect(answer.data?.rows.map((row) => [row.key, row.sku, row.price])).toEqual([
      ["S", "LATTE-S", "45.00"],
      ["M", "LATTE-M", "45.00"],
      ["L", "LATTE-L", "45.00"],
    ]);
    expect(await groupCount(home.shop.id)).toBe(0);
  });

  it("saves one item per variant, each with its own SKU, barcode, price and cost", async () => {
    const generated = await post({ intent: "generate", ...latte });
    const answer = await post({
      intent: "save",
      ...latte,
      ...rowFields(generated.data!.rows, {
        1: { price: "55", barcode: "8850999320014" },
        2: { price: "65" },
      }),
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/storehub\/variants\?group=\d+&saved=1$/);
    groupId = Number(/group=(\d+)/.exec(answer.location!)![1]);
    const items = await test.db
      .select({
        name: stockItem.name,
        sku: stockItem.sku,
        barcode: stockItem.barcode,
        price: stockItem.priceSatang,
        cost: stockItem.costSatang,
        values: stockItemVariant.optionValues,
      })
      .from(stockItemVariant)
      .innerJoin(stockItem, eq(stockItem.id, stockItemVariant.itemId))
      .where(eq(stockItemVariant.groupId, groupId))
      .orderBy(stockItemVariant.position);
    expect(items).toEqual([
      { name: "ลาเต้ (S)", sku: "LATTE-S", barcode: null, price: 4_500, cost: 1_500, values: ["S"] },
      {
        name: "ลาเต้ (M)",
        sku: "LATTE-M",
        barcode: "8850999320014",
        price: 5_500,
        cost: 1_500,
        values: ["M"],
      },
      { name: "ลาเต้ (L)", sku: "LATTE-L", barcode: null, price: 6_500, cost: 1_500, values: ["L"] },
    ]);
  });

  it("keeps stock per variant in the ledger, and a sale takes out only the variant sold", async () => {
    const variants = await test.db
      .select({ id: stockItem.id, sku: stockItem.sku })
      .from(stockItem)
      .where(eq(stockItem.shopId, home.shop.id));
    const id = (sku: string) => variants.find((row) => row.sku === sku)!.id;
    const received = await postStockDocument(test.db, {
      shopId: home.shop.id,
      userId: home.ownerId,
      kind: "receive",
      lines: [
        {
          itemId: id("LATTE-S"),
          locationId: home.defaultLocationId,
          qty: 10_000,
          unitCostSatang: 1_500,
        },
        {
          itemId: id("LATTE-M"),
          locationId: home.defaultLocationId,
          qty: 20_000,
          unitCostSatang: 1_800,
        },
      ],
    });
    expect(received.ok).toBe(true);
    await createSaleForTest(test.db, {
      shopId: home.shop.id,
      userId: home.ownerId,
      lines: [{ itemId: id("LATTE-M"), qty: 2 }],
    });
    const onHand = await test.db
      .select({ sku: stockItem.sku, onHand: stockItem.onHand, avg: stockItem.avgCostSatang })
      .from(stockItem)
      .where(eq(stockItem.shopId, home.shop.id))
      .orderBy(stockItem.sku);
    expect(onHand).toEqual([
      { sku: "LATTE-L", onHand: 0, avg: 0 },
      { sku: "LATTE-M", onHand: 18_000, avg: 1_800 },
      { sku: "LATTE-S", onHand: 10_000, avg: 1_500 },
    ]);
    const moved = await test.db
      .select({ itemId: stockMovement.itemId })
      .from(stockMovement)
      .where(and(eq(stockMovement.shopId, home.shop.id), eq(stockMovement.kind, "sale")));
    expect(moved).toEqual([{ itemId: id("LATTE-M") }]);

    // The till gets each variant with its group, its values and its place in the picker.
    const till = await listTillItems(test.db, home.shop.id);
    expect(till.map((row) => [row.name, row.variant])).toEqual([
      ["ลาเต้ (L)", { groupId, groupName: "ลาเต้", label: "L", position: 2 }],
      ["ลาเต้ (M)", { groupId, groupName: "ลาเต้", label: "M", position: 1 }],
      ["ลาเต้ (S)", { groupId, groupName: "ลาเต้", label: "S", position: 0 }],
    ]);
  });

  it("adds a value later: the saved variants keep their fields, the new one is made", async () => {
    const page = await outcomeOf<{
      group: { rows: PageAnswer["rows"]; values: Record<string, string> };
    }>(
      callRoute(variantsRoute.loader, `/storehub/variants?group=${groupId}`, {
        context: routeContext(test.db, sessionUserOf(home.ownerId)),
      }),
    );
    expect(page.data?.group.values.options).toBe("ขนาด: S, M, L");
    const generated = await post({
      intent: "generate",
      ...latte,
      groupId: String(groupId),
      options: "ขนาด: S, M, L, XL",
      ...rowFields(page.data!.group.rows),
    });
    const rows = generated.data!.rows;
    expect(rows.map((row) => [row.key, row.sku, row.price, row.itemId !== null])).toEqual([
      ["S", "LATTE-S", "45.00", true],
      ["M", "LATTE-M", "55.00", true],
      ["L", "LATTE-L", "65.00", true],
      ["XL", "LATTE-XL", "45.00", false],
    ]);
    const saved = await post({
      intent: "save",
      ...latte,
      groupId: String(groupId),
      options: "ขนาด: S, M, L, XL",
      ...rowFields(rows),
    });
    expect(saved.status).toBe(302);
    const names = await test.db
      .select({ name: stockItem.name })
      .from(stockItem)
      .where(eq(stockItem.shopId, home.shop.id))
      .orderBy(stockItem.id);
    expect(names.map((row) => row.name)).toEqual(["ลาเต้ (S)", "ลาเต้ (M)", "ลาเต้ (L)", "ลาเต้ (XL)"]);
  });

  it("refuses to take out a saved value (its item has a history)", async () => {
    const answer = await post({
      intent: "save",
      ...latte,
      groupId: String(groupId),
      options: "ขนาด: S, M",
      "variants[0].key": "S",
      "variants[0].sku": "LATTE-S",
      "variants[1].key": "M",
      "variants[1].sku": "LATTE-M",
    });
    expect(answer.status).toBe(400);
    expect(answer.data?.errors).toEqual({ options: "storehub.variants.error.valueRemoved" });
  });

  it("is not found from another shop, and nothing of it changes", async () => {
    const page = await outcomeOf(
      callRoute(variantsRoute.loader, `/storehub/variants?group=${groupId}`, {
        context: routeContext(test.db, sessionUserOf(other.ownerId)),
      }),
    );
    expect(page.status).toBe(404);
    const answer = await post(
      {
        intent: "save",
        ...latte,
        name: "ยึดของร้านอื่น",
        groupId: String(groupId),
        "variants[0].key": "S",
        "variants[0].sku": "STOLEN-S",
      },
      other.ownerId,
      other.shop.id,
    );
    expect(answer.status).toBe(404);
    const [group] = await test.db
      .select({ name: stockVariantGroup.name })
      .from(stockVariantGroup)
      .where(eq(stockVariantGroup.id, groupId));
    expect(group?.name).toBe("ลาเต้");
  });

  it("is for the roles that change stock: a cashier is refused", async () => {
    const cashier = await addShopMember(test.db, home.shop.id, "cashier");
    const answer = await post({ intent: "generate", ...latte }, cashier.id);
    expect(answer.status).toBe(403);
  });
});

describe("bad input on the variant form", () => {
  const refusals: [string, Record<string, string>, string, string][] = [
    [
      "four option names",
      { options: "ขนาด: S\nสี: แดง\nความยาว: 1\nแบบ: ก" },
      "options",
      "tooManyOptions",
    ],
    ["a value typed twice", { options: "ขนาด: S, M, m" }, "options", "duplicateValue"],
    ["an empty value", { options: "ขนาด: S, , L" }, "options", "emptyValue"],
    ["a line without an option name", { options: "S, M, L" }, "options", "optionName"],
    ["no options", { options: "  " }, "options", "optionsRequired"],
  ];
  for (const [what, change, field, code] of refusals) {
    it(`says ${what} next to the options, in Thai, keeping what was typed`, async () => {
      const answer = await post({ intent: "generate", ...latte, name: "ชาเย็น", ...change });
      expect(answer.status).toBe(400);
      const key = `storehub.variants.error.${code}`;
      expect(answer.data?.errors).toEqual({ [field]: key });
      expect(th[key as keyof typeof th]).toMatch(/[ก-๙]/);
      expect(answer.data?.values.name).toBe("ชาเย็น");
      expect(answer.data?.values.options).toBe(change.options);
    });
  }

  it("says a SKU or barcode typed on two rows next to the second, and writes nothing", async () => {
    const answer = await post({
      intent: "save",
      ...latte,
      name: "ชาไทย",
      options: "ขนาด: S, M",
      "variants[0].key": "S",
      "variants[0].sku": "TEA-1",
      "variants[0].barcode": "8850999320021",
      "variants[1].key": "M",
      "variants[1].sku": "tea-1",
      "variants[1].barcode": "8850999320021",
    });
    expect(answer.status).toBe(400);
    expect(answer.data?.errors).toEqual({
      "variants[1].sku": "storehub.variants.error.skuRepeated",
      "variants[1].barcode": "storehub.variants.error.barcodeRepeated",
    });
    expect(answer.data?.rows.map((row) => row.sku)).toEqual(["TEA-1", "tea-1"]);
    expect(
      await test.db.select().from(stockVariantGroup).where(eq(stockVariantGroup.name, "ชาไทย")),
    ).toEqual([]);
  });

  it("says a SKU or barcode another item of the shop has next to its row, and writes nothing", async () => {
    await insertItem(test.db, home.shop.id, home.ownerId, {
      fields: { sku: "TAKEN-1", barcode: "8850999320038" },
    });
    const before = await test.db.select().from(stockItem).where(eq(stockItem.shopId, home.shop.id));
    const sku = await post({
      intent: "save",
      ...latte,
      name: "มอคค่า",
      options: "ขนาด: S, M",
      "variants[0].key": "S",
      "variants[0].sku": "MOCHA-S",
      "variants[1].key": "M",
      "variants[1].sku": "taken-1",
    });
    expect(sku.status).toBe(400);
    expect(sku.data?.errors).toEqual({ "variants[1].sku": "storehub.error.skuTaken" });
    const barcode = await post({
      intent: "save",
      ...latte,
      name: "มอคค่า",
      options: "ขนาด: S, M",
      "variants[0].key": "S",
      "variants[0].sku": "MOCHA-S",
      "variants[0].barcode": "8850999320038",
      "variants[1].key": "M",
      "variants[1].sku": "MOCHA-M",
    });
    expect(barcode.data?.errors).toEqual({ "variants[0].barcode": "storehub.error.barcodeTaken" });
    const after = await test.db.select().from(stockItem).where(eq(stockItem.shopId, home.shop.id));
    expect(after.length).toBe(before.length);
  });

  it("asks to make the rows again when the options changed after they were made", async () => {
    const answer = await post({
      intent: "save",
      ...latte,
      name: "เอสเปรสโซ",
      options: "ขนาด: S, M, L",
      "variants[0].key": "S",
      "variants[0].sku": "ESP-S",
      "variants[1].key": "M",
      "variants[1].sku": "ESP-M",
    });
    expect(answer.status).toBe(400);
    expect(answer.data?.errors).toEqual({ form: "storehub.variants.error.generateFirst" });
  });
});

describe("CSV with variants", () => {
  async function exported(shopId: string): Promise<string> {
    const stream = await itemsCsv(test.db, shopId, "th");
    return (await new Response(stream).text()).replace(/^\uFEFF/, "");
  }

  it("exports the group and options, and an import into another shop makes the same variants", async () => {
    const text = await exported(home.shop.id);
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain("กลุ่มสินค้าหลายแบบ,ตัวเลือกของแบบ");
    expect(lines.find((line) => line.includes("LATTE-M"))).toContain(",ลาเต้,ขนาด: M");

    const copy = await insertShop(test.db, { name: "ร้านสาขาสอง" });
    const imported = await importItems(test.db, {
      shopId: copy.shop.id,
      userId: copy.ownerId,
      text,
    });
    expect(imported.ok).toBe(true);
    const groups = await test.db
      .select({ name: stockVariantGroup.name, names: stockVariantGroup.optionNames })
      .from(stockVariantGroup)
      .where(eq(stockVariantGroup.shopId, copy.shop.id));
    expect(groups).toEqual([{ name: "ลาเต้", names: ["ขนาด"] }]);
    const till = await listTillItems(test.db, copy.shop.id);
    expect(
      till
        .filter((row) => row.variant)
        .map((row) => [row.sku, row.variant?.groupName, row.variant?.label]),
    ).toEqual([
      ["LATTE-L", "ลาเต้", "L"],
      ["LATTE-M", "ลาเต้", "M"],
      ["LATTE-S", "ลาเต้", "S"],
      ["LATTE-XL", "ลาเต้", "XL"],
    ]);
    // The round trip: exporting the copy gives back the same variant columns.
    const again = await exported(copy.shop.id);
    const variantCells = (csv: string) =>
      csv
        .trim()
        .split(/\r?\n/)
        .filter((line) => line.includes("LATTE-"))
        .map((line) => line.split(",").slice(13, 15).join(","));
    expect(variantCells(again)).toEqual(variantCells(text));
    // Imported back into the same shop, nothing new is made.
    const back = await importItems(test.db, { shopId: copy.shop.id, userId: copy.ownerId, text });
    expect(back.ok).toBe(true);
    const links = await test.db
      .select()
      .from(stockItemVariant)
      .where(eq(stockItemVariant.shopId, copy.shop.id));
    expect(links.length).toBe(4);
  });

  it("says in Thai which row's options are wrong, and writes nothing", async () => {
    const shop = await insertShop(test.db, { name: "ร้านเสื้อ" });
    const text = [
      "ชื่อสินค้า,รหัสสินค้า,หน่วยนับ,กลุ่มสินค้าหลายแบบ,ตัวเลือกของแบบ",
      "เสื้อ (M),TEE-M,ตัว,เสื้อ,ขนาด: M",
      "เสื้อ (L),TEE-L,ตัว,เสื้อ,สี: แดง",
      "เสื้อ (M2),TEE-M2,ตัว,เสื้อ,ขนาด: M",
      "เสื้อ (X),TEE-X,ตัว,เสื้อ,ขนาด M",
      "หมวก,HAT,ใบ,,ขนาด: M",
    ].join("\n");
    const result = await importItems(test.db, { shopId: shop.shop.id, userId: shop.ownerId, text });
    expect(result.ok).toBe(false);
    const problems = !result.ok && result.check.ok ? result.check.problems : [];
    expect(problems.map((problem) => [problem.row, problem.field, problem.message])).toEqual([
      [3, "variantOptions", "storehub.import.error.variantNames"],
      [4, "variantOptions", "storehub.import.error.variantRepeated"],
      [5, "variantOptions", "storehub.import.error.variantOptions"],
      [6, "variantGroup", "storehub.import.error.variantGroupMissing"],
    ]);
    for (const [, , key] of problems.map((p) => [p.row, p.field, p.message])) {
      expect(th[key as keyof typeof th]).toMatch(/[ก-๙]/);
    }
    expect(
      await test.db.select().from(stockItem).where(eq(stockItem.shopId, shop.shop.id)),
    ).toEqual([]);
  });
});
