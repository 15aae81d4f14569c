import type { Route } from "./+types/etax-places";
import { chosenShop } from "~/routes/_gates/shophub.server";
import { placeOptions } from "./etax-places.server";

// The sub-districts of a postcode for the e-Tax address's select (decision 0090), asked as the
// owner types. Behind the same gate as the page; the list itself is public data.
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner"])];

export async function loader({ url }: Route.LoaderArgs) {
  return { places: await placeOptions(url.searchParams.get("postcode") ?? "") };
}
