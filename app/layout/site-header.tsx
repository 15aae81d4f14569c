import { useCallback, useState } from "react";
import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { OffcanvasMenu } from "~/ui/offcanvas-menu";
import { LanguageSwitch } from "./language-switch";

export const NAV_ITEMS: { to: string; label: MessageKey; end?: boolean }[] = [
  { to: "/", label: "nav.home", end: true },
  { to: "/#products", label: "nav.products" },
  { to: "/article", label: "nav.articles" },
  { to: "/shophub", label: "nav.shophub" },
  { to: "/storehub", label: "nav.storehub" },
  { to: "/asset", label: "nav.listings" },
  { to: "/contact", label: "nav.contact" },
];

export function SiteHeader({
  brand,
  phoneDisplay,
  phone,
}: {
  brand: string;
  phoneDisplay: string;
  phone: string;
}) {
  const t = useT();
  const root = useRouteLoaderData("root") as
    | {
        user?: { name: string; role: string } | null;
        shops?: { id: string; name: string }[];
        activeShopId?: string | null;
        invitations?: unknown[];
      }
    | undefined;
  const user = root?.user ?? null;
  const shops = root?.shops ?? [];
  const [menuOpen, setMenuOpen] = useState(false);
  const close = useCallback(() => setMenuOpen(false), []);
  return (
    <header className="site-header">
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <nav className="navbar navbar-expand-lg navbar-dark site-navbar" aria-label={t("nav.main")}>
        <div className="container">
          <Link to="/" className="navbar-brand d-flex align-items-center gap-2">
            <img src="/images/logo-mark.svg" alt="" width="36" height="36" />
            <span className="fw-bold">{brand}</span>
          </Link>
          <button
            type="button"
            className="navbar-toggler"
            aria-controls="site-menu"
            aria-expanded={menuOpen}
            aria-label={t("nav.openMenu")}
            onClick={() => setMenuOpen(true)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <OffcanvasMenu
            id="site-menu"
            open={menuOpen}
            onClose={close}
            title={t("nav.menu")}
            closeLabel={t("nav.close")}
          >
            <ul className="navbar-nav ms-lg-auto me-lg-3 flex-grow-1 flex-lg-grow-0">
              {NAV_ITEMS.map((item) => (
                <li key={item.to} className="nav-item">
                  {item.to.includes("#") ? (
                    // A #section link is never "the current page", so it is a plain link.
                    <Link to={item.to} className="nav-link" onClick={close}>
                      {t(item.label)}
                    </Link>
                  ) : (
                    <NavLink to={item.to} end={item.end} className="nav-link" onClick={close}>
                      {t(item.label)}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
            <div className="d-flex flex-wrap align-items-center gap-2 mt-3 mt-lg-0">
              <a className="btn btn-sm btn-accent" href={`tel:${phone}`}>
                {phoneDisplay}
              </a>
              {user && (root?.invitations?.length ?? 0) > 0 && (
                // Invitations wait for the member's answer on /shophub.
                <Link
                  className="btn btn-sm btn-warning"
                  to="/shophub#invitations"
                  onClick={close}
                  data-testid="invitations-notice"
                >
                  {t("shopInvite.notice", { count: root?.invitations?.length ?? 0 })}
                </Link>
              )}
              {user && shops.length > 0 && (
                <ShopSwitch shops={shops} activeShopId={root?.activeShopId ?? null} />
              )}
              {user ? (
                <>
                  {user.role === "admin" && (
                    <Link className="btn btn-sm btn-outline-light" to="/admin" onClick={close}>
                      {t("nav.admin")}
                    </Link>
                  )}
                  <Link
                    className="text-white-50 small"
                    to="/user/profile"
                    onClick={close}
                    data-testid="signed-in-as"
                  >
                    {t("account.signedInAs", { name: user.name })}
                  </Link>
                  <Form method="post" action="/user/signOut">
                    <button type="submit" className="btn btn-sm btn-light">
                      {t("account.signOut")}
                    </button>
                  </Form>
                </>
              ) : (
                <Link className="btn btn-sm btn-light" to="/user/signIn" onClick={close}>
                  {t("nav.signIn")}
                </Link>
              )}
              <LanguageSwitch />
            </div>
          </OffcanvasMenu>
        </div>
      </nav>
    </header>
  );
}

/**
 * The member's active shop, and a plain form to switch to another: it works without
 * JavaScript and costs the header almost nothing. The server checks the membership.
 */
function ShopSwitch({
  shops,
  activeShopId,
}: {
  shops: { id: string; name: string }[];
  activeShopId: string | null;
}) {
  const t = useT();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/shophub/switch"
      className="d-flex align-items-center gap-1 shop-switch"
      data-testid="shop-switch"
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="shop-switch-select" className="visually-hidden">
        {t("nav.shopLabel")}
      </label>
      <select
        id="shop-switch-select"
        name="shop"
        className="form-select form-select-sm"
        // Re-created on each switch so that it shows the shop now active.
        key={activeShopId}
        defaultValue={activeShopId ?? undefined}
      >
        {shops.map((shop) => (
          <option key={shop.id} value={shop.id}>
            {shop.name}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-sm btn-outline-light text-nowrap">
        {t("nav.shopSwitch")}
      </button>
    </Form>
  );
}
