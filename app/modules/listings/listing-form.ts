import { z } from "zod";
import { toE164 } from "~/lib/phone";
import { LISTING_CATEGORIES, LISTING_STATUSES } from "./categories";
import { DESCRIPTION_MAX, TITLE_MAX } from "./limits";
import { parseBahtToSatang } from "~/lib/money";
import { isProvinceCode } from "./provinces";

/** The text fields of the post/edit form (photos are read separately, see listing-upload.server.ts). */
export const listingFormSchema = z.object({
  title: z.string().trim().min(3, "listings.error.title").max(TITLE_MAX, "listings.error.title"),
  description: z
    .string()
    .trim()
    .min(10, "listings.error.description")
    .max(DESCRIPTION_MAX, "listings.error.description"),
  category: z.enum(LISTING_CATEGORIES, { error: "listings.error.category" }),
  price: z
    .string()
    .refine((value) => (parseBahtToSatang(value) ?? 0) > 0, "listings.error.price")
    .transform((value) => parseBahtToSatang(value) ?? 0),
  province: z.string().refine(isProvinceCode, "listings.error.province"),
  contactPhone: z
    .string()
    .trim()
    .refine((value) => toE164(value) !== null, "listings.error.phone")
    .transform((value) => toE164(value) ?? ""),
  status: z.enum(LISTING_STATUSES, { error: "listings.error.status" }),
});

export type ListingFormData = z.output<typeof listingFormSchema>;
