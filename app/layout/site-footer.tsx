import { Link, useRouteLoaderData } from "react-router";
import { bangkokYear } from "~/lib/bangkok-clock";
import { useLang, useT } from "~/lib/i18n/use-translation";
import type { RootCompany } from "./site-shell";

export function SiteFooter({ company }: { company: RootCompany }) {
  const t = useT();
  const lang = useLang();
  const year = bangkokYear(new Date());
  // The listing board can be switched off in the site settings (decision 0079).
  const root = useRouteLoaderData("root") as { listingsEnabled?: boolean } | undefined;
  const listingsEnabled = root?.listingsEnabled !== false;
  return (
    <footer className="site-footer mt-5">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-md-5">
            <p className="h5 text-white">{lang === "th" ? company.nameTh : company.nameEn}</p>
            <address className="mb-2">
              {lang === "th" ? company.addressTh : company.addressEn}
            </address>
            <p className="mb-1">
              {t("footer.phone")}: <a href={`tel:${company.phone}`}>{company.phoneDisplay}</a>
            </p>
            <p className="mb-1">
              {t("footer.email")}: <a href={`mailto:${company.email}`}>{company.email}</a>
            </p>
            <p className="mb-0">
              {t("footer.hours")}: {lang === "th" ? company.hoursTh : company.hoursEn}
            </p>
          </div>
          <nav className="col-6 col-md-3" aria-label={t("footer.products")}>
            <p className="h6 text-white">{t("footer.products")}</p>
            <ul className="list-unstyled">
              <li>
                <Link prefetch="intent" viewTransition to="/article/ai">
                  {t("category.ai-camera")}
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/article/machineVision">
                  {t("category.machine-vision")}
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/article/dpTechLaser">
                  {t("category.laser-marking")}
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/article/amr">
                  {t("category.amr")}
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/article/sensor">
                  {t("category.sensor")}
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/article/wire">
                  {t("category.wire")}
                </Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-4" aria-label={t("footer.tools")}>
            <p className="h6 text-white">{t("footer.tools")}</p>
            <ul className="list-unstyled">
              <li>
                <Link prefetch="intent" viewTransition to="/shophub">
                  shophub
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/storehub">
                  storehub
                </Link>
              </li>
              {listingsEnabled && (
                <li>
                  <Link prefetch="intent" viewTransition to="/asset">
                    {t("nav.listings")}
                  </Link>
                </li>
              )}
              <li>
                <Link prefetch="intent" viewTransition to="/article">
                  {t("nav.articles")}
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/contact">
                  {t("nav.contact")}
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/test">
                  {t("footer.selfCheck")}
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/terms">
                  {t("legal.terms")}
                </Link>
              </li>
              <li>
                <Link prefetch="intent" viewTransition to="/privacy">
                  {t("legal.privacy")}
                </Link>
              </li>
              <li>
                {/* A new document: the choice is made on a page the server draws afresh. */}
                <a href="/consent" data-testid="footer-consent">
                  {t("footer.consent")}
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <p className="small mt-4 mb-0 text-white-50">
          © {year} {company.nameEn} {t("footer.rights")}
        </p>
      </div>
    </footer>
  );
}
