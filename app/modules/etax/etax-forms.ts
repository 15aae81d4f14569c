import { z } from "zod";

/*
 * The e-Tax forms (decision 0074): the shop's settings and the sending of one document. Each
 * rule names the message key shown next to its field.
 */

/** The Department's time-stamp service address (vat.co.th, twentyfouraa.com; decision 0074). */
export const ETAX_TIMESTAMP_DEFAULT = "csemail@etax.teda.th";

// A mailbox as people type it: no spaces, one @, a dot in the domain. The mail server has the
// last word; this catches the slips a person can fix at once.
const EMAIL_PATTERN = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]{2,}$/;
const EMAIL_MAX = 254;
/** A house number as the Department writes it: "11/111", "99 หมู่ 4" fits well within. */
export const BUILDING_NUMBER_MAX = 40;

const email = (required: string, invalid: string) =>
  z
    .string()
    .trim()
    .max(EMAIL_MAX, invalid)
    .refine((value) => value !== "", required)
    .refine((value) => value === "" || EMAIL_PATTERN.test(value), invalid);

export const etaxSettingsFormSchema = z
  .object({
    enabled: z
      .string()
      .optional()
      .transform((value) => value === "on" || value === "true"),
    registration: z.string().trim().max(100, "shops.etax.error.registrationTooLong"),
    senderEmail: z
      .string()
      .trim()
      .max(EMAIL_MAX, "shops.etax.error.emailInvalid")
      .refine(
        (value) => value === "" || EMAIL_PATTERN.test(value),
        "shops.etax.error.emailInvalid",
      ),
    timestampEmail: email("shops.etax.error.timestampRequired", "shops.etax.error.emailInvalid"),
    // The seller's address as ETDA's schematron asks for it (decision 0090). Whether the
    // sub-district belongs to the postcode is checked against the list on the server.
    buildingNumber: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim())
      .pipe(z.string().max(BUILDING_NUMBER_MAX, "shops.etax.error.buildingNumberTooLong")),
    postcode: z
      .string()
      .optional()
      .transform((value) => (value ?? "").replace(/\s/g, ""))
      .pipe(
        z
          .string()
          .refine((value) => value === "" || /^\d{5}$/.test(value), "shops.etax.error.postcode"),
      ),
    subDistrict: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim())
      .pipe(
        z
          .string()
          .refine((value) => value === "" || /^\d{6}$/.test(value), "shops.etax.error.subDistrict"),
      ),
  })
  .superRefine((value, ctx) => {
    // An address begun is finished, switched on or not: half of one would send half.
    const address = [value.buildingNumber, value.postcode, value.subDistrict];
    if (value.enabled || address.some((part) => part !== "")) {
      const required = [
        ["buildingNumber", "shops.etax.error.buildingNumberRequired"],
        ["postcode", "shops.etax.error.postcodeRequired"],
        ["subDistrict", "shops.etax.error.subDistrictRequired"],
      ] as const;
      for (const [field, message] of required) {
        if (value[field] === "") ctx.addIssue({ code: "custom", path: [field], message });
      }
    }
    // Switched on, the Department must know who sends: its registration and its mailbox.
    if (!value.enabled) return;
    if (value.registration === "") {
      ctx.addIssue({
        code: "custom",
        path: ["registration"],
        message: "shops.etax.error.registrationRequired",
      });
    }
    if (value.senderEmail === "") {
      ctx.addIssue({
        code: "custom",
        path: ["senderEmail"],
        message: "shops.etax.error.senderRequired",
      });
    }
  });

export type EtaxSettingsForm = z.output<typeof etaxSettingsFormSchema>;

/** "full" or "credit-<id>": which of the sale's documents is sent. */
export const ETAX_DOC_PATTERN = /^(full|credit-[1-9]\d{0,15})$/;

export const etaxSendFormSchema = z.object({
  doc: z.string().trim().regex(ETAX_DOC_PATTERN, "shops.etax.error.document"),
  buyerEmail: email("shops.etax.error.buyerEmailRequired", "shops.etax.error.emailInvalid"),
});

export type EtaxSendForm = z.output<typeof etaxSendFormSchema>;
