import type { MessageKey } from "~/lib/i18n";
import type { AgeingBucket } from "~/modules/customers";

/** The ageing buckets' headings (decision 0083). */
export const BUCKET_TEXT = {
  current: "shops.customers.receivables.bucket.current",
  d1to30: "shops.customers.receivables.bucket.d1to30",
  d31to60: "shops.customers.receivables.bucket.d31to60",
  d61to90: "shops.customers.receivables.bucket.d61to90",
  over90: "shops.customers.receivables.bucket.over90",
} as const satisfies Record<AgeingBucket, MessageKey>;
