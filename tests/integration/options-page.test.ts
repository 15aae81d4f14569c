import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { listOptionGroups, tillOptionGroups } from "~/modules/sales/index.server";
import * as optionsPage from "~/routes/shophub/options/route";
import { shopWithItems } from "../setup/factories";
import { callRoute, outcomeOf, routeContext, sessionUserOf } from "../setup/route-call";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// The option groups page (issue 37, decision 0092): each refusal is a Thai message next to its
// field, the form keeps what was typed, and nothing of another shop can be used.

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

interface Failure {
  errors: Record<string, keyof typeof th>;
  values: Record<string, string>;
  target: string;
}

async function cafe() {
  const made = await shopWithItems(test.db, {
    items: {
      beans: {
        fields: { name: "เมล็ดกาแฟ", sku: `BEANS-${randomUUID().slice(0, 6)}`, measured: true },
      },
      cup: { fields: { name: "แก้ว", sku: `CUP-${randomUUID().slice(0, 6)}` } },
      latte: { fields: { name: "ลาเต้", sku: `LATTE-${randomUUID().slice(0, 6)}`, price: 6_500 } },
    },
  });
  const { beans, cup, latte } = made.items;
  const post = (form: Record<string, string>) =>
    outcomeOf<Failure>(
      callRoute(optionsPage.action, `/shophub/options?shop=${made.shop.id}`, {
        context: routeContext(test.db, sessionUserOf(made.ownerId)),
        form: { shopId: made.shop.id, ...form },
      }),
    );
  return { ...made, beans, cup, latte, post };
}

const thai = (key: string | undefined) => (key ? th[key as keyof typeof th] : undefined);

