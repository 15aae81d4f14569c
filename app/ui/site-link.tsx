import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";

/*
 * Links to the site's own fixed addresses ("/article", "/shophub#invitations") for the parts of
 * the frame every page renders: the header's menus and the footer, some 30 links a page.
 * React Router's <Link> resolves its path against the matched routes on each render (the
 * routes' paths through JSON and back, twice a link), which a path starting with "/" never
 * needs: on a signed-in page those links were a tenth of the server's render time (bench/
 * README.md, 28 November 2026). These render the same <a> (`data-discover` lets React Router
 * learn the target's route ahead of a click) and navigate in the page the way <Link> does.
 */

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

export interface SiteLinkProps extends AnchorProps {
  /** An address of this site, starting with "/" (a query and a #fragment may follow). */
  to: `/${string}`;
}

export function SiteLink({ to, onClick, ...rest }: SiteLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A plain click (main button, no modifier key, same tab) is followed inside the page.
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (rest.target && rest.target !== "_self") return;
    event.preventDefault();
    // As <Link>: a link to the address the page is at replaces it in the history.
    const here = `${location.pathname}${location.search}${location.hash}`;
    void navigate(to, { replace: here === to });
  };
  return <a {...rest} href={to} data-discover="true" onClick={follow} />;
}

export interface SiteNavLinkProps extends SiteLinkProps {
  /** Current only on this very address, not also on the addresses below it. */
  end?: boolean;
}

/**
 * A SiteLink that marks the current page as <NavLink> does: the class `active` and
 * `aria-current="page"` when the page's address is `to` (or below it, unless `end`).
 */
export function SiteNavLink({ to, end = false, className, ...rest }: SiteNavLinkProps) {
  const current = isCurrent(useLocation().pathname, to, end);
  return (
    <SiteLink
      {...rest}
      to={to}
      aria-current={current ? "page" : undefined}
      className={current ? [className, "active"].filter(Boolean).join(" ") : className}
    />
  );
}

/** <NavLink>'s rule: the same path, or (unless `end`) a path below it; letter case aside. */
export function isCurrent(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const target = (to.split(/[?#]/)[0] ?? to).toLowerCase();
  if (here === target) return true;
  if (end) return false;
  const base = target !== "/" && target.endsWith("/") ? target.slice(0, -1) : target;
  return here.startsWith(base) && here.charAt(base.length) === "/";
}
