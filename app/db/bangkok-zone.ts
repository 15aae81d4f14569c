import { sql } from "drizzle-orm";
import { BANGKOK_TIME_ZONE } from "~/lib/dates";

/**
 * Bangkok's zone for SQL (`created_at AT TIME ZONE ${BANGKOK_ZONE}`), from the one Bangkok-time
 * module. A literal, not a parameter: GROUP BY then sees the same expression as the select.
 */
export const BANGKOK_ZONE = sql.raw(`'${BANGKOK_TIME_ZONE.replace(/'/g, "''")}'`);
