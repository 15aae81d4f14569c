/*
 * Whether an item is sold by weight or length (the till asks its quantity with up to 3
 * decimals). The stock ledger branch adds `stock_item.measured`; until it is merged, the unit
 * decides. This is the ONE place that rule lives: at the merge it becomes `item.measured`.
 */
const MEASURED_UNITS = new Set([
  "kg",
  "g",
  "mg",
  "m",
  "cm",
  "mm",
  "l",
  "ml",
  "lb",
  "oz",
  "กก",
  "กิโล",
  "กิโลกรัม",
  "กรัม",
  "ก",
  "ขีด",
  "เมตร",
  "ม",
  "ซม",
  "เซนติเมตร",
  "มม",
  "มิลลิเมตร",
  "ลิตร",
  "ล",
  "มล",
  "มิลลิลิตร",
  "หลา",
]);

export function isMeasured(item: { unit: string }): boolean {
  return MEASURED_UNITS.has(item.unit.trim().toLowerCase().replace(/\./g, ""));
}
