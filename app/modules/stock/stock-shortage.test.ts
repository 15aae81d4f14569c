import { describe, expect, it } from "vitest";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { shortageMessage } from "./inout-form";
import { describeShortage } from "./stock-shortage";

const refusal = { itemId: 5, locationId: 9, available: 3 };

describe("the not-enough-stock explanation", () => {
  it("names the item, the place's path and what is left, as data", () => {
    expect(
      describeShortage(refusal, { name: "น้ำดื่ม 600 มล.", unit: "ขวด" }, "คลังหลัก › โซน A"),
    ).toEqual({
      itemId: 5,
      item: "น้ำดื่ม 600 มล.",
      unit: "ขวด",
      locationId: 9,
      location: "คลังหลัก › โซน A",
      available: 3,
    });
  });

  it("still explains what it can when the item or the place is gone", () => {
    expect(describeShortage({ ...refusal, available: 0 }, null, undefined)).toEqual({
      itemId: 5,
      item: "",
      unit: "",
      locationId: 9,
      location: "",
      available: 0,
    });
  });

  it("reads as one Thai sentence on the stock pages", () => {
    const shortage = describeShortage(refusal, { name: "สบู่", unit: "ก้อน" }, "คลังหลัก");
    const message = shortageMessage(shortage);
    expect(serverTranslate("th")(message.key, message.values)).toBe(
      "สินค้าไม่พอ: สบู่ ที่ คลังหลัก เหลือ 3 ก้อน จึงตัดออกไม่ได้",
    );
  });
});
