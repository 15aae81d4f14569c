/**
 * Thai text of the e-receipt (issue 37, decision 0094): the slip's QR line, the public receipt
 * page `/r/<token>`, the e-mail with the link and the form that sends it. Keys under
 * `shops.sell.` travel with the till's text (the till's send dialog); the page's are its own.
 */
export const thShophubEreceipt = {
  "shops.sell.doc.scanForReceipt": "สแกนเพื่อดูใบเสร็จออนไลน์",
  "shops.sell.ereceipt.open": "ส่งใบเสร็จทางอีเมล",
  "shops.sell.ereceipt.title": "ส่งลิงก์ใบเสร็จทางอีเมล",
  "shops.sell.ereceipt.email": "อีเมลของลูกค้า",
  "shops.sell.ereceipt.emailHint": "ลูกค้าจะได้ลิงก์เปิดใบเสร็จออนไลน์ ไม่ต้องมีบัญชี",
  "shops.sell.ereceipt.send": "ส่ง",
  "shops.sell.ereceipt.sending": "กำลังส่ง…",
  "shops.sell.ereceipt.sent": "ส่งลิงก์ใบเสร็จไปที่ {email} แล้ว",
  "shops.sell.ereceipt.error.email": "กรอกอีเมลให้ถูกต้อง เช่น name@example.com",
  "shops.sell.ereceipt.error.tooMany":
    "ร้านนี้ส่งอีเมลใบเสร็จครบจำนวนต่อชั่วโมงแล้ว กรุณารออีก {minutes} นาทีแล้วลองใหม่",
  "shops.sell.ereceipt.error.notFound": "ไม่พบบิลนี้ในร้าน",
  "shops.sell.ereceipt.error.notAReceipt": "ส่งได้เฉพาะใบเสร็จหรือใบกำกับภาษีอย่างย่อของการขาย",
  "shops.ereceipt.mail.subject": "ใบเสร็จจาก {shop} เลขที่ {number}",
  "shops.ereceipt.mail.body":
    "ขอบคุณที่ใช้บริการ {shop} ใบเสร็จเลขที่ {number} วันที่ {date} ยอดรวม {amount} บาท เปิดดู พิมพ์ หรือดาวน์โหลดเป็น PDF ได้จากลิงก์นี้",
  "shops.ereceipt.mail.link": "เปิดใบเสร็จ",
  "shops.ereceipt.mail.ignore": "หากคุณไม่ได้ซื้อสินค้าจากร้านนี้ ไม่ต้องทำอะไร",
  "shops.ereceipt.page.title": "ใบเสร็จออนไลน์",
  "shops.ereceipt.page.from": "ใบเสร็จจาก {shop}",
  "shops.ereceipt.page.print": "พิมพ์",
  "shops.ereceipt.page.pdf": "ดาวน์โหลด PDF",
  "shops.ereceipt.page.voided": "บิลนี้ถูกยกเลิกแล้ว ใช้เป็นหลักฐานการซื้อไม่ได้",
  "shops.ereceipt.page.returned": "มีการคืนสินค้าจากบิลนี้",
  "shops.ereceipt.page.returnLine": "ใบลดหนี้ {number} วันที่ {date} คืนเงิน {amount} บาท",
  "shops.ereceipt.page.language": "English",
  "shops.ereceipt.notFound.title": "ไม่พบใบเสร็จ",
  "shops.ereceipt.notFound.text":
    "ลิงก์นี้ไม่ถูกต้อง หรือใบเสร็จถูกลบไปแล้ว กรุณาสแกน QR บนใบเสร็จอีกครั้ง หรือสอบถามร้านค้า",
  "shops.ereceipt.notFound.home": "ไปหน้าแรก",
} as const;
