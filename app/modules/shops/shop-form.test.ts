import { describe, expect, it } from "vitest";
import { th } from "~/lib/i18n/th";
import { readForm } from "~/lib/forms/read-form";
import { inviteFormSchema, shopFormSchema, shopSettingsFormSchema } from "./shop-form";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const VALID = {
  name: "  ร้านใจดีมินิมาร์ท ",
  businessType: "grocery",
  address: "12 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110",
  phone: "081-234-5678",
  taxId: "0-1055-56123-45-3",
};

/** The Thai text of each field's problem, as the page shows it. */
function thaiErrors(fields: Record<string, string>) {
  const parsed = readForm(form(fields), shopFormSchema);
  if (parsed.ok) return {};
  return Object.fromEntries(Object.entries(parsed.errors).map(([field, key]) => [field, th[key]]));
}

describe("the shop form", () => {
  it("stores the phone as E.164 and the tax ID as 13 digits, trimmed", () => {
    const parsed = readForm(form(VALID), shopFormSchema);
    expect(parsed).toMatchObject({
      ok: true,
      data: {
        name: "ร้านใจดีมินิมาร์ท",
        businessType: "grocery",
        phone: "+66812345678",
        taxId: "0105556123453",
      },
    });
  });

  it("accepts Thai landlines and numbers from other countries, and no tax ID", () => {
    for (const [phone, e164] of <[string, string][]>[
      ["02-123-4567", "+6621234567"],
      ["0812345678", "+66812345678"],
      ["+66 81 234 5678", "+66812345678"],
      ["+44 20 7946 0958", "+442079460958"],
    ]) {
      const parsed = readForm(form({ ...VALID, phone, taxId: "" }), shopFormSchema);
      expect(parsed.ok && parsed.data).toMatchObject({ phone: e164, taxId: null });
    }
  });

  it("explains in Thai which required fields are missing", () => {
    expect(thaiErrors({ name: " ", businessType: "", address: "", phone: "" })).toEqual({
      name: "กรุณากรอกชื่อร้าน",
      businessType: "กรุณาเลือกประเภทธุรกิจ",
      address: "กรุณากรอกที่อยู่ร้าน",
      phone: "กรุณากรอกเบอร์โทรศัพท์ร้าน",
    });
    // A field missing from the post altogether reads the same as an empty one.
    expect(thaiErrors({})).toEqual({
      name: "กรุณากรอกชื่อร้าน",
      businessType: "กรุณาเลือกประเภทธุรกิจ",
      address: "กรุณากรอกที่อยู่ร้าน",
      phone: "กรุณากรอกเบอร์โทรศัพท์ร้าน",
    });
  });

  it.each(["12345", "081-234-567", "phone", "0812345678901", "02-123"])(
    "refuses the phone %j with a Thai example",
    (phone) => {
      expect(thaiErrors({ ...VALID, phone })).toEqual({
        phone: "เบอร์โทรศัพท์ไม่ถูกต้อง กรุณากรอกแบบ 081-234-5678 หรือ 02-123-4567",
      });
    },
  );

  it.each(["0105556123454", "0-1055-56123-45-0", "123456789012", "12345678901234", "abc"])(
    "refuses the tax ID %j (wrong check digit or length)",
    (taxId) => {
      expect(thaiErrors({ ...VALID, taxId })).toEqual({
        taxId: th["shops.error.taxIdInvalid"],
      });
      expect(th["shops.error.taxIdInvalid"]).toContain("13 หลัก");
    },
  );

  it("refuses an unknown business type and a name that is too long", () => {
    expect(thaiErrors({ ...VALID, businessType: "casino", name: "ก".repeat(121) })).toEqual({
      businessType: "กรุณาเลือกประเภทธุรกิจ",
      name: "ชื่อร้านยาวเกินไป (ไม่เกิน 120 ตัวอักษร)",
    });
  });

  it("keeps what was typed when something is wrong", () => {
    const parsed = readForm(form({ ...VALID, phone: "12345" }), shopFormSchema);
    expect(parsed.ok).toBe(false);
    expect(parsed.values).toEqual({ ...VALID, phone: "12345" });
  });

  it("reads the negative-stock switch of the settings", () => {
    const on = readForm(form({ ...VALID, allowNegativeStock: "on" }), shopSettingsFormSchema);
    const off = readForm(form(VALID), shopSettingsFormSchema);
    expect(on.ok && on.data.allowNegativeStock).toBe(true);
    expect(off.ok && off.data.allowNegativeStock).toBe(false);
  });

  it("lower-cases an invited address and only accepts the four roles", () => {
    const parsed = readForm(
      form({ email: " Somchai@Example.COM ", role: "stock" }),
      inviteFormSchema,
    );
    expect(parsed.ok && parsed.data).toEqual({ email: "somchai@example.com", role: "stock" });
    const bad = readForm(form({ email: "somchai", role: "admin" }), inviteFormSchema);
    expect(!bad.ok && bad.errors).toEqual({
      email: "auth.error.invalid-email",
      role: "shops.error.roleRequired",
    });
  });
});
