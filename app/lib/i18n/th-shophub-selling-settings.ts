/**
 * Thai text of a shop's selling settings page (/shophub/settings/selling). Part of the shops
 * area (decision 0007); a file of its own so the page grows without clashing with the till's
 * texts in th-shophub-sell.ts.
 */
export const thShophubSellingSettings = {
  "shops.tabs.selling": "ตั้งค่าการขาย",
  "shops.sellingSettings.title": "ตั้งค่าการขาย",
  "shops.sellingSettings.lead":
    "กำหนดวิธีที่ร้านขายหน้าร้าน: ภาษีมูลค่าเพิ่ม พร้อมเพย์ ใบเสร็จ เลขที่เอกสาร และฉลากจากตาชั่ง",
  "shops.sellingSettings.save": "บันทึกการตั้งค่าการขาย",
  "shops.sellingSettings.saved": "บันทึกการตั้งค่าการขายแล้ว",

  "shops.sellingSettings.vat.title": "ภาษีมูลค่าเพิ่ม (VAT)",
  "shops.sellingSettings.vat.registered": "ร้านจดทะเบียนภาษีมูลค่าเพิ่ม",
  "shops.sellingSettings.vat.registeredHint":
    "เมื่อเปิด ร้านจะออกใบกำกับภาษีอย่างย่อทุกบิลและออกใบกำกับภาษีเต็มรูปได้เมื่อลูกค้าขอ เมื่อปิด ร้านจะออกใบเสร็จรับเงินธรรมดา",
  "shops.sellingSettings.vat.taxId": "เลขประจำตัวผู้เสียภาษีของร้าน: {taxId}",
  "shops.sellingSettings.vat.noTaxId":
    "ร้านยังไม่มีเลขประจำตัวผู้เสียภาษี ต้องกรอกก่อนจึงจะเปิดการจดทะเบียนภาษีมูลค่าเพิ่มได้",
  "shops.sellingSettings.vat.taxIdLink": "กรอกเลขประจำตัวผู้เสียภาษีที่หน้าตั้งค่าร้าน",
  "shops.sellingSettings.vat.prices": "ราคาสินค้าที่ตั้งไว้",
  "shops.sellingSettings.vat.inclusive": "รวมภาษีมูลค่าเพิ่มแล้ว (แบบที่ร้านค้าปลีกใช้ทั่วไป)",
  "shops.sellingSettings.vat.exclusive": "ยังไม่รวมภาษีมูลค่าเพิ่ม (บวกภาษีเพิ่มตอนคิดเงิน)",
  "shops.sellingSettings.vat.rate": "อัตราภาษีมูลค่าเพิ่ม (%)",
  "shops.sellingSettings.vat.rateHint": "ปัจจุบันคือ 7% เปลี่ยนเฉพาะเมื่อกฎหมายเปลี่ยนอัตรา",

  "shops.sellingSettings.branch.title": "สาขาและเครื่อง POS",
  "shops.sellingSettings.branch.legend": "สถานประกอบการที่พิมพ์บนใบกำกับภาษี",
  "shops.sellingSettings.branch.head": "สำนักงานใหญ่",
  "shops.sellingSettings.branch.branch": "สาขา",
  "shops.sellingSettings.branch.no": "เลขที่สาขา (5 หลัก)",
  "shops.sellingSettings.branch.noHint": "ตามที่จดทะเบียนกับกรมสรรพากร เช่น 1 จะพิมพ์เป็น สาขาที่ 00001",
  "shops.sellingSettings.branch.preview": "บนเอกสารจะพิมพ์ว่า: {branch}",
  "shops.sellingSettings.branch.printedHead": "สำนักงานใหญ่",
  "shops.sellingSettings.branch.printedBranch": "สาขาที่ {no}",
  "shops.sellingSettings.pos.no": "หมายเลขเครื่อง POS ที่ได้รับอนุมัติจากกรมสรรพากร (ไม่บังคับ)",
  "shops.sellingSettings.pos.noHint":
    "ใส่เมื่อร้านได้รับอนุมัติให้ใช้เครื่องบันทึกการเก็บเงินออกใบกำกับภาษีอย่างย่อ จะพิมพ์บนใบกำกับภาษีอย่างย่อทุกใบ",

  "shops.sellingSettings.promptPay.title": "พร้อมเพย์",
  "shops.sellingSettings.promptPay.id": "พร้อมเพย์ของร้าน (ไม่บังคับ)",
  "shops.sellingSettings.promptPay.idHint":
    "เบอร์มือถือ เลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษี 13 หลัก หรือเลขอีวอลเล็ต 15 หลัก ที่ผูกกับบัญชีรับเงินของร้าน เว้นว่างไว้ถ้าไม่รับพร้อมเพย์",
  "shops.sellingSettings.promptPay.kind": "ระบบอ่านเป็น: {kind} {id}",
  "shops.sellingSettings.promptPay.testTitle": "QR ทดสอบ 1 บาท",
  "shops.sellingSettings.promptPay.testHint":
    "สแกนด้วยแอปธนาคารเพื่อตรวจว่าชื่อบัญชีที่ขึ้นเป็นของร้าน ไม่ต้องโอนจริงก็ได้",
  "shops.sellingSettings.promptPay.testAlt": "QR พร้อมเพย์ 1 บาท ไปที่ {id}",

  "shops.sellingSettings.receipt.title": "ใบเสร็จ",
  "shops.sellingSettings.receipt.header": "ข้อความหัวใบเสร็จ",
  "shops.sellingSettings.receipt.headerHint":
    "พิมพ์ใต้ชื่อร้าน เช่น เวลาเปิดร้าน หรือเลขไลน์ ไม่เกิน 6 บรรทัด 300 ตัวอักษร",
  "shops.sellingSettings.receipt.footer": "ข้อความท้ายใบเสร็จ",
  "shops.sellingSettings.receipt.footerHint":
    "เช่น ขอบคุณที่อุดหนุน หรือเงื่อนไขการเปลี่ยนคืนสินค้า ไม่เกิน 6 บรรทัด 300 ตัวอักษร",
  "shops.sellingSettings.receipt.logo": "โลโก้บนใบเสร็จ",
  "shops.sellingSettings.receipt.logoHint":
    "ไฟล์ภาพ JPEG, PNG หรือ WebP ไม่เกิน 10 MB ระบบจะย่อและทำเป็นภาพขาวดำให้เหมาะกับเครื่องพิมพ์ใบเสร็จ ภาพที่พื้นขาวและลายเส้นชัดจะพิมพ์ออกมาดีที่สุด",
  "shops.sellingSettings.receipt.newLogo": "เปลี่ยนโลโก้",
  "shops.sellingSettings.receipt.logoAlt": "โลโก้ที่จะพิมพ์บนใบเสร็จ",
  "shops.sellingSettings.receipt.removeLogo": "เอาโลโก้ออก",
  "shops.sellingSettings.receipt.paper": "ขนาดกระดาษใบเสร็จ",
  "shops.sellingSettings.receipt.paper58": "58 มม. (เครื่องพิมพ์เล็ก)",
  "shops.sellingSettings.receipt.paper80": "80 มม. (เครื่องพิมพ์มาตรฐาน)",
  "shops.sellingSettings.receipt.qr": "พิมพ์ QR ใบเสร็จออนไลน์บนใบเสร็จ",
  "shops.sellingSettings.receipt.qrHint":
    "ลูกค้าสแกนแล้วเปิดใบเสร็จบนมือถือได้ โดยไม่ต้องมีบัญชี หน้าใบเสร็จไม่แสดงข้อมูลลูกค้าและเบอร์โทร",
  "shops.sellingSettings.receipt.paperHint": "ขนาดที่ใช้เมื่อกดพิมพ์ เปลี่ยนได้ทุกครั้งที่พิมพ์",

  "shops.sellingSettings.prefix.title": "เลขที่เอกสาร",
  "shops.sellingSettings.prefix.lead":
    "คำนำหน้าเลขที่ของเอกสารแต่ละแบบ เลขที่จะเรียงต่อกันไม่ข้ามในแต่ละปี (พ.ศ.) ของแต่ละแบบ",
  "shops.sellingSettings.prefix.receipt": "ใบเสร็จรับเงิน",
  "shops.sellingSettings.prefix.abbreviatedTaxInvoice": "ใบกำกับภาษีอย่างย่อ",
  "shops.sellingSettings.prefix.fullTaxInvoice": "ใบกำกับภาษีเต็มรูป",
  "shops.sellingSettings.prefix.creditNote": "ใบลดหนี้",
  "shops.sellingSettings.prefix.preview": "เลขที่แรกของปีจะเป็น {number}",

  "shops.sellingSettings.scale.title": "ฉลากจากตาชั่ง",
  "shops.sellingSettings.scale.enabled": "ร้านขายสินค้าชั่งน้ำหนักที่มีฉลากบาร์โค้ดจากตาชั่ง",
  "shops.sellingSettings.scale.enabledHint":
    "ตาชั่งพิมพ์บาร์โค้ด 13 หลักที่ขึ้นต้นด้วย 20-29 ซึ่งมีรหัสสินค้าและน้ำหนักหรือราคาอยู่ในตัว เมื่อสแกนที่หน้าขาย ระบบจะอ่านน้ำหนักหรือราคาจากฉลากให้ ดูรูปแบบได้จากคู่มือตาชั่ง",
  "shops.sellingSettings.scale.prefixes": "เลขสองหลักแรกของฉลาก",
  "shops.sellingSettings.scale.prefixesHint": "เลข 20 ถึง 29 ถ้ามีหลายแบบคั่นด้วยจุลภาค เช่น 20, 21",
  "shops.sellingSettings.scale.itemDigits": "จำนวนหลักของรหัสสินค้าในฉลาก",
  "shops.sellingSettings.scale.digits": "{count, plural, other {# หลัก}}",
  "shops.sellingSettings.scale.value": "ตัวเลขท้ายฉลากคือ",
  "shops.sellingSettings.scale.weight": "น้ำหนักเป็นกรัม",
  "shops.sellingSettings.scale.price": "ราคาเป็นสตางค์",
  "shops.sellingSettings.scale.sample": "ตัวอย่าง: ฉลาก {code}",
  "shops.sellingSettings.scale.sampleWeight": "อ่านได้เป็น รหัสสินค้า {item} น้ำหนัก {weight} กก.",
  "shops.sellingSettings.scale.samplePrice": "อ่านได้เป็น รหัสสินค้า {item} ราคา {price}",

  "shops.sellingSettings.rules.title": "การขายหน้าร้าน",
  "shops.sellingSettings.error.discountLimit": "กรอกเปอร์เซ็นต์ 0 ถึง 100 เช่น 10 หรือ 12.5",
  "shops.sellingSettings.rules.cashierVoid": "ให้พนักงานแคชเชียร์ยกเลิกบิลของตัวเองได้",
  "shops.sellingSettings.rules.cashierVoidHint":
    "เฉพาะบิลที่ตัวเองขายในกะเดียวกัน (หรือวันเดียวกันถ้าร้านไม่ได้เปิดกะ) เจ้าของร้านและผู้จัดการยกเลิกบิลได้เสมอ",
  "shops.sellingSettings.rules.openShift": "ต้องเปิดกะก่อนขาย",
  "shops.sellingSettings.rules.lineDiscount": "ส่วนลดต่อรายการที่แคชเชียร์ให้เองได้ไม่เกิน (%)",
  "shops.sellingSettings.rules.lineDiscountHint":
    "คิดจากราคารวมของรายการนั้น เกินนี้ต้องให้เจ้าของร้านหรือผู้จัดการกรอก PIN อนุมัติที่หน้าขาย ใส่ 0 ถ้าแคชเชียร์ต้องขออนุมัติทุกส่วนลด",
  "shops.sellingSettings.rules.billDiscount": "ส่วนลดท้ายบิลที่แคชเชียร์ให้เองได้ไม่เกิน (%)",
  "shops.sellingSettings.points.title": "แต้มสะสมของลูกค้า",
  "shops.sellingSettings.points.enabled": "เปิดใช้แต้มสะสม",
  "shops.sellingSettings.points.enabledHint":
    "ลูกค้าที่ร้านบันทึกไว้ได้แต้มจากยอดที่จ่ายจริง (หลังหักส่วนลดและแต้มที่แลก) และแลกแต้มเป็นส่วนลดท้ายบิลก่อนคิดภาษีได้เมื่อเครื่องขายออนไลน์",
  "shops.sellingSettings.points.rate": "ยอดซื้อกี่บาทได้ 1 แต้ม",
  "shops.sellingSettings.points.rateHint": "เช่น 25 คือซื้อครบทุก 25 บาทได้ 1 แต้ม (เศษไม่นับ)",
  "shops.sellingSettings.points.value": "1 แต้มแลกเป็นส่วนลดกี่บาท",
  "shops.sellingSettings.points.valueHint": "เช่น 1 คือแลก 100 แต้มได้ส่วนลด 100 บาท",
  "shops.sellingSettings.points.error.rateRequired": "กรอกยอดซื้อที่ได้ 1 แต้ม",
  "shops.sellingSettings.points.error.rate": "กรอกจำนวนเงินเป็นบาท ตั้งแต่ 0.01 ถึง 1,000,000 บาท เช่น 25",
  "shops.sellingSettings.points.error.valueRequired": "กรอกมูลค่าของ 1 แต้ม",
  "shops.sellingSettings.points.error.value": "กรอกจำนวนเงินเป็นบาท ตั้งแต่ 0.01 ถึง 1,000,000 บาท เช่น 1",
  "shops.sellingSettings.rules.billDiscountHint":
    "คิดจากยอดบิลหลังหักส่วนลดรายการ เจ้าของร้านและผู้จัดการให้ส่วนลดได้โดยไม่ต้องขออนุมัติ",
  "shops.sellingSettings.rules.openShiftHint":
    "เมื่อเปิด พนักงานต้องเปิดกะพร้อมนับเงินทอนตั้งต้นในลิ้นชักก่อนขาย และปิดกะพร้อมนับเงินเมื่อเลิกงาน การเปิดและปิดกะจะมาพร้อมหน้าจัดการหลังร้าน ก่อนถึงตอนนั้นการตั้งค่านี้จะยังไม่มีผลกับการขาย",

  "shops.sellingSettings.error.vatNeedsTaxId":
    "ต้องกรอกเลขประจำตัวผู้เสียภาษี 13 หลักของร้านก่อน จึงจะจดทะเบียนภาษีมูลค่าเพิ่มได้",
  "shops.sellingSettings.error.vatPrices": "เลือกว่าราคาสินค้ารวมภาษีแล้วหรือยัง",
  "shops.sellingSettings.error.vatRate": "อัตราภาษีต้องมากกว่า 0 และน้อยกว่า 100 เช่น 7",
  "shops.sellingSettings.error.branchKind": "เลือกสำนักงานใหญ่หรือสาขา",
  "shops.sellingSettings.error.branchNo": "เลขที่สาขาเป็นตัวเลข 1 ถึง 5 หลัก ตั้งแต่ 00001 ถึง 99999",
  "shops.sellingSettings.error.branchNoRequired": "กรอกเลขที่สาขา",
  "shops.sellingSettings.error.posRegistrationNo":
    "หมายเลขเครื่อง POS ใช้ตัวอักษรภาษาอังกฤษ ตัวเลข ขีด (-) หรือทับ (/) ได้ไม่เกิน 30 ตัว",
  "shops.sellingSettings.error.headerTooLong": "ข้อความหัวใบเสร็จยาวเกิน 300 ตัวอักษร",
  "shops.sellingSettings.error.headerLines": "ข้อความหัวใบเสร็จมีได้ไม่เกิน 6 บรรทัด",
  "shops.sellingSettings.error.footerTooLong": "ข้อความท้ายใบเสร็จยาวเกิน 300 ตัวอักษร",
  "shops.sellingSettings.error.footerLines": "ข้อความท้ายใบเสร็จมีได้ไม่เกิน 6 บรรทัด",
  "shops.sellingSettings.error.paperWidth": "เลือกขนาดกระดาษ 58 หรือ 80 มม.",
  "shops.sellingSettings.error.prefixTaken": "คำนำหน้านี้ใช้กับเอกสารแบบอื่นแล้ว เลือกคำอื่น",
  "shops.sellingSettings.error.scalePrefixes": "ใส่เลขสองหลักตั้งแต่ 20 ถึง 29 คั่นด้วยจุลภาค เช่น 20, 21",
  "shops.sellingSettings.error.scalePrefixesRequired": "ใส่เลขสองหลักแรกของฉลากอย่างน้อยหนึ่งแบบ เช่น 20",
  "shops.sellingSettings.error.scaleItemDigits": "เลือกจำนวนหลักของรหัสสินค้า 4, 5 หรือ 6",
  "shops.sellingSettings.error.scaleValue": "เลือกว่าตัวเลขท้ายฉลากเป็นน้ำหนักหรือราคา",
} as const;
