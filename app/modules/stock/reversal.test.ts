import { describe, expect, it } from "vitest";
import type { ShopRole } from "~/modules/shops";
import { documentRefusal, isReversible, mayReverseDocuments, reversalPreview } from "./reversal";

const member = (role: ShopRole, stockMayReverse = false) => ({ role, shop: { stockMayReverse } });

describe("who may reverse stock documents", () => {
  it("lets owners and managers always, stock staff only when the owner allows, cashiers never", () => {
    expect(mayReverseDocuments(member("owner"))).toBe(true);
    expect(mayReverseDocuments(member("manager"))).toBe(true);
    expect(mayReverseDocuments(member("stock"))).toBe(false);
    expect(mayReverseDocuments(member("stock", true))).toBe(true);
    expect(mayReverseDocuments(member("cashier"))).toBe(false);
    expect(mayReverseDocuments(member("cashier", true))).toBe(false);
  });
});

describe("which documents storehub may reverse", () => {
  it("reverses stock documents once; never a reversal, and sales only from the till", () => {
    for (const kind of ["opening", "receive", "issue", "transfer", "count"] as const) {
      expect(isReversible({ kind, reversedBy: null })).toBe(true);
      expect(documentRefusal({ kind, reversedBy: null })).toBeNull();
    }
    expect(documentRefusal({ kind: "receive", reversedBy: 41 })).toBe("alreadyReversed");
    expect(isReversible({ kind: "receive", reversedBy: 41 })).toBe(false);
    for (const kind of ["reversal", "sale", "sale_void"] as const) {
      expect(isReversible({ kind, reversedBy: null })).toBe(false);
      expect(documentRefusal({ kind, reversedBy: null })).toBe("notReversible");
    }
    // Already reversed is the more useful answer when both hold.
    expect(documentRefusal({ kind: "sale", reversedBy: 7 })).toBe("alreadyReversed");
  });
});

describe("what a reversal shows before it posts", () => {
  it("lists the document's lines as they moved, under the document's printed number", () => {
    // A document as getStockDocument reads it has more per line: only these four are shown.
    const lines = [
      { itemName: "น้ำดื่ม", qty: -4, unit: "ขวด", locationName: "ชั้น 1", movementId: 3 },
      { itemName: "สบู่", qty: 2, unit: "ก้อน", locationName: "คลังหลัก", movementId: 4 },
    ];
    const preview = reversalPreview({ id: 12, lines }, "GI-000007");
    expect(preview).toEqual({
      documentId: 12,
      number: "GI-000007",
      lines: [
        { itemName: "น้ำดื่ม", qty: -4, unit: "ขวด", locationName: "ชั้น 1" },
        { itemName: "สบู่", qty: 2, unit: "ก้อน", locationName: "คลังหลัก" },
      ],
    });
  });
});