describe("the option groups page", () => {
  it("adds a group and its choices, attaches it to an item, and the till's catalogue carries it", async () => {
    const c = await cafe();
    const made = await c.post({ intent: "createGroup", name: "ความหวาน", min: "1", max: "1" });
    expect(made.status).toBe(302);
    const [group] = await listOptionGroups(test.db, c.shop.id);
    for (const name of ["ปกติ", "หวานน้อย"]) {
      const added = await c.post({
        intent: "addChoice",
        groupId: String(group!.id),
        name,
        price: "",
        stockSku: "",
        stockQty: "",
      });
      expect(added.status).toBe(302);
    }
    const shot = await c.post({
      intent: "addChoice",
      groupId: String(group!.id),
      name: "เพิ่มช็อต",
      price: "15",
      stockSku: c.beans.sku.toLowerCase(),
      stockQty: "0.018",
    });
    expect(shot.status).toBe(302);
    expect(
      (await c.post({ intent: "attach", groupId: String(group!.id), skus: c.latte.sku })).status,
    ).toBe(302);
    const [saved] = await listOptionGroups(test.db, c.shop.id);
    expect(saved).toMatchObject({
      name: "ความหวาน",
      min: 1,
      max: 1,
      choices: [
        { name: "ปกติ", priceSatang: 0, stock: null },
        { name: "หวานน้อย", priceSatang: 0, stock: null },
        { name: "เพิ่มช็อต", priceSatang: 1_500, stock: { itemId: c.beans.id, qtyMilli: 18 } },
      ],
      items: [{ id: c.latte.id }],
    });
    const till = await tillOptionGroups(test.db, c.shop.id);
    expect(till.byItem).toEqual({ [c.latte.id]: [group!.id] });
    expect(till.groups[group!.id]?.choices.map((ch) => ch.name)).toEqual([
      "ปกติ",
      "หวานน้อย",
      "เพิ่มช็อต",
    ]);
  });

  it("refuses a choice that uses up an item its group is attached to, either way round", async () => {
    const c = await cafe();
    await c.post({ intent: "createGroup", name: "เพิ่ม", min: "0", max: "2" });
    const [extras] = await listOptionGroups(test.db, c.shop.id);
    const groupId = String(extras!.id);
    expect((await c.post({ intent: "attach", groupId, skus: c.latte.sku })).status).toBe(302);
    // A choice using up the latte itself, on a group the latte asks: refused at the choice.
    const itself = await c.post({
      intent: "addChoice",
      groupId,
      name: "ลาเต้อีกแก้ว",
      price: "65",
      stockSku: c.latte.sku,
      stockQty: "1",
    });
    expect(itself.status).toBe(400);
    expect(thai(itself.data?.errors.stockSku)).toMatch(/^ตัวเลือกใช้สต็อกของสินค้าที่ผูกกลุ่มนี้/);
    expect(itself.data?.values).toMatchObject({ stockSku: c.latte.sku, price: "65" });
    // A choice using up cups, then the group attached to the cup: refused at the attaching.
    const cups = await c.post({
      intent: "addChoice",
      groupId,
      name: "แก้วเพิ่ม",
      price: "5",
      stockSku: c.cup.sku,
      stockQty: "1",
    });
    expect(cups.status).toBe(302);
    const attach = await c.post({ intent: "attach", groupId, skus: c.cup.sku });
    expect(attach.status).toBe(400);
    expect(thai(attach.data?.errors.skus)).toMatch(/^สินค้าเหล่านี้ถูกใช้เป็นสต็อกของตัวเลือก/);
    expect((attach.data as { unknownSkus?: string[] } | undefined)?.unknownSkus).toEqual([
      c.cup.sku,
    ]);
    const [after] = await listOptionGroups(test.db, c.shop.id);
    expect(after!.choices.map((choice) => choice.name)).toEqual(["แก้วเพิ่ม"]);
  });

  it("refuses in Thai next to the field and keeps what was typed", async () => {
    const c = await cafe();
    const group = await c.post({ intent: "createGroup", name: " ", min: "2", max: "1" });
    expect(group.status).toBe(400);
    expect(group.data?.target).toBe("group-new");
    expect(thai(group.data?.errors.name)).toBe("กรุณาพิมพ์ชื่อ");
    expect(thai(group.data?.errors.max)).toBe("เลือกได้มากสุดต้องไม่น้อยกว่าเลือกอย่างน้อย");
    expect(group.data?.values).toMatchObject({ min: "2", max: "1" });

    await c.post({ intent: "createGroup", name: "ท็อปปิ้ง", min: "0", max: "3" });
    const taken = await c.post({ intent: "createGroup", name: "ท็อปปิ้ง", min: "0", max: "3" });
    expect(thai(taken.data?.errors.name)).toBe("มีชื่อนี้อยู่แล้ว ใช้ชื่ออื่น");
    const [toppings] = await listOptionGroups(test.db, c.shop.id);
    const choice = (fields: Record<string, string>) =>
      c.post({
        intent: "addChoice",
        groupId: String(toppings!.id),
        name: "ไข่มุก",
        price: "10",
        stockSku: "",
        stockQty: "",
        ...fields,
      });
    const negative = await choice({ price: "-10" });
    expect(thai(negative.data?.errors.price)).toBe("ราคาเพิ่มติดลบไม่ได้ (0 ขึ้นไป)");
    expect(negative.data?.values.price).toBe("-10");
    expect(negative.data?.target).toBe(`choice-new-${toppings!.id}`);
    // A stock item of another shop is not found by its SKU here.
    const other = await cafe();
    const foreign = await choice({ stockSku: other.beans.sku, stockQty: "0.018" });
    expect(thai(foreign.data?.errors.stockSku)).toBe("ไม่พบรหัสสินค้านี้ในร้านนี้");
    const fraction = await choice({ stockSku: c.cup.sku, stockQty: "0.5" });
    expect(thai(fraction.data?.errors.stockQty)).toBe("สินค้านี้นับเป็นหน่วยเต็ม พิมพ์จำนวนเต็ม");
    const attach = await c.post({
      intent: "attach",
      groupId: String(toppings!.id),
      skus: `${c.latte.sku}, ${other.latte.sku}`,
    });
    expect(thai(attach.data?.errors.skus)).toMatch(/^ไม่พบรหัสสินค้าในร้านนี้/);
    // Another shop's group is not found from this shop.
    const [otherGroup] = await (async () => {
      await other.post({ intent: "createGroup", name: "ของร้านอื่น", min: "0", max: "1" });
      return listOptionGroups(test.db, other.shop.id);
    })();
    const stolen = await c.post({ intent: "deleteGroup", groupId: String(otherGroup!.id) });
    expect(stolen.status).toBe(404);
    expect(await listOptionGroups(test.db, other.shop.id)).toHaveLength(1);
    // Nothing half-written: the refused choices and links are not there.
    const [after] = await listOptionGroups(test.db, c.shop.id);
    expect(after).toMatchObject({ choices: [], items: [] });
  });
});
