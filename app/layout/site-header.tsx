import { useCallback, useState } from "react";
import { useRouteLoaderData, Link, NavLink } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { OffcanvasMenu } from "~/ui/offcanvas-menu";
import { LanguageSwitch } from "./language-switch";
import { MEMBER_HEADER_MARK, MemberHeader } from "./member-header-slot";

/**
 * The logo mark's pictures (scripts/illustration-rasters.ts makes them from
 * public/images/brand/logo-mark.svg; illustrations.test.ts checks these are its addresses).
 * Written out: the header is in every page's script, and illustrations.ts is not.
 */
export const LOGO_MARK_PICTURE = {
  src: "/images/brand/logo-mark.108.webp",
  srcSet: "/images/brand/logo-mark.72.webp 72w, /images/brand/logo-mark.108.webp 108w",
};

export const NAV_ITEMS: { to: `/${string}`; label: MessageKey; end?: boolean }[] = [
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
  slim = false,
}: {
  brand: string;
  phoneDisplay: string;
  phone: string;
  /**
   * A counter's header (the till, layout/frame.ts): the brand as the way out, the member's
   * menus and the language, without the site's sections and the sales line.
   */
  slim?: boolean;
}) {
  const t = useT();
  const root = useRouteLoaderData("root") as
    | {
        user?: { name: string; role: string } | null;
        shops?: { id: string; name: string }[];
        activeShopId?: string | null;
        invitations?: unknown[];
        listingsEnabled?: boolean;
      }
    | undefined;
  const user = root?.user ?? null;
  const shops = root?.shops ?? [];
  const [menuOpen, setMenuOpen] = useState(false);
  const close = useCallback(() => setMenuOpen(false), []);
  return (
    <header className={`site-header${slim ? " site-header--slim" : ""}`}>
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <nav className="navbar navbar-expand-xl navbar-dark site-navbar" aria-label={t("nav.main")}>
        <div className="container">
          <Link
            prefetch="intent"
            viewTransition
            to="/"
            className="navbar-brand d-flex align-items-center gap-2"
          >
            {/* A picture, not inline SVG: the drawing would be part of every page's script. */}
            <img
              {...LOGO_MARK_PICTURE}
              sizes="36px"
              width={36}
              height={36}
              alt=""
              decoding="async"
            />
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
            <ul className="navbar-nav ms-xl-auto me-xl-3 flex-grow-1 flex-xl-grow-0" hidden={slim}>
              {!slim &&
                // The listing board can be switched off in the site settings (decision 0079).
                NAV_ITEMS.filter(
                  (item) => item.to !== "/asset" || root?.listingsEnabled !== false,
                ).map((item) => (
                  <li key={item.to} className="nav-item">
                    {item.to.includes("#") ? (
                      // A #section link is never "the current page", so it is a plain link.
                      <Link
                        prefetch="intent"
                        viewTransition
                        to={item.to}
                        className="nav-link"
                        onClick={close}
                      >
                        {t(item.label)}
                      </Link>
                    ) : (
                      <NavLink
                        prefetch="intent"
                        viewTransition
                        to={item.to}
                        end={item.end}
                        className="nav-link"
                        onClick={close}
                      >
                        {t(item.label)}
                      </NavLink>
                    )}
                  </li>
                ))}
            </ul>
            <div className={`header-actions mt-3 mt-xl-0${slim ? " ms-xl-auto" : ""}`}>
              <a
                // Members reach the sales line from the footer and /contact: next to their
                // menus the header keeps it only where there is room for it (xxl).
                className={`btn btn-sm btn-accent text-nowrap${slim ? " d-none" : user ? " d-xl-none d-xxl-inline-block" : ""}`}
                href={`tel:${phone}`}
              >
                {phoneDisplay}
              </a>
              {/* No root data: its load failed (the line dropped, the database restarts), so
                  who is signed in is unknown; "sign in" would tell a member they were signed
                  out (issue 32.5). */}
              {root === undefined ? null : user ? (
                // A <div>: the member's menus are <details>, which a <span> may not hold.
                <div className="member-header-items" {...{ [MEMBER_HEADER_MARK]: "" }}>
                  <MemberHeader
                    user={user}
                    shops={shops}
                    activeShopId={root?.activeShopId ?? null}
                    invitationCount={root?.invitations?.length ?? 0}
                    onNavigate={close}
                    fallback={
                      // Only until the member's part arrives after a sign-in in this tab.
                      <span className="btn btn-sm btn-outline-light header-menu__toggle">
                        <span className="header-menu__label">{user.name}</span>
                      </span>
                    }
                  />
                </div>
              ) : (
                <Link
                  prefetch="intent"
                  viewTransition
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
