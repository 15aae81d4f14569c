import type { banner, companyProfile, productCategory } from "./schema";

// The demo company's facts (see docs/company-facts.md). Seeded once; admins may edit later.
export const DEMO_COMPANY: typeof companyProfile.$inferInsert = {
  id: 1,
  nameTh: "บริษัท ดีพี เทค โซลูชั่น จำกัด",
  nameEn: "DP Tech Solution Co., Ltd.",
  brand: "DP Tech",
  addressTh: "88/8 หมู่ 5 ถนนบางนา-ตราด กม. 18 ตำบลบางโฉลง อำเภอบางพลี จังหวัดสมุทรปราการ 10540",
  addressEn:
    "88/8 Moo 5, Bangna-Trad Road Km 18, Bang Chalong, Bang Phli, Samut Prakan 10540, Thailand",
  phone: "+6621147788",
  email: "sales@dptech.co.th",
  lineId: "@dptech",
  hoursTh: "จันทร์–เสาร์ 08:30–17:30 น.",
  hoursEn: "Monday to Saturday, 08:30–17:30",
};

export const DEMO_CATEGORIES: (typeof productCategory.$inferInsert)[] = [
  {
    slug: "ai-camera",
    nameTh: "กล้อง AI",
    nameEn: "AI cameras",
    summaryTh:
      "กล้องประมวลผล AI ในตัว ตรวจจับชิ้นงานเสีย นับจำนวน และตรวจอุปกรณ์ความปลอดภัย (PPE) แบบเรียลไทม์",
    summaryEn:
      "Cameras with on-board AI that detect defects, count parts and check safety gear (PPE) in real time.",
    image: "/images/categories/ai-camera.svg",
    articleSlug: "ai",
    sortOrder: 1,
  },
  {
    slug: "machine-vision",
    nameTh: "Machine Vision / ระบบตรวจสอบ",
    nameEn: "Machine vision and inspection",
    summaryTh: "กล้องอุตสาหกรรม เลนส์ และแสงสำหรับตรวจสอบ วัดขนาด อ่านบาร์โค้ดและตัวอักษรบนสายการผลิต",
    summaryEn:
      "Industrial cameras, lenses and lighting to inspect, measure and read codes and text on the line.",
    image: "/images/categories/machine-vision.svg",
    articleSlug: "machineVision",
    sortOrder: 2,
  },
  {
    slug: "laser-marking",
    nameTh: "เครื่องยิงเลเซอร์มาร์กกิ้ง",
    nameEn: "Laser marking",
    summaryTh: "เลเซอร์ไฟเบอร์ UV และ CO2 สำหรับยิงเลขซีเรียล QR code และวันผลิตบนโลหะ พลาสติก และบรรจุภัณฑ์",
    summaryEn:
      "Fibre, UV and CO2 lasers that mark serial numbers, QR codes and dates on metal, plastic and packaging.",
    image: "/images/categories/laser-marking.svg",
    articleSlug: "dpTechLaser",
    sortOrder: 3,
  },
  {
    slug: "warehouse",
    nameTh: "โซลูชันคลังสินค้า",
    nameEn: "Warehouse solutions",
    summaryTh: "ชั้นวาง ระบบบาร์โค้ดและ RFID และซอฟต์แวร์บริหารสต็อก ให้รู้ตำแหน่งและยอดคงเหลือทุกชิ้น",
    summaryEn:
      "Racking, barcode and RFID systems and stock software, so you know where every item is and how many.",
    image: "/images/categories/warehouse.svg",
    // No article is about warehouse systems yet (the AMR one is the next category's).
    articleSlug: null,
    sortOrder: 4,
  },
  {
    slug: "amr",
    nameTh: "หุ่นยนต์ AMR",
    nameEn: "Autonomous mobile robots (AMR)",
    summaryTh: "หุ่นยนต์ขนส่งอัตโนมัติที่นำทางด้วย LiDAR ขนวัตถุดิบและสินค้าระหว่างไลน์ผลิตและคลังสินค้า",
    summaryEn:
      "Self-driving robots that navigate with LiDAR and carry materials between production lines and stores.",
    image: "/images/categories/amr.svg",
    articleSlug: "amr",
    sortOrder: 5,
  },
  {
    slug: "sensor",
    nameTh: "เซ็นเซอร์อุตสาหกรรม",
    nameEn: "Industrial sensors",
    summaryTh: "พร็อกซิมิตี โฟโตอิเล็กทริก อัลตราโซนิก และเลเซอร์วัดระยะ สำหรับสายพานและเครื่องจักร",
    summaryEn:
      "Proximity, photoelectric, ultrasonic and laser distance sensors for conveyors and machines.",
    image: "/images/categories/sensor.svg",
    articleSlug: "sensor",
    sortOrder: 6,
  },
  {
    slug: "wire",
    nameTh: "สายไฟและสายสัญญาณ",
    nameEn: "Wire and cable",
    summaryTh: "สายไฟกำลัง สายคอนโทรล สายชีลด์ และสายสำหรับรางกระดูกงู ทนการเคลื่อนที่ของเครื่องจักร",
    summaryEn: "Power, control, shielded and drag-chain cables that stand up to moving machines.",
    image: "/images/categories/wire.svg",
    articleSlug: "wire",
    sortOrder: 7,
  },
];

