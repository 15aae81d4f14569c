import { createContext, useContext } from "react";
import { useLocation, useMatches } from "react-router";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { useLang } from "~/lib/i18n/use-translation";
import { frameOf } from "./frame";

/**
 * Whether the visitor of the request being rendered has chosen (entry.server.tsx reads the
 * `consent` cookie): the banner shows until they have.
 */
export const ConsentChosen = createContext(true);

/** The path the consent settings page lives at (the banner's "choose" link, its form's action). */
export const CONSENT_PATH = "/consent";

/**
 * The consent banner of a first visit (PDPA; decision 0076): necessary cookies always, analytics
 * and notifications only after opting in. Fixed to the bottom of the window, it reserves no room
 * and moves nothing (CLS 0), and the page stays readable and usable behind it. A plain form, so
 * it works without JavaScript; "accept all" and "necessary only" are equally easy, "choose"
 * opens the settings page. Not on the till (the counter frame) nor on printed documents.
 */
export function ConsentBanner() {
  const chosen = useContext(ConsentChosen);
  const lang = useLang();
  const location = useLocation();
  const frame = frameOf(useMatches());
  if (chosen || frame !== "site" || location.pathname === CONSENT_PATH) return null;
  const t = serverTranslate(lang);
  return (
    <section
      className="consent-banner"
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
    >
      <div className="container d-flex flex-column flex-lg-row gap-2 gap-lg-4 align-items-lg-center">
        <div className="flex-grow-1">
          <p id="consent-banner-title" className="fw-bold mb-1">
            {t("consent.banner.title")}
          </p>
          <p className="small mb-0">
            {t("consent.banner.text")} <a href="/privacy">{t("consent.privacy")}</a>
          </p>
        </div>
        <form method="post" action={CONSENT_PATH} className="d-flex flex-wrap gap-2 flex-shrink-0">
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            name="intent"
            value="necessary"
            className="btn btn-light btn-sm"
            data-testid="consent-necessary"
          >
            {t("consent.necessaryOnly")}
          </button>
          <button
            type="submit"
            name="intent"
            value="all"
            className="btn btn-light btn-sm"
            data-testid="consent-all"
          >
            {t("consent.acceptAll")}
          </button>
          <a
            href={CONSENT_PATH}
            className="btn btn-outline-light btn-sm"
            data-testid="consent-choose"
          >
            {t("consent.choose")}
          </a>
        </form>
      </div>
    </section>
  );
}
