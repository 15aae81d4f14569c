/**
 * Thai copy of the public /shophub page. Its own area (`shophubPage.`): only the /shophub
 * route sends it, in the visitor's language (decision 0007).
 */
export const thShophubPage = {
  // The member's shops, and the way in for visitors.
  "shophubPage.myShopsTitle": "ร้านของฉัน",
  "shophubPage.myShopsLead": "เปิด storehub ของร้านที่ต้องการ เจ้าของร้านจัดการสมาชิกและข้อมูลร้านได้จากที่นี่",
  "shophubPage.noShops":
    "คุณยังไม่มีร้าน สร้างร้านแรกของคุณได้เลย หากเจ้าของร้านเชิญคุณไว้ ร้านจะปรากฏที่นี่เมื่อคุณยืนยันอีเมลแล้ว",
  "shophubPage.active": "ใช้งานอยู่",
  "shophubPage.role.owner": "เจ้าของร้าน",
  "shophubPage.role.manager": "ผู้จัดการ",
  "shophubPage.role.cashier": "แคชเชียร์",
  "shophubPage.role.stock": "พนักงานคลังสินค้า",
  "shophubPage.openStorehub": "เปิด storehub",
  "shophubPage.members": "สมาชิก",
  "shophubPage.settings": "ตั้งค่าร้าน",
  "shophubPage.newShop": "สร้างร้านใหม่",
  "shophubPage.visitorTitle": "เริ่มใช้ shophub กับร้านของคุณ",
  "shophubPage.visitorLead": "สมัครสมาชิกฟรี แล้วสร้างร้านได้ในไม่กี่นาที หรือเข้าสู่ระบบหากมีบัญชีอยู่แล้ว",
  "shophubPage.register": "สมัครสมาชิกฟรี",
  "shophubPage.signIn": "เข้าสู่ระบบ",
  // The page's copy.
  "shophubPage.title": "shophub ระบบขายหน้าร้าน (POS) สำหรับร้านเล็ก",
  "shophubPage.lead":
    "ขายของ รับเงินสด โอน พร้อมเพย์ และบัตร พิมพ์ใบเสร็จ ดูสต็อก รายรับรายจ่าย และกำไรของร้านได้ในที่เดียว ใช้ผ่านเว็บเบราว์เซอร์บนคอมพิวเตอร์ แท็บเล็ต หรือโทรศัพท์ที่ร้านมีอยู่แล้ว เริ่มใช้ได้ฟรี",
  "shophubPage.heroCta": "สมัครใช้งานฟรี",
  "shophubPage.heroSecondary": "ดูราคาแพ็กเกจ",
  "shophubPage.what.heading": "shophub คืออะไร",
  "shophubPage.what.p1":
    "shophub คือโปรแกรมขายหน้าร้าน (POS) ที่ดีพี เทค พัฒนาขึ้นสำหรับร้านค้าขนาดเล็กในไทย เช่น ร้านขายของชำ ร้านกาแฟ ร้านเครื่องสำอาง ร้านวัสดุก่อสร้าง และร้านเสื้อผ้า ทุกหน้าจอ ใบเสร็จ และรายงานเป็นภาษาไทย พนักงานใหม่เรียนรู้ได้เร็ว",
  "shophubPage.what.p2":
    "shophub ทำงานบนเว็บเบราว์เซอร์ ไม่ต้องติดตั้งโปรแกรมและไม่ต้องซื้อเครื่อง POS เฉพาะ เปิดใช้ได้ทั้งบนคอมพิวเตอร์ แท็บเล็ต และโทรศัพท์มือถือ เจ้าของร้านจึงดูยอดขายได้แม้ไม่ได้อยู่ที่ร้าน",
  "shophubPage.what.p3":
    "shophub ทำงานคู่กับ storehub เครื่องมือจัดการสต็อกที่ใช้รายการสินค้าและบัญชีเดียวกัน ทุกบิลที่ขายจะตัดสต็อกให้อัตโนมัติ และยอดคงเหลือจะอัปเดตให้แคชเชียร์ทุกเครื่องเห็นตรงกันทันที",
  "shophubPage.why.heading": "ทำไมร้านเล็กถึงเลือก shophub",
  "shophubPage.why.1.title": "รู้กำไรจริง ไม่ใช่แค่ยอดขาย",
  "shophubPage.why.1.text":
    "ทุกบิลบันทึกพร้อมต้นทุนสินค้า เมื่อใส่รายจ่ายของร้านอย่างค่าเช่า ค่าไฟ และค่าแรงด้วย ก็จะเห็นกำไรสุทธิรายวันและรายเดือนได้ชัดเจน",
  "shophubPage.why.2.title": "สต็อกไม่หายแบบไม่รู้ตัว",
  "shophubPage.why.2.text":
    "สต็อกถูกตัดทุกครั้งที่ขาย พอนับของจริงเทียบกับตัวเลขในระบบก็เห็นส่วนต่างทันที และรู้ว่าควรสั่งสินค้าอะไรก่อนของหมด",
  "shophubPage.why.3.title": "คิดเงินเร็ว ลูกค้าไม่ต้องรอ",
  "shophubPage.why.3.text":
    "สแกนบาร์โค้ดแทนการกดเครื่องคิดเลข ลดเวลาและลดการคิดราคาผิด พนักงานใหม่ขายได้ถูกราคาตั้งแต่วันแรกเพราะราคาอยู่ในระบบแล้ว",
  "shophubPage.why.4.title": "รับเงินได้ทุกช่องทางที่ลูกค้าใช้",
  "shophubPage.why.4.text":
    "เงินสดพร้อมแสดงเงินทอน โอนผ่านธนาคาร คิวอาร์พร้อมเพย์ตามยอดบิลพอดี และบัตร ทุกยอดแยกตามวิธีชำระเงินให้ตรวจสอบง่าย",
  "shophubPage.why.5.title": "ใช้อุปกรณ์ที่ร้านมีอยู่แล้ว",
  "shophubPage.why.5.text":
    "เริ่มจากแท็บเล็ตหรือคอมพิวเตอร์เครื่องเดียวบนเคาน์เตอร์ได้เลย แล้วค่อยเพิ่มเครื่องพิมพ์ใบเสร็จและเครื่องสแกนบาร์โค้ดเมื่อพร้อม",
  "shophubPage.why.6.title": "มอบงานให้พนักงานได้อย่างสบายใจ",
  "shophubPage.why.6.text":
    "แต่ละคนใช้บัญชีของตัวเองตามบทบาทที่เจ้าของกำหนด การยกเลิกบิลต้องระบุเหตุผลและทำได้เฉพาะผู้จัดการหรือเจ้าของ ตรวจย้อนหลังได้ว่าใครทำอะไร",
  "shophubPage.features.heading": "ความสามารถของ shophub",
  "shophubPage.features.1.title": "หน้าจอขายใช้ง่าย",
  "shophubPage.features.1.text":
    "เลือกสินค้าจากตารางรูปสินค้า ค้นหาด้วยชื่อ รหัสสินค้า หรือบาร์โค้ด และใช้เครื่องสแกนบาร์โค้ดเพื่อใส่สินค้าลงตะกร้าได้ทันที",
  "shophubPage.features.2.title": "ตะกร้า จำนวน และส่วนลด",
  "shophubPage.features.2.text":
    "แก้จำนวนในตะกร้าได้โดยตรง ให้ส่วนลดรายชิ้นหรือส่วนลดท้ายบิล เป็นจำนวนเงินหรือเปอร์เซ็นต์ก็ได้",
  "shophubPage.features.3.title": "รับชำระได้หลายแบบ",
  "shophubPage.features.3.text":
    "เงินสดพร้อมคำนวณเงินทอน โอนผ่านธนาคาร คิวอาร์พร้อมเพย์ที่สร้างตามยอดบิลพอดี และบัตร",
  "shophubPage.features.4.title": "ใบเสร็จ ใบกำกับภาษี และ VAT",
  "shophubPage.features.4.text":
    "เลขที่บิลเรียงต่อเนื่องแยกของแต่ละร้าน พิมพ์ใบเสร็จกับเครื่องพิมพ์ความร้อน 58 หรือ 80 มม. ออกใบกำกับภาษี A4 พร้อมจำนวนเงินเป็นตัวอักษรภาษาไทย (แพ็กเกจมืออาชีพ) และตั้งค่า VAT 7% แบบรวมในราคาหรือแยกนอกราคาได้",
  "shophubPage.features.5.title": "ยกเลิกบิลอย่างโปร่งใส",
  "shophubPage.features.5.text":
    "ผู้จัดการหรือเจ้าของร้านยกเลิกบิลได้โดยต้องระบุเหตุผล สินค้าจะถูกคืนเข้าสต็อกอัตโนมัติ และบิลแสดงชื่อผู้ยกเลิกไว้ตรวจสอบ",
  "shophubPage.features.6.title": "รายรับ รายจ่าย และกำไร",
  "shophubPage.features.6.text":
    "บันทึกรายจ่ายพร้อมแนบรูปใบเสร็จ ดูกำไรรายวันและรายเดือน ทั้งยอดขาย ต้นทุนขายแบบถัวเฉลี่ยเคลื่อนที่ กำไรขั้นต้น รายจ่าย และกำไรสุทธิ พร้อมกราฟ และส่งออกเป็นไฟล์ CSV ได้ในแพ็กเกจมืออาชีพ",
  "shophubPage.features.7.title": "สต็อกด้วย storehub",
  "shophubPage.features.7.text":
    "ใช้รายการสินค้าชุดเดียวกับหน้าขาย รับสินค้าเข้า ดูยอดคงเหลือ มีสัญญาณเตือนสินค้าใกล้หมด และยอดสต็อกอัปเดตทันทีระหว่างแคชเชียร์ทุกเครื่อง",
  "shophubPage.features.8.title": "สมาชิกและบทบาท",
  "shophubPage.features.8.text":
    "เชิญพนักงานเข้าร้านพร้อมกำหนดบทบาท เจ้าของ ผู้จัดการ แคชเชียร์ หรือพนักงานสต็อก แต่ละคนเห็นและทำได้เท่าที่งานต้องใช้",
  "shophubPage.pricing.heading": "ราคา shophub",
  "shophubPage.pricing.lead": "เลือกแพ็กเกจให้เหมาะกับขนาดร้าน ราคาคิดต่อร้าน เริ่มได้ฟรีและขยายได้เมื่อร้านโตขึ้น",
  "shophubPage.pricing.starter.name": "เริ่มต้น",
  "shophubPage.pricing.starter.price": "ฟรี",
  "shophubPage.pricing.starter.period": "ไม่มีค่าบริการรายเดือน",
  "shophubPage.pricing.starter.feature1": "ใช้ได้ 1 เครื่อง",
  "shophubPage.pricing.starter.feature2": "สินค้าได้ถึง 200 รายการ",
  "shophubPage.pricing.starter.feature3": "ขายหน้าร้านและออกใบเสร็จ",
  "shophubPage.pricing.standard.name": "มาตรฐาน",
  "shophubPage.pricing.standard.price": "290 บาท",
  "shophubPage.pricing.standard.period": "ต่อเดือน",
  "shophubPage.pricing.standard.feature1": "ใช้ได้ 3 เครื่อง",
  "shophubPage.pricing.standard.feature2": "สินค้าไม่จำกัดจำนวน",
  "shophubPage.pricing.standard.feature3": "จัดการสต็อกด้วย storehub",
  "shophubPage.pricing.standard.feature4": "รายงานรายรับ รายจ่าย และกำไร",
  "shophubPage.pricing.pro.name": "มืออาชีพ",
  "shophubPage.pricing.pro.price": "590 บาท",
  "shophubPage.pricing.pro.period": "ต่อเดือน",
  "shophubPage.pricing.pro.feature1": "ทุกอย่างในแพ็กเกจมาตรฐาน",
  "shophubPage.pricing.pro.feature2": "ใช้ได้ 10 เครื่อง",
  "shophubPage.pricing.pro.feature3": "หลายสาขาหรือหลายร้าน",
  "shophubPage.pricing.pro.feature4": "ใบกำกับภาษี A4",
  "shophubPage.pricing.pro.feature5": "ส่งออกข้อมูลเป็นไฟล์ CSV",
  "shophubPage.pricing.note1": "ร้านที่สมัครใหม่ได้ใช้แพ็กเกจมาตรฐานฟรี 30 วัน",
  "shophubPage.pricing.note2": "ชำระแบบรายปีได้ฟรี 2 เดือน",
  "shophubPage.pricing.note3": "ราคาคิดต่อร้านและรวมภาษีมูลค่าเพิ่มแล้ว",
  "shophubPage.register.heading": "วิธีสมัครใช้งาน",
  "shophubPage.register.1.title": "สมัครบัญชีผู้ใช้",
  "shophubPage.register.1.text":
    "กดปุ่ม “สมัครใช้งาน” แล้วกรอกชื่อ อีเมล และตั้งรหัสผ่านที่เดายาก บัญชีนี้เป็นของคุณเอง และเป็นสมาชิกได้หลายร้าน",
  "shophubPage.register.2.title": "ยืนยันอีเมล",
  "shophubPage.register.2.text":
    "เปิดลิงก์ยืนยันในอีเมลที่ระบบส่งไปให้ ถ้าไม่เห็นอีเมลให้ลองดูในกล่องจดหมายขยะ แล้วเข้าสู่ระบบด้วยอีเมลและรหัสผ่าน",
  "shophubPage.register.3.title": "สร้างร้าน",
  "shophubPage.register.3.text":
    "กด “สร้างร้านใหม่” กรอกชื่อร้าน ประเภทธุรกิจ ที่อยู่ และเบอร์โทรศัพท์ ข้อมูลเหล่านี้จะพิมพ์อยู่บนใบเสร็จ",
  "shophubPage.register.4.title": "ใส่เลขประจำตัวผู้เสียภาษี (ถ้ามี)",
  "shophubPage.register.4.text":
    "ร้านที่จดทะเบียนภาษีมูลค่าเพิ่มแล้วกรอกเลข 13 หลักได้เลย ถ้ายังไม่มีให้เว้นว่างไว้ก่อนแล้วค่อยแก้ไขภายหลัง",
  "shophubPage.register.5.title": "เริ่มใช้งาน",
  "shophubPage.register.5.text":
    "ร้านใหม่ได้ใช้แพ็กเกจมาตรฐานฟรี 30 วัน เพิ่มสินค้า เชิญพนักงาน และลองใช้สต็อกกับรายงานได้ครบตั้งแต่วันแรก",
  "shophubPage.howToUse.heading": "ใช้งานในแต่ละวัน",
  "shophubPage.howToUse.1.title": "เปิดร้าน",
  "shophubPage.howToUse.1.text":
    "เข้าสู่ระบบบนเครื่องที่เคาน์เตอร์ แล้วดูรายการสินค้าที่ระบบเตือนว่าใกล้หมด เพื่อเติมของขึ้นชั้นหรือสั่งเพิ่มได้ทัน",
  "shophubPage.howToUse.2.title": "ขายหน้าร้าน",
  "shophubPage.howToUse.2.text":
    "สแกนบาร์โค้ดหรือแตะสินค้าเพื่อใส่ตะกร้า แก้จำนวน ใส่ส่วนลด แล้วตรวจยอดสุทธิก่อนรับเงิน",
  "shophubPage.howToUse.3.title": "รับเงินและพิมพ์ใบเสร็จ",
  "shophubPage.howToUse.3.text":
    "เลือกเงินสด โอน พร้อมเพย์ หรือบัตร ยืนยันการขาย แล้วพิมพ์ใบเสร็จ หรือออกใบกำกับภาษี A4 เมื่อลูกค้าขอ",
  "shophubPage.howToUse.4.title": "รับของเข้าและบันทึกรายจ่าย",
  "shophubPage.howToUse.4.text":
    "เมื่อซัพพลายเออร์มาส่งของ ให้ทำรายการรับสินค้าเข้าใน storehub และบันทึกรายจ่ายของร้านพร้อมถ่ายรูปใบเสร็จเก็บไว้",
  "shophubPage.howToUse.5.title": "ดูแลบิลที่ผิดพลาด",
  "shophubPage.howToUse.5.text":
    "ถ้าคิดราคาผิดหรือสแกนซ้ำ ให้ผู้จัดการหรือเจ้าของยกเลิกบิลพร้อมระบุเหตุผล สินค้าจะกลับเข้าสต็อกให้เอง",
  "shophubPage.howToUse.6.title": "ปิดยอดตอนเย็น",
  "shophubPage.howToUse.6.text":
    "นับเงินสดในลิ้นชักเทียบกับยอดเงินสดในรายงาน ดูยอดขายแยกตามวิธีชำระเงิน และดูกำไรของวันนี้ก่อนปิดร้าน",
  "shophubPage.tutorial.heading": "ขายบิลแรกได้ใน 10 นาที",
  "shophubPage.tutorial.lead": "ลองทำตามขั้นตอนสั้น ๆ นี้ แล้วค่อยเพิ่มสินค้าที่เหลือทีหลัง",
  "shophubPage.tutorial.step1": "สมัครบัญชีด้วยอีเมลและยืนยันอีเมล",
  "shophubPage.tutorial.step2": "สร้างร้านโดยกรอกชื่อร้าน ประเภทธุรกิจ ที่อยู่ และเบอร์โทรศัพท์",
  "shophubPage.tutorial.step3": "ตั้งหมายเลขพร้อมเพย์ของร้านในหน้าตั้งค่าร้าน",
  "shophubPage.tutorial.step4": "เพิ่มสินค้าขายดี 3 ถึง 5 รายการ พร้อมราคาขาย ต้นทุน และบาร์โค้ด",
  "shophubPage.tutorial.step5": "เปิดหน้าจอขาย แล้วสแกนหรือแตะสินค้าเพื่อใส่ตะกร้า",
  "shophubPage.tutorial.step6": "กด “ชำระเงิน” เลือกเงินสด แล้วกรอกจำนวนเงินที่ได้รับเพื่อดูเงินทอน",
  "shophubPage.tutorial.step7": "กด “ยืนยันการขาย” แล้วพิมพ์ใบเสร็จ",
  "shophubPage.tutorial.step8": "เปิดรายงานของวันนี้เพื่อดูยอดขายบิลแรกของร้าน",
  "shophubPage.manual.heading": "คู่มือและบทความแนะนำ",
  "shophubPage.manual.text":
    "อยากรู้ขั้นตอนของแต่ละเมนูแบบละเอียด ตั้งแต่เพิ่มสินค้า รับสต็อกตั้งต้น ไปจนถึงการดูรายงานกำไร อ่านได้ในคู่มือการใช้งาน หรืออ่านภาพรวมและวิธีเลือกแพ็กเกจในบทความแนะนำ shophub",
  "shophubPage.manual.manualLink": "อ่านคู่มือการใช้งาน shophub",
  "shophubPage.manual.articleLink": "อ่านบทความ shophub ระบบ POS สำหรับร้านเล็ก",
  "shophubPage.faq.heading": "คำถามที่พบบ่อย",
  "shophubPage.faq.1.question": "ต้องซื้อเครื่อง POS ใหม่หรือไม่",
  "shophubPage.faq.1.answer":
    "ไม่ต้องซื้อ เพราะ shophub ใช้ผ่านเว็บเบราว์เซอร์บนคอมพิวเตอร์ แท็บเล็ต หรือโทรศัพท์ที่มีอยู่แล้ว ส่วนเครื่องพิมพ์ใบเสร็จความร้อน 58 หรือ 80 มม. และเครื่องสแกนบาร์โค้ดจะเพิ่มทีหลังก็ได้",
  "shophubPage.faq.2.question": "ต้องใช้อินเทอร์เน็ตตลอดเวลาหรือไม่",
  "shophubPage.faq.2.answer":
    "ต้องใช้ เพราะ shophub ทำงานออนไลน์ผ่านเว็บ ร้านจึงต้องมีอินเทอร์เน็ตที่ร้าน แนะนำให้มีอินเทอร์เน็ตมือถือสำรองไว้ เผื่อวันที่อินเทอร์เน็ตบ้านมีปัญหา",
  "shophubPage.faq.3.question": "ออกใบกำกับภาษีได้หรือไม่",
  "shophubPage.faq.3.answer":
    "ได้ ในแพ็กเกจมืออาชีพสามารถออกใบกำกับภาษีขนาด A4 พร้อมจำนวนเงินเป็นตัวอักษรภาษาไทย ร้านควรกรอกเลขประจำตัวผู้เสียภาษีในหน้าตั้งค่าร้าน และเลือกได้ว่าราคาสินค้ารวม VAT 7% แล้วหรือยัง",
  "shophubPage.faq.4.question": "ร้านมีสินค้าเกิน 200 รายการ ควรเลือกแพ็กเกจไหน",
  "shophubPage.faq.4.answer":
    "แพ็กเกจเริ่มต้นแบบฟรีรองรับสินค้าได้ถึง 200 รายการ ถ้ามากกว่านั้นให้เลือกแพ็กเกจมาตรฐานหรือมืออาชีพซึ่งเพิ่มสินค้าได้ไม่จำกัด",
  "shophubPage.faq.5.question": "ให้พนักงานหลายคนใช้พร้อมกันได้หรือไม่",
  "shophubPage.faq.5.answer":
    "ได้ เชิญพนักงานเข้าร้านพร้อมกำหนดบทบาท จำนวนเครื่องที่ใช้ได้ขึ้นกับแพ็กเกจ คือ 1, 3 หรือ 10 เครื่อง และยอดสต็อกจะอัปเดตให้ทุกเครื่องเห็นตรงกันทันที",
  "shophubPage.faq.6.question": "มีทีมงานช่วยตั้งค่าหรือไม่",
  "shophubPage.faq.6.answer":
    "มี ทีมงานดีพี เทคช่วยแนะนำแพ็กเกจ ช่วยนำเข้ารายการสินค้า และช่วยเลือกเครื่องพิมพ์ใบเสร็จกับเครื่องสแกนที่ใช้ร่วมกันได้ โทร 02-114-7788 วันจันทร์ถึงวันเสาร์ 08:30–17:30 น.",
  "shophubPage.finalCta.heading": "เริ่มขายอย่างมีระบบได้ตั้งแต่วันนี้",
  "shophubPage.finalCta.text": "สมัครฟรี สร้างร้านได้ในไม่กี่นาที และร้านใหม่ได้ใช้แพ็กเกจมาตรฐานฟรี 30 วัน",
  "shophubPage.finalCta.button": "สมัครใช้งานฟรี",
  "shophubPage.finalCta.contact": "มีคำถาม ติดต่อดีพี เทค วันจันทร์–เสาร์ 08:30–17:30 น.",
} as const;

export type ShophubPageKey = keyof typeof thShophubPage;
