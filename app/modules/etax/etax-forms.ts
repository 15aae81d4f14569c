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
  })
  .superRefine((value, ctx) => {
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
