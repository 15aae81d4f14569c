import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { createPlaceholderMember } from "~/modules/accounts/index.server";
import type { FileStorage } from "~/modules/media/index.server";
import sharp from "sharp";
import type { ListingFormData } from "./listing-form";
import { processListingPhoto } from "./listing-photos.server";
import { saveListing } from "./listings.server";

/** The member the demo listings belong to; it has no password, so nobody can sign in as it. */
export const DEMO_LISTINGS_OWNER = {
  id: "demo-listings",
  name: "ดีพี เทค (ประกาศตัวอย่าง)",
  email: "listings-demo@dptech.co.th",
};

type Scene = "house" | "condo" | "land" | "car" | "motorcycle" | "machine";

const DEMO_LISTINGS: (Omit<ListingFormData, "status"> & { scenes: [Scene, string][] })[] = [
  {
    title: "ขายบ้านเดี่ยว 2 ชั้น หมู่บ้านร่มไม้ บางนา-ตราด กม.15",
    description:
      "บ้านเดี่ยวสองชั้น 3 ห้องนอน 3 ห้องน้ำ พื้นที่ 62 ตารางวา พื้นที่ใช้สอย 180 ตารางเมตร\n" +
      "ต่อเติมครัวไทยและโรงจอดรถแล้ว ติดแอร์ 4 เครื่อง หมู่บ้านมีรปภ. 24 ชั่วโมง สระว่ายน้ำและสวนส่วนกลาง\n" +
      "ใกล้เมกาบางนา โรงเรียนนานาชาติ และทางด่วนบูรพาวิถี เจ้าของขายเอง ฟรีค่าโอน",
    category: "house",
    price: 459_000_000,
    province: "11",
    contactPhone: "+6621147788",
    scenes: [
      ["house", "#c0392b"],
      ["house", "#2e6da4"],
    ],
  },
  {
    title: "ขายคอนโดใกล้ BTS อ่อนนุช 1 ห้องนอน ชั้น 18 วิวเมือง",
    description:
      "คอนโด 1 ห้องนอน 1 ห้องน้ำ ขนาด 30 ตร.ม. ชั้น 18 ทิศเหนือ ลมดี ไม่ร้อน\n" +
      "เฟอร์นิเจอร์และเครื่องใช้ไฟฟ้าครบ พร้อมเข้าอยู่ เดินไปสถานีรถไฟฟ้าอ่อนนุชประมาณ 5 นาที\n" +
      "มีสระว่ายน้ำลอยฟ้า ฟิตเนส และที่จอดรถ เหมาะอยู่เองหรือปล่อยเช่า",
    category: "condo",
    price: 235_000_000,
    province: "10",
    contactPhone: "+6621147788",
    scenes: [
      ["condo", "#5b7fa6"],
      ["condo", "#7a6aa6"],
    ],
  },
  {
    title: "ขายที่ดินสวนผลไม้ 5 ไร่ ติดถนนลาดยาง อำเภอท่าใหม่",
    description:
      "ที่ดินโฉนด 5 ไร่ 2 งาน ปลูกทุเรียนหมอนทองและมังคุดให้ผลแล้ว มีบ่อน้ำและระบบน้ำหยด\n" +
      "ติดถนนลาดยาง ไฟฟ้าเข้าถึง ห่างตัวเมืองจันทบุรี 20 นาที เหมาะทำบ้านสวนหรือทำสวนต่อ",
    category: "land",
    price: 380_000_000,
    province: "22",
    contactPhone: "+6621147788",
    scenes: [
      ["land", "#7cb342"],
      ["land", "#9ccc65"],
    ],
  },
  {
    title: "ขายรถกระบะโตโยต้า ไฮลักซ์ รีโว่ ปี 2020 รถบ้านมือเดียว",
    description:
      "โตโยต้า ไฮลักซ์ รีโว่ สมาร์ทแค็บ 2.4 เกียร์ธรรมดา ปี 2020 เลขไมล์ 68,000 กิโลเมตร\n" +
      "เข้าศูนย์ตลอด ไม่เคยชน ไม่เคยจมน้ำ ยางใหม่สี่เส้น ภาษีและประกันชั้น 1 ถึงสิ้นปี\n" +
      "ดูรถได้ที่อำเภอเมืองเชียงใหม่ นัดล่วงหน้า",
    category: "car",
    price: 58_900_000,
    province: "50",
    contactPhone: "+6621147788",
    scenes: [
      ["car", "#eceff1"],
      ["car", "#b0bec5"],
    ],
  },
  {
    title: "ขายฮอนด้า PCX 160 ปี 2023 วิ่งน้อย 4,800 กม.",
    description:
      "ฮอนด้า PCX 160 ABS สีดำ ปี 2023 วิ่ง 4,800 กิโลเมตร รถมือเดียว เล่มทะเบียนครบ\n" +
      "เปลี่ยนน้ำมันเครื่องตามระยะ ใช้ขับในเมืองเท่านั้น มีกุญแจสำรองและสมุดรับประกัน",
    category: "motorcycle",
    price: 7_990_000,
    province: "10",
    contactPhone: "+6621147788",
    scenes: [
      ["motorcycle", "#263238"],
      ["motorcycle", "#37474f"],
    ],
  },
  {
    title: "ขายเครื่องกลึงซีเอ็นซีมือสอง พร้อมชุดหัวจับและคู่มือ",
    description:
      "เครื่องกลึงซีเอ็นซี ขนาดจับงาน 8 นิ้ว ระยะกลึง 500 มม. ปีผลิต 2018 ระบบไฟสามเฟส\n" +
      "ใช้งานน้อย ซ่อมบำรุงตามรอบ ขายพร้อมชุดหัวจับ ป้อมมีด และคู่มือภาษาไทย\n" +
      "ทดลองเครื่องได้ที่โรงงานในนิคมอุตสาหกรรมอมตะซิตี้ ชลบุรี ออกใบกำกับภาษีได้",
    category: "machine",
    price: 125_000_000,
    province: "20",
    contactPhone: "+6621147788",
    scenes: [
      ["machine", "#1565c0"],
      ["machine", "#ef6c00"],
    ],
  },
];

