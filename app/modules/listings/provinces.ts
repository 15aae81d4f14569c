import type { Lang } from "~/lib/i18n";

export interface Province {
  /** ISO 3166-2:TH subdivision code without the "TH-" prefix. */
  code: string;
  th: string;
  en: string;
}

/** Thailand's 77 provinces (76 provinces and Bangkok), by ISO 3166-2:TH code. */
export const PROVINCES: readonly Province[] = [
  { code: "10", th: "กรุงเทพมหานคร", en: "Bangkok" },
  { code: "11", th: "สมุทรปราการ", en: "Samut Prakan" },
  { code: "12", th: "นนทบุรี", en: "Nonthaburi" },
  { code: "13", th: "ปทุมธานี", en: "Pathum Thani" },
  { code: "14", th: "พระนครศรีอยุธยา", en: "Phra Nakhon Si Ayutthaya" },
  { code: "15", th: "อ่างทอง", en: "Ang Thong" },
  { code: "16", th: "ลพบุรี", en: "Lop Buri" },
  { code: "17", th: "สิงห์บุรี", en: "Sing Buri" },
  { code: "18", th: "ชัยนาท", en: "Chai Nat" },
  { code: "19", th: "สระบุรี", en: "Saraburi" },
  { code: "20", th: "ชลบุรี", en: "Chon Buri" },
  { code: "21", th: "ระยอง", en: "Rayong" },
  { code: "22", th: "จันทบุรี", en: "Chanthaburi" },
  { code: "23", th: "ตราด", en: "Trat" },
  { code: "24", th: "ฉะเชิงเทรา", en: "Chachoengsao" },
  { code: "25", th: "ปราจีนบุรี", en: "Prachin Buri" },
  { code: "26", th: "นครนายก", en: "Nakhon Nayok" },
  { code: "27", th: "สระแก้ว", en: "Sa Kaeo" },
  { code: "30", th: "นครราชสีมา", en: "Nakhon Ratchasima" },
  { code: "31", th: "บุรีรัมย์", en: "Buri Ram" },
  { code: "32", th: "สุรินทร์", en: "Surin" },
  { code: "33", th: "ศรีสะเกษ", en: "Si Sa Ket" },
  { code: "34", th: "อุบลราชธานี", en: "Ubon Ratchathani" },
  { code: "35", th: "ยโสธร", en: "Yasothon" },
  { code: "36", th: "ชัยภูมิ", en: "Chaiyaphum" },
  { code: "37", th: "อำนาจเจริญ", en: "Amnat Charoen" },
  { code: "38", th: "บึงกาฬ", en: "Bueng Kan" },
  { code: "39", th: "หนองบัวลำภู", en: "Nong Bua Lam Phu" },
  { code: "40", th: "ขอนแก่น", en: "Khon Kaen" },
  { code: "41", th: "อุดรธานี", en: "Udon Thani" },
  { code: "42", th: "เลย", en: "Loei" },
  { code: "43", th: "หนองคาย", en: "Nong Khai" },
  { code: "44", th: "มหาสารคาม", en: "Maha Sarakham" },
  { code: "45", th: "ร้อยเอ็ด", en: "Roi Et" },
  { code: "46", th: "กาฬสินธุ์", en: "Kalasin" },
  { code: "47", th: "สกลนคร", en: "Sakon Nakhon" },
  { code: "48", th: "นครพนม", en: "Nakhon Phanom" },
  { code: "49", th: "มุกดาหาร", en: "Mukdahan" },
  { code: "50", th: "เชียงใหม่", en: "Chiang Mai" },
  { code: "51", th: "ลำพูน", en: "Lamphun" },
  { code: "52", th: "ลำปาง", en: "Lampang" },
  { code: "53", th: "อุตรดิตถ์", en: "Uttaradit" },
  { code: "54", th: "แพร่", en: "Phrae" },
  { code: "55", th: "น่าน", en: "Nan" },
  { code: "56", th: "พะเยา", en: "Phayao" },
  { code: "57", th: "เชียงราย", en: "Chiang Rai" },
  { code: "58", th: "แม่ฮ่องสอน", en: "Mae Hong Son" },
  { code: "60", th: "นครสวรรค์", en: "Nakhon Sawan" },
  { code: "61", th: "อุทัยธานี", en: "Uthai Thani" },
  { code: "62", th: "กำแพงเพชร", en: "Kamphaeng Phet" },
  { code: "63", th: "ตาก", en: "Tak" },
  { code: "64", th: "สุโขทัย", en: "Sukhothai" },
  { code: "65", th: "พิษณุโลก", en: "Phitsanulok" },
  { code: "66", th: "พิจิตร", en: "Phichit" },
  { code: "67", th: "เพชรบูรณ์", en: "Phetchabun" },
  { code: "70", th: "ราชบุรี", en: "Ratchaburi" },
  { code: "71", th: "กาญจนบุรี", en: "Kanchanaburi" },
  { code: "72", th: "สุพรรณบุรี", en: "Suphan Buri" },
  { code: "73", th: "นครปฐม", en: "Nakhon Pathom" },
  { code: "74", th: "สมุทรสาคร", en: "Samut Sakhon" },
  { code: "75", th: "สมุทรสงคราม", en: "Samut Songkhram" },
  { code: "76", th: "เพชรบุรี", en: "Phetchaburi" },
  { code: "77", th: "ประจวบคีรีขันธ์", en: "Prachuap Khiri Khan" },
  { code: "80", th: "นครศรีธรรมราช", en: "Nakhon Si Thammarat" },
  { code: "81", th: "กระบี่", en: "Krabi" },
  { code: "82", th: "พังงา", en: "Phang Nga" },
  { code: "83", th: "ภูเก็ต", en: "Phuket" },
  { code: "84", th: "สุราษฎร์ธานี", en: "Surat Thani" },
  { code: "85", th: "ระนอง", en: "Ranong" },
  { code: "86", th: "ชุมพร", en: "Chumphon" },
  { code: "90", th: "สงขลา", en: "Songkhla" },
  { code: "91", th: "สตูล", en: "Satun" },
  { code: "92", th: "ตรัง", en: "Trang" },
  { code: "93", th: "พัทลุง", en: "Phatthalung" },
  { code: "94", th: "ปัตตานี", en: "Pattani" },
  { code: "95", th: "ยะลา", en: "Yala" },
  { code: "96", th: "นราธิวาส", en: "Narathiwat" },
];

const byCode = new Map(PROVINCES.map((p) => [p.code, p]));

export function isProvinceCode(code: unknown): code is string {
  return typeof code === "string" && byCode.has(code);
}

/** The province's name in `lang`, or "" for an unknown code. */
export function provinceName(code: string, lang: Lang): string {
  return byCode.get(code)?.[lang] ?? "";
}

/**
 * The provinces in the order a reader of `lang` looks for them: Bangkok first, then the
 * others alphabetically (Thai collation in Thai).
 */
export function provincesForSelect(lang: Lang): { code: string; name: string }[] {
  const collator = new Intl.Collator(lang === "th" ? "th" : "en");
  const [bangkok, ...rest] = PROVINCES;
  const sorted = [...rest].sort((a, b) => collator.compare(a[lang], b[lang]));
  return [bangkok, ...sorted]
    .filter((p): p is Province => p !== undefined)
    .map((p) => ({ code: p.code, name: p[lang] }));
}
