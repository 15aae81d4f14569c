import { describe, expect, it } from "vitest";
import { lineOptions, type OptionGroup } from "./options";

const sweetness: OptionGroup = {
  id: 1,
  name: "ความหวาน",
  min: 1,
  max: 1,
  choices: [
    { id: 11, name: "ปกติ", priceSatang: 0 },
    { id: 12, name: "น้อย", priceSatang: 0 },
    { id: 13, name: "ไม่หวาน", priceSatang: 0 },
  ],
};
const toppings: OptionGroup = {
  id: 2,
  name: "ท็อปปิ้ง",
  min: 0,
  max: 3,
  choices: [
    { id: 21, name: "ไข่มุก", priceSatang: 1_000 },
    { id: 22, name: "วุ้น", priceSatang: 1_000 },
    { id: 23, name: "เพิ่มช็อต", priceSatang: 1_500 },
  ],
};
const groups = [sweetness, toppings];

describe("lineOptions (the options rule of the till and the server)", () => {
  it("adds the chosen choices' prices, in the groups' order whatever the order picked", () => {
    expect(lineOptions(groups, [23, 12, 21])).toEqual({
      ok: true,
      priceSatang: 2_500,
      chosen: [
        { choiceId: 12, groupName: "ความหวาน", choiceName: "น้อย", priceSatang: 0 },
        { choiceId: 21, groupName: "ท็อปปิ้ง", choiceName: "ไข่มุก", priceSatang: 1_000 },
        { choiceId: 23, groupName: "ท็อปปิ้ง", choiceName: "เพิ่มช็อต", priceSatang: 1_500 },
      ],
    });
  });

  it("an optional group may stay empty; an item without groups adds nothing", () => {
    expect(lineOptions(groups, [11])).toMatchObject({ ok: true, priceSatang: 0 });
    expect(lineOptions([], [])).toEqual({ ok: true, priceSatang: 0, chosen: [] });
  });

  it("refuses a required group left empty, naming it", () => {
    expect(lineOptions(groups, [21])).toEqual({
      ok: false,
      reason: "tooFew",
      group: "ความหวาน",
      min: 1,
    });
  });

  it("refuses more choices than a group allows", () => {
    expect(lineOptions(groups, [11, 12])).toEqual({
      ok: false,
      reason: "tooMany",
      group: "ความหวาน",
      max: 1,
    });
  });

  it("refuses a choice the item does not offer, or one picked twice", () => {
    expect(lineOptions(groups, [11, 99])).toMatchObject({ ok: false, reason: "notOffered" });
    expect(lineOptions(groups, [11, 21, 21])).toMatchObject({ ok: false, reason: "notOffered" });
    expect(lineOptions([], [11])).toMatchObject({ ok: false, reason: "notOffered" });
  });
});
