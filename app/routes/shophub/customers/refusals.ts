import type { MessageKey } from "~/lib/i18n";
import type { CustomerRefusal } from "~/modules/customers";

/** Every refusal of the customers module as the pages show it: a status, a field and a text. */
export const CUSTOMER_REFUSALS = {
  notFound: { status: 404, field: "form", message: "shops.customers.error.notFound" },
  phoneTaken: { status: 409, field: "phone", message: "shops.customers.error.phoneTaken" },
  notAllowed: { status: 403, field: "form", message: "shops.customers.error.notAllowed" },
  owes: { status: 409, field: "form", message: "shops.customers.account.error.owes" },
} as const satisfies Record<
  CustomerRefusal,
  { status: number; field: string; message: MessageKey }
>;
