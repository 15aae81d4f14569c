import { Container, Nav, Navbar, Offcanvas } from "react-bootstrap";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
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
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="site-header">
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <Navbar expand="lg" variant="dark" className="site-navbar" aria-label={t("nav.main")}>
        <Container>
          <Navbar.Brand as={Link} to="/" className="d-flex align-items-center gap-2">
            <img src="/images/logo-mark.svg" alt="" width="36" height="36" />
            <span className="fw-bold">{brand}</span>
          </Navbar.Brand>
          <Navbar.Toggle
            aria-controls="site-menu"
            label={t("nav.openMenu")}
            onClick={() => setMenuOpen(true)}
          />
          <Navbar.Offcanvas
            id="site-menu"
            placement="end"
            show={menuOpen}
            onHide={close}
            aria-labelledby="site-menu-title"
            className="site-offcanvas"
          >
            <Offcanvas.Header closeButton closeLabel={t("nav.close")}>
              <Offcanvas.Title id="site-menu-title">{t("nav.menu")}</Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="align-items-lg-center">
              <Nav className="ms-lg-auto me-lg-3 flex-grow-1 flex-lg-grow-0">
                {NAV_ITEMS.map((item) =>
                  // A #section link is never "the current page", so it is a plain link.
                  item.to.includes("#") ? (
                    <Nav.Link key={item.to} as={Link} to={item.to} onClick={close}>
                      {t(item.label)}
                    </Nav.Link>
                  ) : (
                    <Nav.Link
                      key={item.to}
                      as={NavLink}
                      to={item.to}
                      end={item.end}
                      onClick={close}
                    >
                      {t(item.label)}
                    </Nav.Link>
                  ),
                )}
              </Nav>
              <div className="d-flex flex-wrap align-items-center gap-2 mt-3 mt-lg-0">
                <a className="btn btn-sm btn-accent" href={`tel:${phone}`}>
                  {phoneDisplay}
                </a>
                <Link className="btn btn-sm btn-light" to="/user/signIn" onClick={close}>
                  {t("nav.signIn")}
                </Link>
                <LanguageSwitch />
              </div>
            </Offcanvas.Body>
          </Navbar.Offcanvas>
        </Container>
      </Navbar>
    </header>
  );
}