export const DEMO_BANNERS: (typeof banner.$inferInsert)[] = [
  {
    slug: "ai-camera",
    titleTh: "กล้อง AI ตรวจจับชิ้นงานเสียได้ทุกชิ้น",
    titleEn: "AI cameras that catch every defective part",
    subtitleTh: "ลดงานตรวจด้วยตา เพิ่มความแม่นยำ พร้อมทีมวิศวกรติดตั้งถึงหน้างาน",
    subtitleEn: "Less manual inspection, more accuracy, installed on site by our engineers.",
    image: "/images/banners/ai-camera.svg",
    imageAltTh: "กล้อง AI ติดตั้งเหนือสายพาน ตีกรอบชิ้นงานที่ตรวจพบ",
    imageAltEn: "An AI camera above a conveyor marking the parts it detects",
    linkHref: "/article/ai",
    linkLabelTh: "ดูรายละเอียด",
    linkLabelEn: "Learn more",
    sortOrder: 1,
  },
  {
    slug: "laser-marking",
    titleTh: "เครื่องยิงเลเซอร์มาร์กกิ้ง คมชัด ถาวร ตรวจย้อนกลับได้",
    titleEn: "Laser marking: sharp, permanent and traceable",
    subtitleTh: "ยิงเลขซีเรียล QR code และวันผลิต บนโลหะ พลาสติก และบรรจุภัณฑ์",
    subtitleEn: "Serial numbers, QR codes and dates on metal, plastic and packaging.",
    image: "/images/banners/laser-marking.svg",
    imageAltTh: "หัวเลเซอร์กำลังยิง QR code ลงบนชิ้นงานโลหะ",
    imageAltEn: "A laser head marking a QR code on a metal part",
    linkHref: "/article/dpTechLaser",
    linkLabelTh: "ดูเครื่องเลเซอร์",
    linkLabelEn: "See the lasers",
    sortOrder: 2,
  },
  {
    slug: "amr-warehouse",
    titleTh: "หุ่นยนต์ AMR ขนของในคลังสินค้าแทนคน",
    titleEn: "AMR robots that move goods through your warehouse",
    subtitleTh: "นำทางอัตโนมัติ ทำงานร่วมกับระบบคลังสินค้า เริ่มจากโครงการนำร่องได้",
    subtitleEn: "Self-navigating, connected to your warehouse system, ready for a pilot project.",
    image: "/images/banners/amr-warehouse.svg",
    imageAltTh: "หุ่นยนต์ AMR ยกชั้นวางสินค้าวิ่งในคลังสินค้า",
    imageAltEn: "An AMR robot carrying a shelf through a warehouse",
    linkHref: "/article/amr",
    linkLabelTh: "รู้จัก AMR",
    linkLabelEn: "About AMR",
    sortOrder: 3,
  },
  {
    slug: "shophub-pos",
    titleTh: "shophub ระบบ POS สำหรับร้านค้าขนาดเล็ก",
    titleEn: "shophub, the POS for small shops",
    subtitleTh: "ขายง่าย ตัดสต็อกอัตโนมัติ รู้กำไรทุกวัน เริ่มต้นใช้ฟรี",
    subtitleEn: "Easy selling, automatic stock, daily profit. Start for free.",
    image: "/images/banners/shophub-pos.svg",
    imageAltTh: "เคาน์เตอร์ร้านค้ากับแท็บเล็ต POS เครื่องพิมพ์ใบเสร็จ และเครื่องสแกนบาร์โค้ด",
    imageAltEn: "A shop counter with a tablet POS, a receipt printer and a barcode scanner",
    linkHref: "/shophub",
    linkLabelTh: "เริ่มใช้ shophub",
    linkLabelEn: "Try shophub",
    sortOrder: 4,
  },
];
