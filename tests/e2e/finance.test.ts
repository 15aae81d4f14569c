import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { addSession, e2eTest as test, hydrated, memberWithShop } from "./fixtures";

const FORM = "[data-testid=finance-form]";

async function receiptPhoto() {
  const buffer = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: "#f5f5f0" },
  })
    .jpeg()
    .toBuffer();
  return { name: "receipt.jpg", mimeType: "image/jpeg", buffer };
}

describe("a shop's expenses", () => {
  test("the owner adds an expense with a photo of the receipt, edits it, reads its history and exports the list", async ({
    e2e,
    context,
    page,
  }) => {
    const owner = await memberWithShop(e2e, { shop: { name: "ร้านบัญชีทดสอบ" } });
    await addSession(context, owner.member);
    await page.goto("/shophub/expenses");
    await page.getByTestId("finance-add").click();
    await hydrated(page, FORM);

    // A VAT above the amount is refused next to its field; what was typed stays.
    await page.locator("#field-category").selectOption({ label: "ค่าน้ำค่าไฟ" });
    await page.locator("#field-amount").fill("1,070");
    await page.locator("#field-inputVat").fill("2000");
    // The date field takes the day as Thai people write it, in the Buddhist era.
    expect(await page.locator("#field-day").getAttribute("placeholder")).toBe("วว/ดด/ปปปป");
    await page.locator("#field-day").fill("5/3/2569");
    await page.locator("#field-method").selectOption({ label: "โอนเงิน" });
    await page.locator("#field-supplier").fill("การไฟฟ้านครหลวง");
    await page.locator("#field-photo").setInputFiles(await receiptPhoto());
    await page.getByRole("button", { name: "บันทึก" }).click();
    await expect
      .poll(() => page.locator("#field-inputVat-error").textContent())
      .toBe("ภาษีซื้อต้องไม่เกินจำนวนเงิน");
    expect(await page.locator("#field-supplier").inputValue()).toBe("การไฟฟ้านครหลวง");

    // Input VAT counts only with the supplier's full tax invoice: each of its fields is asked
    // for next to itself (issue 35), and what was typed stays.
    await page.locator("#field-inputVat").fill("70");
    await page.locator("#field-photo").setInputFiles(await receiptPhoto());
    await page.getByRole("button", { name: "บันทึก" }).click();
    await expect
      .poll(() => page.locator("#field-taxInvoiceNumber-error").textContent())
      .toBe("กรุณากรอกเลขที่ใบกำกับภาษี ไม่เกิน 40 ตัวอักษร");
    expect(await page.locator("#field-inputVat").inputValue()).toBe("70");
    // Typed with dashes as printed on the invoice.
    await page.locator("#field-supplierTaxId").fill("0-9940-00165-66-8");
    await page.locator("#field-taxInvoiceNumber").fill("MEA-690305-001");
    await page.locator("#field-taxInvoiceDate").fill("5/3/2569");
    await page.locator("#field-valueBeforeVat").fill("1,000");
    await page.locator("#field-photo").setInputFiles(await receiptPhoto());
    await page.getByRole("button", { name: "บันทึก" }).click();
    await expect.poll(() => page.getByTestId("shops-done").textContent()).toBe("บันทึกแล้ว");
    expect(await page.getByTestId("finance-photo").isVisible()).toBe(true);
    expect(await page.locator("#field-day-hint").textContent()).toBe("วันที่ 5 มีนาคม 2569");
    expect(await page.locator("#field-day").inputValue()).toBe("05/03/2569");

    // Edit the amount: the history names who changed what.
    await page.locator("#field-amount").fill("1284");
    await page.locator("#field-valueBeforeVat").fill("1200");
    await page.locator("#field-inputVat").fill("84");
    await page.getByRole("button", { name: "บันทึก" }).click();
    await expect.poll(() => page.getByTestId("finance-history-row").count()).toBe(2);
    const edited = await page.getByTestId("finance-history-row").nth(1).innerText();
    expect(edited).toContain("แก้ไข");
    expect(edited).toContain("จำนวนเงิน (บาท): 1,070.00 → 1,284.00");
    expect(edited).toContain("ภาษีซื้อ (บาท): 70.00 → 84.00");

    // The list totals it, and the CSV carries it with a BOM for Excel.
    await page.getByRole("link", { name: "กลับไปที่รายการ" }).click();
    await expect
      .poll(() => page.getByTestId("finance-total-amount").textContent())
      .toBe("1,284.00");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("finance-csv").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^shophub-expenses-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe(
      "วันที่,วันที่ ค.ศ. (ปี-เดือน-วัน),หมวดหมู่,ชำระโดย,จำนวนเงิน (บาท),ภาษีซื้อ (บาท),ผู้ขาย,หมายเหตุ\r\n" +
        "5 มีนาคม 2569,2026-03-05,ค่าน้ำค่าไฟ,โอนเงิน,1284.00,84.00,การไฟฟ้านครหลวง,\r\n",
    );
  });
});
