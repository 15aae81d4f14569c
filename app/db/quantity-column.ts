import { customType } from "drizzle-orm/pg-core";
import { qtyFromSql, qtyToSql } from "../lib/quantity";

/**
 * A stock quantity column: numeric(14,3) in the database (exact decimals, up to
 * 99,999,999,999.999 units, 3 decimals for kg and m), integer thousandths in TypeScript
 * (~/lib/quantity). node-postgres hands numeric over as its exact text, which is parsed digit
 * by digit; writes send the exact decimal text. Nothing on the way is a float division.
 */
export const quantity = customType<{ data: number; driverData: string }>({
  dataType() {
    return "numeric(14, 3)";
  },
  toDriver(milli) {
    return qtyToSql(milli);
  },
  fromDriver(value) {
    return qtyFromSql(value);
  },
});
