import { Form, NavLink } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { GUIDE_ROLES } from "~/modules/guide";
import { SHOP_FORM_FIELD, type ShopRole } from "~/modules/shops";

/**
 * shophub's tools, in the order a shop's day goes, with who may open each (issue 13's roles).
 * The shop's own settings are not here: they have their tabs (members, details, selling).
 */
const TOOLS: { path: `/${string}`; text: MessageKey; roles: readonly ShopRole[] }[] = [
  {
    path: "/shophub/dashboard",
    text: "shops.nav.dashboard",
    roles: ["owner", "manager", "cashier"],
  },
  { path: "/shophub/sell", text: "shops.nav.sell", roles: ["owner", "manager", "cashier"] },
  { path: "/shophub/invoices", text: "shops.nav.invoices", roles: ["owner", "manager", "cashier"] },
  { path: "/shophub/shifts", text: "shops.nav.shifts", roles: ["owner", "manager", "cashier"] },
  {
    path: "/shophub/customers",
    text: "shops.nav.customers",
    roles: ["owner", "manager", "cashier"],
  },
  { path: "/shophub/receivables", text: "shops.nav.receivables", roles: ["owner", "manager"] },
  { path: "/shophub/stock", text: "shops.nav.stock", roles: ["owner", "manager", "cashier"] },
  { path: "/shophub/income", text: "shops.nav.income", roles: ["owner", "manager"] },
  { path: "/shophub/expenses", text: "shops.nav.expenses", roles: ["owner", "manager"] },
  { path: "/shophub/reports", text: "shops.nav.reports", roles: ["owner", "manager"] },
  { path: "/shophub/tills", text: "shops.nav.tills", roles: ["owner", "manager"] },
  { path: "/shophub/price-levels", text: "shops.nav.priceLevels", roles: ["owner", "manager"] },
  { path: "/shophub/options", text: "shops.nav.options", roles: ["owner", "manager"] },
  { path: "/shophub/tax", text: "shops.nav.tax", roles: ["owner", "manager"] },
  { path: "/shophub/zreports", text: "shops.nav.zreports", roles: ["owner", "manager"] },
  { path: "/shophub/journal", text: "shops.nav.journal", roles: ["owner"] },
];

/**
 * The shop's tools as one row of links, only those the member's role opens (the pages check
 * the role again on the server). On a phone the row wraps: a row that scrolled sideways hid
 * the last tools past the screen's edge with nothing to say they were there.
 */
export function ShophubNav({ shopId, role }: { shopId: string; role: ShopRole }) {
  const t = useT();
  const tools = TOOLS.filter((tool) => tool.roles.includes(role));
  if (tools.length === 0) return null;
  return (
    <nav aria-label={t("shops.nav.label")} className="mb-3 overflow-auto" data-testid="shophub-nav">
      <ul className="nav nav-pills flex-wrap">
        {tools.map((tool) => (
          <li key={tool.path} className="nav-item">
            <NavLink
              prefetch="intent"
              viewTransition
              to={`${tool.path}?shop=${encodeURIComponent(shopId)}`}
              end
              className="nav-link text-nowrap"
            >
              {t(tool.text)}
            </NavLink>
          </li>
        ))}
        {GUIDE_ROLES.includes(role) && (
          // Help: (re)starts the guided first sale at its first step, on its page.
          <li className="nav-item ms-auto">
            <Form method="post" action={`/shophub/guide?shop=${encodeURIComponent(shopId)}`}>
              <input type="hidden" name="intent" value="start" />
              <input type="hidden" name={SHOP_FORM_FIELD} value={shopId} />
              <button type="submit" className="nav-link text-nowrap" data-testid="guide-help">
                {t("shops.guide.help")}
              </button>
            </Form>
          </li>
        )}
      </ul>
    </nav>
  );
}