/** A simple drawing for each kind of asset (1600 x 1200), so the demo needs no downloads. */
function sceneSvg(scene: Scene, colour: string): string {
  const sky = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#74a9d8"/><stop offset="1" stop-color="#e3f0fb"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#sky)"/><circle cx="1350" cy="220" r="110" fill="#fff3b0"/>`;
  const ground = (fill: string) => `<rect y="820" width="1600" height="380" fill="${fill}"/>`;
  const tree = (x: number) =>
    `<rect x="${x - 18}" y="620" width="36" height="220" fill="#6d4c41"/><circle cx="${x}" cy="580" r="120" fill="#388e3c"/>`;
  const parts: Record<Scene, string> = {
    house: `${ground("#7cb342")}<polygon points="420,520 800,260 1180,520" fill="${colour}"/><rect x="470" y="520" width="660" height="330" fill="#f5ecd7"/><rect x="740" y="660" width="120" height="190" fill="#795548"/><rect x="530" y="580" width="140" height="110" fill="#90caf9"/><rect x="930" y="580" width="140" height="110" fill="#90caf9"/>${tree(250)}${tree(1380)}`,
    condo: `${ground("#9e9e9e")}<rect x="300" y="180" width="420" height="660" fill="${colour}"/><rect x="820" y="300" width="360" height="540" fill="#90a4ae"/>${Array.from(
      { length: 24 },
      (_, i) =>
        `<rect x="${330 + (i % 4) * 100}" y="${210 + Math.floor(i / 4) * 100}" width="60" height="60" fill="#e3f2fd"/>`,
    ).join(
      "",
    )}<rect y="760" width="1600" height="40" fill="#546e7a"/><rect x="1200" y="720" width="300" height="60" rx="20" fill="#43a047"/>`,
    land: `<polygon points="0,820 300,520 600,820" fill="#607d8b"/><polygon points="400,820 800,470 1200,820" fill="#78909c"/>${ground(colour)}${Array.from(
      { length: 16 },
      (_, i) => `<rect x="${60 + i * 100}" y="860" width="14" height="120" fill="#8d6e63"/>`,
    ).join("")}<rect y="900" width="1600" height="10" fill="#8d6e63"/>${tree(1250)}${tree(1450)}`,
    car: `${ground("#616161")}<rect y="880" width="1600" height="16" fill="#fafafa"/><rect x="380" y="560" width="900" height="200" rx="40" fill="${colour}"/><path d="M520 560 L620 420 L900 420 L960 560 Z" fill="${colour}"/><path d="M560 560 L640 450 L880 450 L920 560 Z" fill="#90caf9"/><circle cx="560" cy="780" r="95" fill="#212121"/><circle cx="560" cy="780" r="45" fill="#9e9e9e"/><circle cx="1110" cy="780" r="95" fill="#212121"/><circle cx="1110" cy="780" r="45" fill="#9e9e9e"/>`,
    motorcycle: `${ground("#757575")}<circle cx="520" cy="760" r="120" fill="#212121"/><circle cx="520" cy="760" r="55" fill="#bdbdbd"/><circle cx="1100" cy="760" r="120" fill="#212121"/><circle cx="1100" cy="760" r="55" fill="#bdbdbd"/><path d="M560 700 Q700 520 900 560 L1060 560 Q1120 600 1100 700 Z" fill="${colour}"/><rect x="700" y="500" width="260" height="50" rx="20" fill="#424242"/><path d="M1040 560 L1120 360 L1180 360" stroke="#424242" stroke-width="28" fill="none"/>`,
    machine: `<rect width="1600" height="1200" fill="#cfd8dc"/><rect y="880" width="1600" height="320" fill="#90a4ae"/><rect x="260" y="560" width="1080" height="320" fill="${colour}"/><rect x="300" y="380" width="260" height="220" fill="${colour}"/><rect x="1080" y="380" width="240" height="200" fill="#37474f"/><rect x="1110" y="410" width="180" height="110" fill="#4dd0e1"/><rect x="560" y="470" width="520" height="40" fill="#78909c"/><circle cx="560" cy="490" r="80" fill="#455a64"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">${scene === "machine" ? "" : sky}${parts[scene]}</svg>`;
}

const SEED_LOCK_KEY = 4_711_005;

/**
 * Puts a handful of Thai demo listings, with drawn photos, on a fresh site (once: when their
 * owner does not exist yet), so `npm start` shows a listing board that is not empty.
 */
export async function seedDemoListings(db: Database, storage: FileStorage): Promise<void> {
  const created = await db.transaction(async (tx) => {
    // Several instances starting together: only the one that creates the owner seeds.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return createPlaceholderMember(tx, DEMO_LISTINGS_OWNER);
  });
  if (!created) return;
  // Oldest first, so the first one in the list is the newest on the site.
  for (const demo of [...DEMO_LISTINGS].reverse()) {
    const uploads = [];
    for (const [scene, colour] of demo.scenes) {
      const jpeg = await sharp(Buffer.from(sceneSvg(scene, colour)))
        .jpeg({ quality: 88 })
        .toBuffer();
      uploads.push(await processListingPhoto(new Uint8Array(jpeg)));
    }
    const { scenes, ...fields } = demo;
    await saveListing(db, storage, {
      ownerId: DEMO_LISTINGS_OWNER.id,
      existingId: null,
      data: { ...fields, status: "published" },
      uploads,
      plan: {
        order: scenes.map((_, index) => ({ kind: "new" as const, index })),
        cover: { kind: "new", index: 0 },
        removed: [],
      },
    });
  }
}
