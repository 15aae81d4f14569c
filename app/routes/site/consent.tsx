import { Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/consent";
import { appContext } from "~/context";
import { readForm } from "~/lib/forms/read-form";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { useT } from "~/lib/i18n/use-translation";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { buildMeta, siteFromMatches, siteTranslate } from "~/lib/seo";
import {
  asksNotToBeTracked,
  consentFromCookieHeader,
  consentSetCookie,
  type Consent,
} from "~/modules/consent";

/*
 * /consent: the visitor's cookie choice (PDPA; decision 0076), reached from the banner's
 * "choose" and from "Cookie settings" in every page's footer. The banner's two buttons post
 * here too. The choice is the `consent` cookie; the page and the banner are plain forms whose
 * answer is a new document, so the banner (drawn by the server alone) goes with the choice.
 */

const PAGE = "/consent";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    consent: consentFromCookieHeader(request.headers.get("cookie")),
    doNotTrack: asksNotToBeTracked(request.headers),
    saved: url.searchParams.has("saved"),
    ...areaMessagesOf(context, "consent"),
  };
}

const consentForm = z.object({
  intent: z.enum(["all", "necessary", "custom"]).catch("necessary"),
  analytics: z.literal("1").optional().catch(undefined),
  notifications: z.literal("1").optional().catch(undefined),
  redirectTo: z.string().optional().catch(undefined),
});

/**
 * Stores the choice for a year and goes back: "all" and "necessary" from the banner, "custom"
 * with the page's two boxes. Anything unreadable counts as "necessary only", never as a yes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const read = readForm(await request.formData(), consentForm);
  const form = read.ok ? read.data : { intent: "necessary" as const, redirectTo: undefined };
  const consent: Consent =
    form.intent === "all"
      ? { analytics: true, notifications: true }
      : form.intent === "custom" && read.ok
        ? { analytics: read.data.analytics === "1", notifications: read.data.notifications === "1" }
        : { analytics: false, notifications: false };
  const secure = context.get(appContext).publicOrigin.startsWith("https:");
  return redirect(safeRedirectPath(form.redirectTo, `${PAGE}?saved=1`), {
    headers: { "Set-Cookie": consentSetCookie(consent, { secure }), "Cache-Control": "no-store" },
  });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  return buildMeta(site, {
    title: siteTranslate(site)("footer.consent"),
    path: location.pathname,
    noindex: true,
  });
};

export default function ConsentSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { consent, doNotTrack, saved } = loaderData;
  const state = (on: boolean | undefined) => t(on ? "consent.on" : "consent.off");
  return (
    <div className="container py-5" style={{ maxWidth: "48rem" }}>
      <h1 className="h2 mb-3">{t("consent.title")}</h1>
      <p className="lead">{t("consent.lead")}</p>
      {saved && (
        <div className="alert alert-success" role="status" data-testid="consent-saved">
          {t("consent.saved")}
        </div>
      )}
      <p data-testid="consent-current">
        {consent
          ? t("consent.current", {
              analytics: state(consent.analytics),
              notifications: state(consent.notifications),
            })
          : t("consent.notChosen")}
      </p>
      {doNotTrack && (
        <div className="alert alert-info" data-testid="consent-gpc">
          {t("consent.gpc")}
        </div>
      )}
      {/* A new document after saving: the banner, drawn by the server alone, goes with it. */}
      <Form method="post" action={PAGE} reloadDocument data-testid="consent-form">
        <input type="hidden" name="intent" value="custom" />
        <input type="hidden" name="redirectTo" value={`${PAGE}?saved=1`} />
        <fieldset className="mb-3">
          <div className="form-check">
            <input
              className="form-check-input"
              type="checkbox"
              id="consent-necessary"
              checked
              disabled
            />
            <label className="form-check-label fw-bold" htmlFor="consent-necessary">
              {t("consent.necessary.title")}
            </label>
            <p className="small text-secondary">{t("consent.necessary.text")}</p>
          </div>
          <div className="form-check">
            <input
              className="form-check-input"
              type="checkbox"
              id="consent-analytics"
              name="analytics"
              value="1"
              defaultChecked={consent?.analytics ?? false}
              aria-describedby="consent-analytics-text"
            />
            <label className="form-check-label fw-bold" htmlFor="consent-analytics">
              {t("consent.analytics.title")}
            </label>
            <p id="consent-analytics-text" className="small text-secondary">
              {t("consent.analytics.text")}
            </p>
          </div>
          <div className="form-check">
            <input
              className="form-check-input"
              type="checkbox"
              id="consent-notifications"
              name="notifications"
              value="1"
              defaultChecked={consent?.notifications ?? false}
              aria-describedby="consent-notifications-text"
            />
            <label className="form-check-label fw-bold" htmlFor="consent-notifications">
              {t("consent.notifications.title")}
            </label>
            <p id="consent-notifications-text" className="small text-secondary">
              {t("consent.notifications.text")}
            </p>
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary" data-testid="consent-save">
          {t("consent.save")}
        </button>
      </Form>
    </div>
  );
}
