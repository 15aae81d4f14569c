// Realistic Thai listings for the search benchmark, built from lists of real Thai words and
// phrases (no lorem ipsum): what people write when they sell a house, a condo, land, a car, a
// motorcycle or a machine. Deterministic for a given seed, so every run searches the same data.

/** A small, fast, seedable PRNG (mulberry32). */
export function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DISTRICTS = [
  "บางนา",
  "ลาดพร้าว",
  "บางกะปิ",
  "สุขุมวิท",
  "รามอินทรา",
  "บางแค",
  "ดอนเมือง",
  "มีนบุรี",
  "ประเวศ",
  "บางพลี",
  "ปากเกร็ด",
  "บางบัวทอง",
  "รังสิต",
  "ศรีราชา",
  "บางละมุง",
  "หางดง",
  "สันทราย",
  "หาดใหญ่",
  "กะทู้",
  "ถลาง",
  "เมืองขอนแก่น",
  "เมืองอุดรธานี",
  "ปากช่อง",
  "หัวหิน",
];
const STATIONS = [
  "อ่อนนุช",
  "อุดมสุข",
  "แบริ่ง",
  "หมอชิต",
  "อารีย์",
  "พระราม 9",
  "ห้วยขวาง",
  "บางซื่อ",
  "ตลิ่งชัน",
  "แคราย",
  "บางใหญ่",
  "ลาดกระบัง",
  "สำโรง",
  "วงเวียนใหญ่",
  "ท่าพระ",
];
const VILLAGES = [
  "หมู่บ้านพฤกษา",
  "หมู่บ้านศุภาลัย",
  "หมู่บ้านชัยพฤกษ์",
  "หมู่บ้านเพอร์เฟคเพลส",
  "หมู่บ้านเดอะซิตี้",
  "หมู่บ้านมัณฑนา",
  "หมู่บ้านนันทวัน",
  "หมู่บ้านลดาวัลย์",
];
const CONDO_PROJECTS = [
  "ไลฟ์ สุขุมวิท",
  "ไอดีโอ โมบิ",
  "เดอะ เบส",
  "ลุมพินี วิลล์",
  "ศุภาลัย ลอฟท์",
  "ริทึ่ม",
  "ยู ดีไลท์",
  "แชปเตอร์ วัน",
  "เอลลิโอ",
  "นิช โมโน",
];
const CAR_MODELS = [
  "โตโยต้า ไฮลักซ์ รีโว่",
  "โตโยต้า ยาริส",
  "โตโยต้า ฟอร์จูนเนอร์",
  "ฮอนด้า ซีวิค",
  "ฮอนด้า ซิตี้",
  "ฮอนด้า แจ๊ส",
  "อีซูซุ ดีแมคซ์",
  "มาสด้า 2",
  "มาสด้า ซีเอ็กซ์-5",
  "นิสสัน อัลเมร่า",
  "มิตซูบิชิ ไทรทัน",
  "ฟอร์ด เรนเจอร์",
  "Toyota Camry",
  "Honda HR-V",
];
const BIKE_MODELS = [
  "ฮอนด้า เวฟ 110i",
  "ฮอนด้า พีซีเอ็กซ์ 160",
  "ฮอนด้า คลิก 125i",
  "ยามาฮ่า เอ็นแม็กซ์",
  "ยามาฮ่า ฟีโน่",
  "ยามาฮ่า เอ็กซ์แม็กซ์",
  "คาวาซากิ นินจา 400",
  "เวสป้า สปรินท์",
  "Honda ADV 160",
  "Yamaha Grand Filano",
];
const MACHINES = [
  "เครื่องกลึงซีเอ็นซี",
  "เครื่องมิลลิ่ง",
  "เครื่องปั่นไฟดีเซล",
  "รถโฟล์คลิฟท์ไฟฟ้า",
  "เครื่องอัดลม",
  "เครื่องเชื่อมไฟฟ้า",
  "เครื่องตัดเลเซอร์ไฟเบอร์",
  "เครื่องบรรจุถุง",
  "ตู้แช่เย็นสองประตู",
  "เครื่องพิมพ์ฉลาก",
  "สายพานลำเลียง",
  "เครื่องฉีดพลาสติก",
];
const OTHER_ITEMS = [
  "โต๊ะทำงานไม้สัก",
  "ตู้เสื้อผ้าบานเลื่อน",
  "จักรยานเสือภูเขา",
  "กล้องถ่ายรูปมิเรอร์เลส",
  "เครื่องดนตรีกีตาร์โปร่ง",
  "ชุดโซฟาหนังแท้",
  "พระเครื่องพร้อมกรอบทอง",
  "เตียงนอนห้าฟุต",
];
// Rare on purpose: the benchmark's "rare word" lives in a handful of listings.
export const RARE_PLACES = ["แม่สะเรียง", "ขนอม", "ปากน้ำปราณ", "บ้านไร่", "เชียงคาน"];

