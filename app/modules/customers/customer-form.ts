import { z } from "zod";
import { toE164 } from "~/lib/phone";
import { normalizeThaiTaxId } from "~/modules/shops";

/*
 * The customer form's one rule set (issue 37, decision 0082), used by the pages and by the
 * module: a Thai phone number, a name, a LINE id or an e-mail, and optionally the tax ID,
 * branch and address a full tax invoice needs. Saving needs the customer's consent (PDPA).
 */

export const CUSTOMER_NAME_MAX = 120;
export const CUSTOMER_ADDRESS_MAX = 500;
export const CUSTOMER_LINE_MAX = 50;
export const CUSTOMER_EMAIL_MAX = 200;
/** The head office's branch code on Thai tax invoices (สำนักงานใหญ่). */
export const HEAD_OFFICE = "00000";

/**
 * A Thai phone number in E.164 (+66…), from what people type (081-234-5678, 02 123 4567,
 * +66 81 234 5678); null when it is not a valid Thai number.
 */
export function thaiPhone(input: string): string | null {
  const e164 = toE164(input);
  return e164 !== null && e164.startsWith("+66") ? e164 : null;
}

const phone = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const e164 = value === "" ? null : thaiPhone(value);
    if (e164 === null) {
      ctx.addIssue({
        code: "custom",
        message:
          value === "" ? "shops.customers.error.phoneRequired" : "shops.customers.error.phone",
      });
      return z.NEVER;
    }
    return e164;
  });

const customerFields = {
  phone,
  name: z
    .string()
    .trim()
    .min(1, "shops.customers.error.nameRequired")
    .max(CUSTOMER_NAME_MAX, "shops.customers.error.nameTooLong"),
  lineId: z
    .string()
    .trim()
    .max(CUSTOMER_LINE_MAX, "shops.customers.error.lineId")
    .regex(/^@?[A-Za-z0-9._-]*$/, "shops.customers.error.lineId"),
  email: z
    .string()
    .trim()
    .max(CUSTOMER_EMAIL_MAX, "shops.customers.error.email")
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      message: "shops.customers.error.email",
    }),
  taxId: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return "";
      const digits = normalizeThaiTaxId(value);
      if (digits === null) {
        ctx.addIssue({ code: "custom", message: "shops.customers.error.taxId" });
        return z.NEVER;
      }
      return digits;
    }),
  // Empty with a tax ID means the head office; a branch is five digits.
  branchCode: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d{5}$/.test(value), {
      message: "shops.customers.error.branch",
    }),
  address: z.string().trim().max(CUSTOMER_ADDRESS_MAX, "shops.customers.error.addressTooLong"),
};

const consent = z.string().refine((value) => value === "yes", {
  message: "shops.customers.error.consent",
});

function customerSchemaOf<S extends z.ZodType<z.output<z.ZodObject<typeof customerFields>>>>(
  shape: S,
) {
  return shape
    .superRefine((form, ctx) => {
      if (form.taxId === "" && form.branchCode !== "") {
        ctx.addIssue({
          code: "custom",
          path: ["taxId"],
          message: "shops.customers.error.branchWithoutTaxId",
        });
      }
      if (form.taxId !== "" && form.address === "") {
        ctx.addIssue({
          code: "custom",
          path: ["address"],
          message: "shops.customers.error.addressForTaxId",
        });
      }
    })
    .transform((form) => ({
      phone: form.phone,
      name: form.name,
      lineId: form.lineId,
      email: form.email,
      taxId: form.taxId,
      branchCode: form.taxId === "" ? "" : form.branchCode || HEAD_OFFICE,
      address: form.address,
    }));
}

/** Adding a customer: their details and their consent (PDPA). */
export const customerFormSchema = customerSchemaOf(z.object({ ...customerFields, consent }));
/** Editing a customer: the consent recorded when they were added stands. */
export const customerEditSchema = customerSchemaOf(z.object(customerFields));

export type CustomerForm = z.output<typeof customerFormSchema>;

/** A customer as the pages show them. */
export interface CustomerRow {
  id: string;
  phone: string;
  name: string;
  lineId: string;
  email: string;
  taxId: string;
  branchCode: string;
  address: string;
  consentAt: Date;
  createdAt: Date;
}

/** A customer in the list, with what they bought (completed sales, satang). */
export interface CustomerListRow extends CustomerRow {
  saleCount: number;
  totalSatang: number;
  lastVisit: Date | null;
}

/** What a full tax invoice needs of a customer (their tax ID, branch and address). */
export interface InvoiceBuyer {
  customerId: string;
  name: string;
  address: string;
  taxId: string;
  branchCode: string;
}

export type CustomerRefusal =
  /** No such customer in the shop. */
  | "notFound"
  /** Another customer of the shop has that phone number. */
  | "phoneTaken"
  /** The member's role may not do this (deleting is for owners and managers). */
  | "notAllowed"
  /** The customer still owes on account (decision 0083): deleted once it is paid. */
  | "owes";

export type CustomerResult<T> = { ok: true; value: T } | { ok: false; error: CustomerRefusal };
