import type { ShophubPageText } from "./shophub-page-types";

export const SHOPHUB_PAGE: { th: ShophubPageText; en: ShophubPageText } = {
  th: {
    title: "shophub ระบบขายหน้าร้าน (POS) สำหรับร้านเล็ก",
    lead: "ขายของ รับเงินสด โอน พร้อมเพย์ และบัตร พิมพ์ใบเสร็จ ดูสต็อก รายรับรายจ่าย และกำไรของร้านได้ในที่เดียว ใช้ผ่านเว็บเบราว์เซอร์บนคอมพิวเตอร์ แท็บเล็ต หรือโทรศัพท์ที่ร้านมีอยู่แล้ว เริ่มใช้ได้ฟรี",
    heroCta: "สมัครใช้งานฟรี",
    heroSecondary: "ดูราคาแพ็กเกจ",
    what: {
      heading: "shophub คืออะไร",
      paragraphs: [
        "shophub คือโปรแกรมขายหน้าร้าน (POS) ที่ดีพี เทค พัฒนาขึ้นสำหรับร้านค้าขนาดเล็กในไทย เช่น ร้านขายของชำ ร้านกาแฟ ร้านเครื่องสำอาง ร้านวัสดุก่อสร้าง และร้านเสื้อผ้า ทุกหน้าจอ ใบเสร็จ และรายงานเป็นภาษาไทย พนักงานใหม่เรียนรู้ได้เร็ว",
        "shophub ทำงานบนเว็บเบราว์เซอร์ ไม่ต้องติดตั้งโปรแกรมและไม่ต้องซื้อเครื่อง POS เฉพาะ เปิดใช้ได้ทั้งบนคอมพิวเตอร์ แท็บเล็ต และโทรศัพท์มือถือ เจ้าของร้านจึงดูยอดขายได้แม้ไม่ได้อยู่ที่ร้าน",
        "shophub ทำงานคู่กับ storehub เครื่องมือจัดการสต็อกที่ใช้รายการสินค้าและบัญชีเดียวกัน ทุกบิลที่ขายจะตัดสต็อกให้อัตโนมัติ และยอดคงเหลือจะอัปเดตให้แคชเชียร์ทุกเครื่องเห็นตรงกันทันที",
      ],
    },
    why: {
      heading: "ทำไมร้านเล็กถึงเลือก shophub",
      items: [
        {
          title: "รู้กำไรจริง ไม่ใช่แค่ยอดขาย",
          text: "ทุกบิลบันทึกพร้อมต้นทุนสินค้า เมื่อใส่รายจ่ายของร้านอย่างค่าเช่า ค่าไฟ และค่าแรงด้วย ก็จะเห็นกำไรสุทธิรายวันและรายเดือนได้ชัดเจน",
        },
        {
          title: "สต็อกไม่หายแบบไม่รู้ตัว",
          text: "สต็อกถูกตัดทุกครั้งที่ขาย พอนับของจริงเทียบกับตัวเลขในระบบก็เห็นส่วนต่างทันที และรู้ว่าควรสั่งสินค้าอะไรก่อนของหมด",
        },
        {
          title: "คิดเงินเร็ว ลูกค้าไม่ต้องรอ",
          text: "สแกนบาร์โค้ดแทนการกดเครื่องคิดเลข ลดเวลาและลดการคิดราคาผิด พนักงานใหม่ขายได้ถูกราคาตั้งแต่วันแรกเพราะราคาอยู่ในระบบแล้ว",
        },
        {
          title: "รับเงินได้ทุกช่องทางที่ลูกค้าใช้",
          text: "เงินสดพร้อมแสดงเงินทอน โอนผ่านธนาคาร คิวอาร์พร้อมเพย์ตามยอดบิลพอดี และบัตร ทุกยอดแยกตามวิธีชำระเงินให้ตรวจสอบง่าย",
        },
        {
          title: "ใช้อุปกรณ์ที่ร้านมีอยู่แล้ว",
          text: "เริ่มจากแท็บเล็ตหรือคอมพิวเตอร์เครื่องเดียวบนเคาน์เตอร์ได้เลย แล้วค่อยเพิ่มเครื่องพิมพ์ใบเสร็จและเครื่องสแกนบาร์โค้ดเมื่อพร้อม",
        },
        {
          title: "มอบงานให้พนักงานได้อย่างสบายใจ",
          text: "แต่ละคนใช้บัญชีของตัวเองตามบทบาทที่เจ้าของกำหนด การยกเลิกบิลต้องระบุเหตุผลและทำได้เฉพาะผู้จัดการหรือเจ้าของ ตรวจย้อนหลังได้ว่าใครทำอะไร",
        },
      ],
    },
    features: {
      heading: "ความสามารถของ shophub",
      items: [
        {
          title: "หน้าจอขายใช้ง่าย",
          text: "เลือกสินค้าจากตารางรูปสินค้า ค้นหาด้วยชื่อ รหัสสินค้า หรือบาร์โค้ด และใช้เครื่องสแกนบาร์โค้ดเพื่อใส่สินค้าลงตะกร้าได้ทันที",
        },
        {
          title: "ตะกร้า จำนวน และส่วนลด",
          text: "แก้จำนวนในตะกร้าได้โดยตรง ให้ส่วนลดรายชิ้นหรือส่วนลดท้ายบิล เป็นจำนวนเงินหรือเปอร์เซ็นต์ก็ได้",
        },
        {
          title: "รับชำระได้หลายแบบ",
          text: "เงินสดพร้อมคำนวณเงินทอน โอนผ่านธนาคาร คิวอาร์พร้อมเพย์ที่สร้างตามยอดบิลพอดี และบัตร",
        },
        {
          title: "ใบเสร็จ ใบกำกับภาษี และ VAT",
          text: "เลขที่บิลเรียงต่อเนื่องแยกของแต่ละร้าน พิมพ์ใบเสร็จกับเครื่องพิมพ์ความร้อน 58 หรือ 80 มม. ออกใบกำกับภาษี A4 พร้อมจำนวนเงินเป็นตัวอักษรภาษาไทย (แพ็กเกจมืออาชีพ) และตั้งค่า VAT 7% แบบรวมในราคาหรือแยกนอกราคาได้",
        },
        {
          title: "ยกเลิกบิลอย่างโปร่งใส",
          text: "ผู้จัดการหรือเจ้าของร้านยกเลิกบิลได้โดยต้องระบุเหตุผล สินค้าจะถูกคืนเข้าสต็อกอัตโนมัติ และบิลแสดงชื่อผู้ยกเลิกไว้ตรวจสอบ",
        },
        {
          title: "รายรับ รายจ่าย และกำไร",
          text: "บันทึกรายจ่ายพร้อมแนบรูปใบเสร็จ ดูกำไรรายวันและรายเดือน ทั้งยอดขาย ต้นทุนขายแบบถัวเฉลี่ยเคลื่อนที่ กำไรขั้นต้น รายจ่าย และกำไรสุทธิ พร้อมกราฟ และส่งออกเป็นไฟล์ CSV ได้ในแพ็กเกจมืออาชีพ",
        },
        {
          title: "สต็อกด้วย storehub",
          text: "ใช้รายการสินค้าชุดเดียวกับหน้าขาย รับสินค้าเข้า ดูยอดคงเหลือ มีสัญญาณเตือนสินค้าใกล้หมด และยอดสต็อกอัปเดตทันทีระหว่างแคชเชียร์ทุกเครื่อง",
        },
        {
          title: "สมาชิกและบทบาท",
          text: "เชิญพนักงานเข้าร้านพร้อมกำหนดบทบาท เจ้าของ ผู้จัดการ แคชเชียร์ หรือพนักงานสต็อก แต่ละคนเห็นและทำได้เท่าที่งานต้องใช้",
        },
      ],
    },
    pricing: {
      heading: "ราคา shophub",
      lead: "เลือกแพ็กเกจให้เหมาะกับขนาดร้าน ราคาคิดต่อร้าน เริ่มได้ฟรีและขยายได้เมื่อร้านโตขึ้น",
      plans: [
        {
          id: "starter",
          name: "เริ่มต้น",
          price: "ฟรี",
          period: "ไม่มีค่าบริการรายเดือน",
          highlight: false,
          features: ["ใช้ได้ 1 เครื่อง", "สินค้าได้ถึง 200 รายการ", "ขายหน้าร้านและออกใบเสร็จ"],
        },
        {
          id: "standard",
          name: "มาตรฐาน",
          price: "290 บาท",
          period: "ต่อเดือน",
          highlight: true,
          features: [
            "ใช้ได้ 3 เครื่อง",
            "สินค้าไม่จำกัดจำนวน",
            "จัดการสต็อกด้วย storehub",
            "รายงานรายรับ รายจ่าย และกำไร",
          ],
        },
        {
          id: "pro",
          name: "มืออาชีพ",
          price: "590 บาท",
          period: "ต่อเดือน",
          highlight: false,
          features: [
            "ทุกอย่างในแพ็กเกจมาตรฐาน",
            "ใช้ได้ 10 เครื่อง",
            "หลายสาขาหรือหลายร้าน",
            "ใบกำกับภาษี A4",
            "ส่งออกข้อมูลเป็นไฟล์ CSV",
          ],
        },
      ],
      notes: [
        "ร้านที่สมัครใหม่ได้ใช้แพ็กเกจมาตรฐานฟรี 30 วัน",
        "ชำระแบบรายปีได้ฟรี 2 เดือน",
        "ราคาคิดต่อร้านและรวมภาษีมูลค่าเพิ่มแล้ว",
      ],
    },
    register: {
      heading: "วิธีสมัครใช้งาน",
      steps: [
        {
          title: "สมัครบัญชีผู้ใช้",
          text: "กดปุ่ม “สมัครใช้งาน” แล้วกรอกชื่อ อีเมล และตั้งรหัสผ่านที่เดายาก บัญชีนี้เป็นของคุณเอง และเป็นสมาชิกได้หลายร้าน",
        },
        {
          title: "ยืนยันอีเมล",
          text: "เปิดลิงก์ยืนยันในอีเมลที่ระบบส่งไปให้ ถ้าไม่เห็นอีเมลให้ลองดูในกล่องจดหมายขยะ แล้วเข้าสู่ระบบด้วยอีเมลและรหัสผ่าน",
        },
        {
          title: "สร้างร้าน",
          text: "กด “สร้างร้านใหม่” กรอกชื่อร้าน ประเภทธุรกิจ ที่อยู่ และเบอร์โทรศัพท์ ข้อมูลเหล่านี้จะพิมพ์อยู่บนใบเสร็จ",
        },
        {
          title: "ใส่เลขประจำตัวผู้เสียภาษี (ถ้ามี)",
          text: "ร้านที่จดทะเบียนภาษีมูลค่าเพิ่มแล้วกรอกเลข 13 หลักได้เลย ถ้ายังไม่มีให้เว้นว่างไว้ก่อนแล้วค่อยแก้ไขภายหลัง",
        },
        {
          title: "เริ่มใช้งาน",
          text: "ร้านใหม่ได้ใช้แพ็กเกจมาตรฐานฟรี 30 วัน เพิ่มสินค้า เชิญพนักงาน และลองใช้สต็อกกับรายงานได้ครบตั้งแต่วันแรก",
        },
      ],
    },
    howToUse: {
      heading: "ใช้งานในแต่ละวัน",
      steps: [
        {
          title: "เปิดร้าน",
          text: "เข้าสู่ระบบบนเครื่องที่เคาน์เตอร์ แล้วดูรายการสินค้าที่ระบบเตือนว่าใกล้หมด เพื่อเติมของขึ้นชั้นหรือสั่งเพิ่มได้ทัน",
        },
        {
          title: "ขายหน้าร้าน",
          text: "สแกนบาร์โค้ดหรือแตะสินค้าเพื่อใส่ตะกร้า แก้จำนวน ใส่ส่วนลด แล้วตรวจยอดสุทธิก่อนรับเงิน",
        },
        {
          title: "รับเงินและพิมพ์ใบเสร็จ",
          text: "เลือกเงินสด โอน พร้อมเพย์ หรือบัตร ยืนยันการขาย แล้วพิมพ์ใบเสร็จ หรือออกใบกำกับภาษี A4 เมื่อลูกค้าขอ",
        },
        {
          title: "รับของเข้าและบันทึกรายจ่าย",
          text: "เมื่อซัพพลายเออร์มาส่งของ ให้ทำรายการรับสินค้าเข้าใน storehub และบันทึกรายจ่ายของร้านพร้อมถ่ายรูปใบเสร็จเก็บไว้",
        },
        {
          title: "ดูแลบิลที่ผิดพลาด",
          text: "ถ้าคิดราคาผิดหรือสแกนซ้ำ ให้ผู้จัดการหรือเจ้าของยกเลิกบิลพร้อมระบุเหตุผล สินค้าจะกลับเข้าสต็อกให้เอง",
        },
        {
          title: "ปิดยอดตอนเย็น",
          text: "นับเงินสดในลิ้นชักเทียบกับยอดเงินสดในรายงาน ดูยอดขายแยกตามวิธีชำระเงิน และดูกำไรของวันนี้ก่อนปิดร้าน",
        },
      ],
    },
    tutorial: {
      heading: "ขายบิลแรกได้ใน 10 นาที",
      lead: "ลองทำตามขั้นตอนสั้น ๆ นี้ แล้วค่อยเพิ่มสินค้าที่เหลือทีหลัง",
      steps: [
        "สมัครบัญชีด้วยอีเมลและยืนยันอีเมล",
        "สร้างร้านโดยกรอกชื่อร้าน ประเภทธุรกิจ ที่อยู่ และเบอร์โทรศัพท์",
        "ตั้งหมายเลขพร้อมเพย์ของร้านในหน้าตั้งค่าร้าน",
        "เพิ่มสินค้าขายดี 3 ถึง 5 รายการ พร้อมราคาขาย ต้นทุน และบาร์โค้ด",
        "เปิดหน้าจอขาย แล้วสแกนหรือแตะสินค้าเพื่อใส่ตะกร้า",
        "กด “ชำระเงิน” เลือกเงินสด แล้วกรอกจำนวนเงินที่ได้รับเพื่อดูเงินทอน",
        "กด “ยืนยันการขาย” แล้วพิมพ์ใบเสร็จ",
        "เปิดรายงานของวันนี้เพื่อดูยอดขายบิลแรกของร้าน",
      ],
    },
    manual: {
      heading: "คู่มือและบทความแนะนำ",
      text: "อยากรู้ขั้นตอนของแต่ละเมนูแบบละเอียด ตั้งแต่เพิ่มสินค้า รับสต็อกตั้งต้น ไปจนถึงการดูรายงานกำไร อ่านได้ในคู่มือการใช้งาน หรืออ่านภาพรวมและวิธีเลือกแพ็กเกจในบทความแนะนำ shophub",
      manualLink: "อ่านคู่มือการใช้งาน shophub",
      articleLink: "อ่านบทความ shophub ระบบ POS สำหรับร้านเล็ก",
    },
    faq: {
      heading: "คำถามที่พบบ่อย",
      items: [
        {
          question: "ต้องซื้อเครื่อง POS ใหม่หรือไม่",
          answer:
            "ไม่ต้องซื้อ เพราะ shophub ใช้ผ่านเว็บเบราว์เซอร์บนคอมพิวเตอร์ แท็บเล็ต หรือโทรศัพท์ที่มีอยู่แล้ว ส่วนเครื่องพิมพ์ใบเสร็จความร้อน 58 หรือ 80 มม. และเครื่องสแกนบาร์โค้ดจะเพิ่มทีหลังก็ได้",
        },
        {
          question: "ต้องใช้อินเทอร์เน็ตตลอดเวลาหรือไม่",
          answer:
            "ต้องใช้ เพราะ shophub ทำงานออนไลน์ผ่านเว็บ ร้านจึงต้องมีอินเทอร์เน็ตที่ร้าน แนะนำให้มีอินเทอร์เน็ตมือถือสำรองไว้ เผื่อวันที่อินเทอร์เน็ตบ้านมีปัญหา",
        },
        {
          question: "ออกใบกำกับภาษีได้หรือไม่",
          answer:
            "ได้ ในแพ็กเกจมืออาชีพสามารถออกใบกำกับภาษีขนาด A4 พร้อมจำนวนเงินเป็นตัวอักษรภาษาไทย ร้านควรกรอกเลขประจำตัวผู้เสียภาษีในหน้าตั้งค่าร้าน และเลือกได้ว่าราคาสินค้ารวม VAT 7% แล้วหรือยัง",
        },
        {
          question: "ร้านมีสินค้าเกิน 200 รายการ ควรเลือกแพ็กเกจไหน",
          answer:
            "แพ็กเกจเริ่มต้นแบบฟรีรองรับสินค้าได้ถึง 200 รายการ ถ้ามากกว่านั้นให้เลือกแพ็กเกจมาตรฐานหรือมืออาชีพซึ่งเพิ่มสินค้าได้ไม่จำกัด",
        },
        {
          question: "ให้พนักงานหลายคนใช้พร้อมกันได้หรือไม่",
          answer:
            "ได้ เชิญพนักงานเข้าร้านพร้อมกำหนดบทบาท จำนวนเครื่องที่ใช้ได้ขึ้นกับแพ็กเกจ คือ 1, 3 หรือ 10 เครื่อง และยอดสต็อกจะอัปเดตให้ทุกเครื่องเห็นตรงกันทันที",
        },
        {
          question: "มีทีมงานช่วยตั้งค่าหรือไม่",
          answer:
            "มี ทีมงานดีพี เทคช่วยแนะนำแพ็กเกจ ช่วยนำเข้ารายการสินค้า และช่วยเลือกเครื่องพิมพ์ใบเสร็จกับเครื่องสแกนที่ใช้ร่วมกันได้ โทร 02-114-7788 วันจันทร์ถึงวันเสาร์ 08:30–17:30 น.",
        },
      ],
    },
    finalCta: {
      heading: "เริ่มขายอย่างมีระบบได้ตั้งแต่วันนี้",
      text: "สมัครฟรี สร้างร้านได้ในไม่กี่นาที และร้านใหม่ได้ใช้แพ็กเกจมาตรฐานฟรี 30 วัน",
      button: "สมัครใช้งานฟรี",
      contact: "มีคำถาม ติดต่อดีพี เทค วันจันทร์–เสาร์ 08:30–17:30 น.",
    },
  },
  en: {
    title: "shophub: point of sale (POS) for small shops",
    lead: "Sell, take cash, bank transfers, PromptPay and cards, print receipts, and see your stock, income, expenses and profit in one place. It runs in the web browser on the computer, tablet or phone your shop already has. Start for free.",
    heroCta: "Sign up free",
    heroSecondary: "See pricing",
    what: {
      heading: "What is shophub?",
      paragraphs: [
        "shophub is a point-of-sale (POS) app that DP Tech built for small shops in Thailand, such as grocery stores, cafés, cosmetics shops, hardware stores and clothing shops. Every screen, receipt and report is in Thai, so new staff pick it up quickly.",
        "shophub runs in the web browser: there is nothing to install and no special POS terminal to buy. It works on computers, tablets and mobile phones, so owners can check sales even when they are away from the shop.",
        "shophub works together with storehub, the stock tool that shares the same items and ledger. Every sale deducts stock automatically, and stock balances update instantly so every cashier sees the same numbers.",
      ],
    },
    why: {
      heading: "Why small shops choose shophub",
      items: [
        {
          title: "Know your real profit, not just sales",
          text: "Every sale is recorded with the cost of the goods. Add shop expenses such as rent, electricity and wages, and you see a clear daily and monthly net profit.",
        },
        {
          title: "Stock doesn't go missing unnoticed",
          text: "Stock is deducted with every sale. Count the shelves, compare with the system and the difference shows right away, and you know what to reorder before it runs out.",
        },
        {
          title: "Fast checkout, no waiting",
          text: "Scan barcodes instead of tapping a calculator, which is quicker and avoids pricing mistakes. New staff charge the right price from day one because the prices are already in the system.",
        },
        {
          title: "Accept the payments customers use",
          text: "Cash with change shown, bank transfer, a PromptPay QR for the exact bill amount, and card. Totals are split by payment method, so they are easy to check.",
        },
        {
          title: "Use the devices you already own",
          text: "Start with a single tablet or computer on the counter, then add a receipt printer and barcode scanner when you are ready.",
        },
        {
          title: "Hand work to staff with confidence",
          text: "Everyone signs in with their own account and the role the owner gives them. Voiding a bill needs a reason and only a manager or owner can do it, so you can always see who did what.",
        },
      ],
    },
    features: {
      heading: "What shophub does",
      items: [
        {
          title: "An easy selling screen",
          text: "Pick items from a product grid, search by name, item code or barcode, and use a barcode scanner to add items to the cart instantly.",
        },
        {
          title: "Cart, quantities and discounts",
          text: "Change quantities right in the cart and give a discount per item or on the whole bill, as an amount or a percentage.",
        },
        {
          title: "Several ways to pay",
          text: "Cash with change calculated, bank transfer, a PromptPay QR code generated for the exact bill amount, and card.",
        },
        {
          title: "Receipts, tax invoices and VAT",
          text: "Each shop has its own running invoice numbers. Print receipts on 58 or 80 mm thermal printers, issue A4 tax invoices with the amount written in Thai words (Pro plan), and set 7% VAT as included in or added to your prices.",
        },
        {
          title: "Transparent voids",
          text: "A manager or owner can void a bill by giving a reason. The items go back into stock automatically and the bill shows who voided it.",
        },
        {
          title: "Income, expenses and profit",
          text: "Record expenses with a photo of the receipt and see daily and monthly profit: revenue, cost of goods by moving-average cost, gross profit, expenses and net profit, with a chart, plus CSV export on the Pro plan.",
        },
        {
          title: "Stock with storehub",
          text: "Uses the same item list as the selling screen: receive goods, check stock balances, see low-stock flags, and get live stock updates across all cashiers.",
        },
        {
          title: "Members and roles",
          text: "Invite staff to your shop as owner, manager, cashier or stock staff. Each person sees and does only what their job needs.",
        },
      ],
    },
    pricing: {
      heading: "shophub pricing",
      lead: "Choose the plan that fits your shop. Prices are per shop: start for free and grow as your shop grows.",
      plans: [
        {
          id: "starter",
          name: "Starter",
          price: "Free",
          period: "no monthly fee",
          highlight: false,
          features: ["1 device", "Up to 200 items", "Sales and receipts"],
        },
        {
          id: "standard",
          name: "Standard",
          price: "290 baht",
          period: "per month",
          highlight: true,
          features: [
            "3 devices",
            "Unlimited items",
            "Stock management with storehub",
            "Income, expense and profit reports",
          ],
        },
        {
          id: "pro",
          name: "Pro",
          price: "590 baht",
          period: "per month",
          highlight: false,
          features: [
            "Everything in Standard",
            "10 devices",
            "Several branches or shops",
            "A4 tax invoices",
            "CSV data export",
          ],
        },
      ],
      notes: [
        "New shops get 30 days of the Standard plan free.",
        "Pay yearly and get 2 months free.",
        "Prices are per shop and include VAT.",
      ],
    },
    register: {
      heading: "How to sign up",
      steps: [
        {
          title: "Create your user account",
          text: "Press “Sign up”, enter your name and e-mail and choose a strong password. This account is yours personally and can be a member of several shops.",
        },
        {
          title: "Confirm your e-mail",
          text: "Open the confirmation link in the e-mail we send you (check your junk folder if you don't see it), then sign in with your e-mail and password.",
        },
        {
          title: "Create your shop",
          text: "Press “Create new shop” and enter the shop name, business type, address and phone number. These details are printed on your receipts.",
        },
        {
          title: "Add your tax ID (optional)",
          text: "If your shop is VAT-registered, enter its 13-digit tax ID now. If not, leave it blank and add it later.",
        },
        {
          title: "Start selling",
          text: "New shops get 30 days of the Standard plan free, so you can add items, invite staff and try stock and reports from day one.",
        },
      ],
    },
    howToUse: {
      heading: "A day with shophub",
      steps: [
        {
          title: "Open the shop",
          text: "Sign in on the counter device and check the items flagged as low in stock, so you can restock the shelves or reorder in time.",
        },
        {
          title: "Sell at the counter",
          text: "Scan a barcode or tap an item to add it to the cart, adjust quantities, add discounts, then check the total before taking payment.",
        },
        {
          title: "Take payment and print the receipt",
          text: "Choose cash, transfer, PromptPay or card, confirm the sale and print the receipt, or issue an A4 tax invoice when the customer asks for one.",
        },
        {
          title: "Receive goods and record expenses",
          text: "When a supplier delivers, record the goods received in storehub, and record shop expenses with a photo of the receipt.",
        },
        {
          title: "Fix mistaken bills",
          text: "If a price was wrong or an item was scanned twice, a manager or owner voids the bill with a reason, and the items go back into stock by themselves.",
        },
        {
          title: "Close the day",
          text: "Count the cash in the drawer against the cash total in the report, check sales by payment method, and look at today's profit before you close.",
        },
      ],
    },
    tutorial: {
      heading: "Your first sale in 10 minutes",
      lead: "Follow these short steps, then add the rest of your items later.",
      steps: [
        "Sign up with your e-mail and confirm it.",
        "Create your shop with its name, business type, address and phone number.",
        "Enter the shop's PromptPay number in the shop settings.",
        "Add 3 to 5 best-selling items with their price, cost and barcode.",
        "Open the selling screen and scan or tap items to add them to the cart.",
        "Press “Pay”, choose cash and enter the amount received to see the change.",
        "Press “Confirm sale” and print the receipt.",
        "Open today's report to see your shop's first sale.",
      ],
    },
    manual: {
      heading: "Manual and guides",
      text: "For step-by-step help with every menu, from adding items and entering opening stock to reading the profit report, read the user manual, or read our shophub overview for the big picture and how to choose a plan.",
      manualLink: "Read the shophub user manual",
      articleLink: "Read shophub: POS for small shops",
    },
    faq: {
      heading: "Frequently asked questions",
      items: [
        {
          question: "Do I need to buy a new POS terminal?",
          answer:
            "No. shophub runs in the web browser on the computer, tablet or phone you already have. You can add a 58 or 80 mm thermal receipt printer and a barcode scanner later.",
        },
        {
          question: "Do I need an internet connection all the time?",
          answer:
            "Yes. shophub works online through the web, so your shop needs an internet connection. We recommend keeping mobile data as a backup in case your main connection goes down.",
        },
        {
          question: "Can I issue tax invoices?",
          answer:
            "Yes. The Pro plan issues A4 tax invoices with the amount written in Thai words. Enter your shop's tax ID in the shop settings and choose whether your prices include 7% VAT.",
        },
        {
          question: "My shop has more than 200 items. Which plan should I choose?",
          answer:
            "The free Starter plan supports up to 200 items. For more, choose Standard or Pro, which allow unlimited items.",
        },
        {
          question: "Can several staff use it at the same time?",
          answer:
            "Yes. Invite staff to your shop and give each a role. The number of devices depends on your plan (1, 3 or 10), and stock updates instantly so every device sees the same numbers.",
        },
        {
          question: "Can your team help me set up?",
          answer:
            "Yes. The DP Tech team can recommend a plan, help import your item list and help you choose a compatible receipt printer and scanner. Call 02-114-7788, Monday to Saturday, 08:30–17:30.",
        },
      ],
    },
    finalCta: {
      heading: "Start selling the organised way today",
      text: "Sign up free, set up your shop in minutes, and enjoy 30 days of the Standard plan free as a new shop.",
      button: "Sign up free",
      contact: "Questions? Contact DP Tech, Monday to Saturday, 08:30–17:30.",
    },
  },
};