const HOUSE_PHRASES = [
  "บ้านสภาพดีพร้อมอยู่",
  "ตกแต่งใหม่ทั้งหลัง",
  "ใกล้ห้างสรรพสินค้าและตลาดสด",
  "ใกล้โรงเรียนนานาชาติ",
  "เดินทางสะดวกใกล้ทางด่วน",
  "มีสวนหน้าบ้านร่มรื่น",
  "จอดรถได้สองคัน",
  "ฟรีค่าโอน",
  "เจ้าของขายเอง",
  "ราคาต่อรองได้",
  "หมู่บ้านมีรปภ.ตลอดยี่สิบสี่ชั่วโมง",
  "มีสระว่ายน้ำส่วนกลางและฟิตเนส",
  "น้ำไม่ท่วม",
  "ต่อเติมครัวไทยแล้ว",
  "ติดแอร์ทุกห้อง",
  "ห้องนอนใหญ่มีห้องน้ำในตัว",
  "หลังมุมพื้นที่เยอะ",
  "ทิศเหนือลมดีไม่ร้อน",
];
const CONDO_PHRASES = [
  "ห้องมุมวิวเมือง",
  "เฟอร์นิเจอร์ครบพร้อมเข้าอยู่",
  "เครื่องใช้ไฟฟ้าครบชุด",
  "ชั้นสูงวิวสวย",
  "มีสระว่ายน้ำลอยฟ้า",
  "ฟิตเนสและห้องสมุด",
  "เดินไปรถไฟฟ้าไม่ถึงห้านาที",
  "ผู้เช่าเดิมอยู่ถึงสิ้นปี",
  "เหมาะลงทุนปล่อยเช่า",
  "ห้องไม่เคยปล่อยเช่า",
  "ค่าส่วนกลางถูก",
  "ใกล้มหาวิทยาลัยและโรงพยาบาล",
];
const LAND_PHRASES = [
  "ถมแล้วพร้อมปลูกสร้าง",
  "ติดถนนลาดยางสองเลน",
  "น้ำไฟเข้าถึง",
  "โฉนดพร้อมโอน",
  "เหมาะทำบ้านสวน",
  "เหมาะทำโกดังหรือโรงงาน",
  "ติดลำธารมีน้ำตลอดปี",
  "ผังเมืองสีเหลือง",
  "หน้ากว้างติดถนน",
  "บรรยากาศดีอากาศเย็นสบาย",
  "ใกล้แหล่งชุมชน",
  "ปลูกทุเรียนและมังคุดแล้ว",
];
const CAR_PHRASES = [
  "รถบ้านมือเดียว",
  "เข้าศูนย์ตลอด",
  "ไมล์น้อย",
  "ไม่เคยชนไม่เคยจมน้ำ",
  "ยางใหม่สี่เส้น",
  "เกียร์ออโต้",
  "เครื่องดีเซลประหยัดน้ำมัน",
  "ภาษีไม่ขาด",
  "มีสมุดคู่มือและกุญแจสำรอง",
  "ติดแก๊สแอลพีจี",
  "ผ่อนต่อได้",
  "สีเดิมทั้งคัน",
  "ช่วงล่างแน่น",
];
const BIKE_PHRASES = [
  "รถมือเดียวใช้งานน้อย",
  "เล่มทะเบียนครบ",
  "ภาษีไม่ขาด",
  "ยางใหม่",
  "เปลี่ยนน้ำมันเครื่องตามระยะ",
  "สตาร์ทติดง่าย",
  "ไม่เคยล้ม",
  "ของแต่งเต็ม",
  "ขับในเมืองเท่านั้น",
];
const MACHINE_PHRASES = [
  "ใช้งานน้อยมาก",
  "มีคู่มือและใบรับประกัน",
  "ยกเลิกไลน์การผลิต",
  "ทดลองเครื่องได้ที่โรงงาน",
  "ระบบไฟสามเฟส",
  "อะไหล่หาง่าย",
  "ซ่อมบำรุงตามรอบ",
  "พร้อมใช้งานทันที",
  "ขายพร้อมชุดเครื่องมือ",
  "ช่วยขนส่งฟรีในเขตปริมณฑล",
  "ออกใบกำกับภาษีได้",
];
const OTHER_PHRASES = [
  "สภาพดีมาก",
  "ใช้งานน้อย",
  "ของแท้",
  "นัดรับได้",
  "ส่งต่อราคาถูก",
  "มีกล่องครบ",
  "ย้ายบ้านจึงขาย",
];

export interface GeneratedListing {
  title: string;
  description: string;
  category: "house" | "condo" | "land" | "car" | "motorcycle" | "machine" | "other";
  priceSatang: number;
  province: string;
}

