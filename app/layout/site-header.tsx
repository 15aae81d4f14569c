import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { OffcanvasMenu } from "~/ui/offcanvas-menu";
import { LanguageSwitch } from "./language-switch";
import { LogoMark } from "./logo-mark";

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
  const header = useHeaderMenus();
  return (
    <header className="site-header" ref={header}>
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <nav className="navbar navbar-expand-xl navbar-dark site-navbar" aria-label={t("nav.main")}>
        <div className="container">
          <Link to="/" className="navbar-brand d-flex align-items-center gap-2">
            <LogoMark size={36} />
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
            <ul className="navbar-nav ms-xl-auto me-xl-3 flex-grow-1 flex-xl-grow-0">
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
            <div className="header-actions mt-3 mt-xl-0">
              <a
                // Members reach the sales line from the footer and /contact: next to their
                // menus the header keeps it only where there is room for it (xxl).
                className={`btn btn-sm btn-accent text-nowrap${user ? " d-xl-none d-xxl-inline-block" : ""}`}
                href={`tel:${phone}`}
              >
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
                <MemberMenu user={user} onNavigate={close} />
              ) : (
                <Link
                  className="btn btn-sm btn-light text-nowrap"
                  to="/user/signIn"
                  onClick={close}
                >
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
 * Closes the header's <details> menus when the page changes, on Escape and on a click
 * elsewhere. Without JavaScript they still open and close with their summary.
 */
function useHeaderMenus(): RefObject<HTMLElement | null> {
  const header = useRef<HTMLElement>(null);
  const location = useLocation();
  useEffect(() => {
    header.current
      ?.querySelectorAll("details[open]")
      .forEach((menu) => menu.removeAttribute("open"));
  }, [location.key]);
  useEffect(() => {
    const openMenus = () =>
      Array.from(header.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? []);
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const menu of openMenus()) {
        menu.open = false;
        menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
  return header;
}

/** The member's own pages and sign-out, behind one compact button with their name. */
function MemberMenu({
  user,
  onNavigate,
}: {
  user: { name: string; role: string };
  onNavigate: () => void;
}) {
  const t = useT();
  return (
    <details className="header-menu member-menu" data-testid="member-menu">
      <summary
        className="btn btn-sm btn-outline-light header-menu__toggle"
        aria-label={t("account.signedInAs", { name: user.name })}
        title={t("account.signedInAs", { name: user.name })}
        data-testid="signed-in-as"
      >
        <span className="header-menu__label">{user.name}</span>
      </summary>
      <ul className="header-menu__list">
        <li className="header-menu__note">{t("account.signedInAs", { name: user.name })}</li>
        <li>
          <Link to="/user/profile" onClick={onNavigate}>
            {t("nav.profile")}
          </Link>
        </li>
        <li>
          <Link to="/user/listings" onClick={onNavigate}>
            {t("nav.myListings")}
          </Link>
        </li>
        <li>
          <Link to="/shophub" onClick={onNavigate}>
            {t("nav.myShops")}
          </Link>
        </li>
        {user.role === "admin" && (
          <li>
            <Link to="/admin" onClick={onNavigate}>
              {t("nav.admin")}
            </Link>
          </li>
        )}
        <li>
          <Form method="post" action="/user/signOut">
            <button type="submit">{t("account.signOut")}</button>
          </Form>
        </li>
      </ul>
    </details>
  );
}

/**
 * The member's active shop, and one POST button per shop to switch: it works without
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
  const active = shops.find((shop) => shop.id === activeShopId);
  return (
    <details className="header-menu shop-switch" data-testid="shop-switch">
      <summary
        className="btn btn-sm btn-outline-light header-menu__toggle"
        aria-label={`${t("nav.shopLabel")}: ${active?.name ?? t("nav.noActiveShop")}`}
        title={active?.name}
      >
        <span className="header-menu__label" data-testid="active-shop">
          {active?.name ?? t("nav.noActiveShop")}
        </span>
      </summary>
      <Form method="post" action="/shophub/switch" className="header-menu__list">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="header-menu__note">{t("nav.shopSwitch")}</p>
        <ul>
          {shops.map((shop) => (
            <li key={shop.id}>
              <button
                type="submit"
                name="shop"
                value={shop.id}
                aria-current={shop.id === activeShopId ? true : undefined}
              >
                {shop.name}
              </button>
            </li>
          ))}
          <li>
            <Link to="/shophub">{t("nav.myShops")}</Link>
          </li>
        </ul>
      </Form>
    </details>
  );
}
