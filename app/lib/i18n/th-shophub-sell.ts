/**
 * Thai text of shophub's selling side (the till, payments, sale documents). Part of the
 * shops area (decision 0007): the shophub layout sends it; kept apart from th-shops.ts so the
 * till grows without clashing with the shop pages.
 */
export const thShophubSell = {
  "shops.sell.promptPayId.error.empty": "กรอกพร้อมเพย์ของร้าน",
  "shops.sell.promptPayId.error.notAnId":
    "พร้อมเพย์ต้องเป็นเบอร์มือถือ 10 หลัก เลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษี 13 หลัก หรือเลขอีวอลเล็ต 15 หลัก",
  "shops.sell.promptPayId.error.notMobile": "เบอร์มือถือต้องมี 10 หลัก และขึ้นต้นด้วย 06, 08 หรือ 09",
  "shops.sell.promptPayId.error.idChecksum": "เลข 13 หลักนี้ไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง",
  "shops.sell.promptPayId.kind.mobile": "เบอร์มือถือ",
  "shops.sell.promptPayId.kind.nationalId": "เลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษี",
  "shops.sell.promptPayId.kind.eWallet": "อีวอลเล็ต",

  "shops.sell.bill.error.badQuantity": "จำนวนต้องมากกว่า 0 และมีทศนิยมไม่เกิน 3 ตำแหน่ง",
  "shops.sell.bill.error.badPrice": "ราคาไม่ถูกต้อง",
  "shops.sell.bill.error.badDiscount": "ส่วนลดต้องเป็นจำนวนเงิน หรือเปอร์เซ็นต์ไม่เกิน 100",
  "shops.sell.bill.error.discountOverLine": "ส่วนลดมากกว่าราคาของรายการนี้",
  "shops.sell.bill.error.discountOverBill": "ส่วนลดท้ายบิลมากกว่ายอดรวม",
  "shops.sell.bill.error.badVatRate": "อัตราภาษีมูลค่าเพิ่มไม่ถูกต้อง",
  "shops.sell.bill.error.tooLarge": "ยอดเงินสูงเกินกว่าที่ระบบรับได้",
  "shops.sell.percent.error": "เปอร์เซ็นต์ต้องอยู่ระหว่าง 0 ถึง 100 และมีทศนิยมไม่เกิน 2 ตำแหน่ง",

  "shops.sell.payment.method.cash": "เงินสด",
  "shops.sell.payment.method.promptpay": "พร้อมเพย์",
  "shops.sell.payment.method.transfer": "โอนเงิน",
  "shops.sell.payment.method.card": "บัตร",
  "shops.sell.payment.error.badAmount": "กรอกจำนวนเงินที่มากกว่า 0",
  "shops.sell.payment.error.nonCashOverTotal":
    "ยอดที่ไม่ใช่เงินสดเกินยอดที่เหลือ ({remaining}) ร้านทอนได้เฉพาะเงินสด",
  "shops.sell.payment.error.notCovered": "ยังขาดอีก {remaining}",

  "shops.sell.scaleLabel.error.checkDigit": "อ่านบาร์โค้ดจากตาชั่งไม่ครบ กรุณาสแกนอีกครั้ง",
  "shops.sell.scaleLabel.error.zeroValue": "ฉลากจากตาชั่งนี้ไม่มีน้ำหนักหรือราคา",

  "shops.sell.vatMode.inclusive": "ราคาสินค้ารวมภาษีมูลค่าเพิ่มแล้ว",
  "shops.sell.vatMode.exclusive": "ราคาสินค้ายังไม่รวมภาษีมูลค่าเพิ่ม",
  "shops.sell.vatMode.none": "ร้านไม่ได้จดทะเบียนภาษีมูลค่าเพิ่ม",

  "shops.sell.document.receipt": "ใบเสร็จรับเงิน",
  "shops.sell.document.abbreviatedTaxInvoice": "ใบกำกับภาษีอย่างย่อ",
  "shops.sell.document.fullTaxInvoice": "ใบกำกับภาษีเต็มรูป",
  "shops.sell.document.creditNote": "ใบลดหนี้",
  "shops.sell.documentPrefix.error":
    "คำนำหน้าเลขที่เอกสารใช้ตัวอักษรภาษาอังกฤษ ตัวเลข หรือขีด (-) ได้ไม่เกิน 8 ตัว ขึ้นต้นด้วยตัวอักษรและไม่ลงท้ายด้วยตัวเลข",
} as const;
