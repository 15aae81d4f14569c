import { sql, type SQL } from "drizzle-orm";
import type { Lang } from "~/lib/i18n";
import { DEFAULT_LOCATION_NAME, DEFAULT_LOCATION_NAMES } from "./location-name";
import { stockLocation } from "./schema";

/** shownLocationName in SQL, for queries that join stock_location. */
export function shownLocationNameSql(lang: Lang): SQL<string> {
  return sql<string>`CASE WHEN ${stockLocation.isDefault} AND ${stockLocation.name} = ${DEFAULT_LOCATION_NAME}
    THEN ${DEFAULT_LOCATION_NAMES[lang]} ELSE ${stockLocation.name} END`;
}