const PROVINCE_CODES = [
  "10",
  "10",
  "10",
  "10",
  "11",
  "12",
  "13",
  "20",
  "20",
  "21",
  "50",
  "50",
  "83",
  "90",
  "40",
  "41",
  "30",
  "77",
  "24",
  "73",
  "14",
  "22",
  "57",
  "84",
];

/**
 * Listing number `index` of a run. Categories and words are drawn with realistic weights (many
 * houses and condos, few machines); `rareEvery` listings mention one of RARE_PLACES.
 */
export function generateListing(
  random: () => number,
  index: number,
  rareEvery = 2_000,
): GeneratedListing {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const some = (items: readonly string[], min: number, max: number) => {
    const count = min + Math.floor(random() * (max - min + 1));
    const chosen = new Set<string>();
    while (chosen.size < count) chosen.add(pick(items));
    return [...chosen];
  };
  const n = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const place = index % rareEvery === 7 ? pick(RARE_PLACES) : pick(DISTRICTS);
  const roll = random();
  let listing: GeneratedListing;
  if (roll < 0.3) {
    const floors = n(1, 3);
    listing = {
      category: "house",
      title: `ขายบ้านเดี่ยว ${floors} ชั้น ${pick(VILLAGES)} ${place}`,
      description: `บ้านเดี่ยว${floors === 1 ? "ชั้นเดียว" : `${floors} ชั้น`} ${n(2, 5)} ห้องนอน ${n(1, 4)} ห้องน้ำ พื้นที่ ${n(35, 120)} ตารางวา ย่าน${place} ${some(HOUSE_PHRASES, 4, 8).join(" ")}`,
      priceSatang: n(18, 120) * 10_000_000,
      province: pick(PROVINCE_CODES),
    };
  } else if (roll < 0.52) {
    listing = {
      category: "condo",
      title: `ขายคอนโด ${pick(CONDO_PROJECTS)} ใกล้รถไฟฟ้าสถานี${pick(STATIONS)}`,
      description: `คอนโด ${n(1, 3)} ห้องนอน ชั้น ${n(3, 40)} ขนาด ${n(24, 95)} ตร.ม. ย่าน${place} ${some(CONDO_PHRASES, 3, 7).join(" ")}`,
      priceSatang: n(12, 90) * 10_000_000,
      province: pick(PROVINCE_CODES),
    };
  } else if (roll < 0.67) {
    listing = {
      category: "land",
      title: `ขายที่ดิน ${n(1, 40)} ไร่ ${place}`,
      description: `ที่ดินเปล่าเนื้อที่ ${n(1, 40)} ไร่ ${n(0, 3)} งาน ${n(0, 99)} ตารางวา ตำบล${place} ${some(LAND_PHRASES, 3, 7).join(" ")}`,
      priceSatang: n(5, 300) * 10_000_000,
      province: pick(PROVINCE_CODES),
    };
  } else if (roll < 0.83) {
    const year = n(2012, 2024);
    listing = {
      category: "car",
      title: `ขายรถ ${pick(CAR_MODELS)} ปี ${year}`,
      description: `รถยนต์ปี ${year} เลขไมล์ ${n(20, 180)},000 กิโลเมตร จอดดูรถได้ที่${place} ${some(CAR_PHRASES, 3, 7).join(" ")}`,
      priceSatang: n(25, 120) * 1_000_000,
      province: pick(PROVINCE_CODES),
    };
  } else if (roll < 0.92) {
    const year = n(2015, 2024);
    listing = {
      category: "motorcycle",
      title: `ขายมอเตอร์ไซค์ ${pick(BIKE_MODELS)} ปี ${year}`,
      description: `รถจักรยานยนต์ปี ${year} วิ่ง ${n(3, 60)},000 กิโลเมตร อยู่${place} ${some(BIKE_PHRASES, 3, 6).join(" ")}`,
      priceSatang: n(15, 180) * 100_000,
      province: pick(PROVINCE_CODES),
    };
  } else if (roll < 0.97) {
    const machine = pick(MACHINES);
    listing = {
      category: "machine",
      title: `ขาย${machine}มือสอง`,
      description: `${machine}สภาพดี ปีผลิต ${n(2010, 2023)} ตั้งอยู่ที่${place} ${some(MACHINE_PHRASES, 3, 7).join(" ")}`,
      priceSatang: n(3, 250) * 1_000_000,
      province: pick(PROVINCE_CODES),
    };
  } else {
    const item = pick(OTHER_ITEMS);
    listing = {
      category: "other",
      title: `ขาย${item}`,
      description: `${item} ${some(OTHER_PHRASES, 2, 5).join(" ")} นัดรับที่${place}`,
      priceSatang: n(5, 500) * 10_000,
      province: pick(PROVINCE_CODES),
    };
  }
  return listing;
}
