import { useRef } from "react";
import { data, Form, useLocation } from "react-router";
import type { Route } from "./+types/page";
import { appContext } from "~/context";
import { ThermalReceipt } from "~/features/sales-documents/layouts";
import { documentView, pageRule } from "~/features/sales-documents/document-view";
import { useRollLengthMm } from "~/features/sales-documents/roll-length";
import { formatDate } from "~/lib/dates";
import { langOf } from "~/lib/i18n/lang.server";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatSatang } from "~/lib/money";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import printCss from "~/features/sales-documents/print.css?url";
import { readPublicReceipt, receiptNotFound } from "./public-receipt.server";

// The e-receipt (issue 37, decision 0094): `/r/<token>`, the receipt of one sale for whoever
// holds the link from the slip's QR or the e-mail, with no account. It sits outside every
// gate in app/routes.ts on purpose: the token is the only key, checked against its stored hash.
// The page shows the receipt as the shop issued it, minus what names people (the customer and
// points, phone numbers, the cashier); it is never indexed nor kept by a browser or a proxy
// (app/routes/_gates/private-caching.server.ts), and its reads are rate limited per address.
export const handle = { frame: "none" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printCss }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const lang = langOf(context);
  const receipt = await readPublicReceipt(app, params.token, lang);
  if (!receipt) return receiptNotFound(areaMessagesOf(context, "shops"));
  return data({
    ...areaMessagesOf(context, "shops"),
    found: true as const,
    document: receipt.document,
    returns: receipt.returns,
  });
}

export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "private, no-store",
});

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  buildMeta(siteFromMatches(matches), {
    title: loaderData?.found ? loaderData.document.seller.name : "",
    path: location.pathname,
    noindex: true,
  });

export default function PublicReceiptPage({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.found) return <ReceiptNotFound />;
  return <Receipt data={loaderData} token={params.token} />;
}

function Receipt({
  data: { document, returns },
  token,
}: {
  data: Extract<Route.ComponentProps["loaderData"], { found: true }>;
  token: string;
}) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const view = documentView(document, t, lang);
  const pageRef = useRef<HTMLDivElement>(null);
  const heightMm = useRollLengthMm(pageRef, [document, lang]);
  const voided = document.status === "void";
  return (
    <main className="doc-page">
      <style>{pageRule("80", heightMm)}</style>
      <h1 className="h5 text-center mt-3 doc-screen-only">
        {t("shops.ereceipt.page.from", { shop: document.seller.name })}
      </h1>
      <nav className="doc-toolbar" aria-label={t("shops.ereceipt.page.title")}>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t("shops.ereceipt.page.print")}
        </button>
        <a className="btn btn-outline-secondary" href={`/r/${token}/receipt.pdf`} download>
          {t("shops.ereceipt.page.pdf")}
        </a>
        <Form method="post" action="/lang" className="d-inline">
          <input type="hidden" name="lang" value={lang === "th" ? "en" : "th"} />
          <input type="hidden" name="redirectTo" value={location.pathname} />
          <button type="submit" className="btn btn-link">
            {t("shops.ereceipt.page.language")}
          </button>
        </Form>
      </nav>
      {(voided || returns.length > 0) && (
        <div
          className="alert alert-warning mx-auto doc-screen-only"
          role="status"
          style={{ maxWidth: "80mm" }}
        >
          {voided ? (
            <div data-testid="ereceipt-voided">{t("shops.ereceipt.page.voided")}</div>
          ) : (
            <div data-testid="ereceipt-returned">
              <div className="fw-bold">{t("shops.ereceipt.page.returned")}</div>
              <ul className="mb-0 ps-3">
                {returns.map((each) => (
                  <li key={each.documentNumber}>
                    {t("shops.ereceipt.page.returnLine", {
                      number: each.documentNumber,
                      date: formatDate(each.issuedAt, lang),
                      amount: formatSatang(each.totalSatang),
                    })}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <div ref={pageRef}>
        <ThermalReceipt view={view} paper="80" />
      </div>
    </main>
  );
}

function ReceiptNotFound() {
  const t = useT();
  return (
    <main className="container py-5 text-center" style={{ maxWidth: "32rem" }}>
      <h1 className="h3">{t("shops.ereceipt.notFound.title")}</h1>
      <p>{t("shops.ereceipt.notFound.text")}</p>
      <a className="btn btn-primary" href="/">
        {t("shops.ereceipt.notFound.home")}
      </a>
    </main>
  );
}
