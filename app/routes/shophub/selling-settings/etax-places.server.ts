import { placesOfPostcode } from "~/modules/etax/index.server";
import type { PlaceOption } from "./etax-address";

/** The select's options: the sub-districts a postcode serves, named with district and province. */
export async function placeOptions(postcode: string): Promise<PlaceOption[]> {
  return (await placesOfPostcode(postcode.replace(/\s/g, ""))).map((place) => ({
    code: place.code,
    label: `${place.subDistrict} · ${place.district} · ${place.province}`,
  }));
}
