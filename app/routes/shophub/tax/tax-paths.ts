import type { TaxReportKind } from "~/modules/reports";

/** Owners and managers read the tax reports; cashiers and stock keepers do not (issue 35). */
export const TAX_ROLES = ["owner", "manager"] as const;

/** The page of each report: /shophub/tax (ภ.พ.30), /shophub/tax/sales, /shophub/tax/purchases. */
export const TAX_PATH: Record<TaxReportKind, string> = {
  vat: "/shophub/tax",
  sales: "/shophub/tax/sales",
  purchases: "/shophub/tax/purchases",
};

/** Which report a page's address is. */
export function reportOfPath(pathname: string): TaxReportKind {
  if (pathname.startsWith(TAX_PATH.sales)) return "sales";
  if (pathname.startsWith(TAX_PATH.purchases)) return "purchases";
  return "vat";
}
