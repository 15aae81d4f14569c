import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/print";
import { appContext } from "~/context";
import { A4Document, ThermalReceipt } from "~/features/sales-documents/layouts";
import {
  a4Labels,
  documentView,
  PAPER_KEYS,
  pageRule,
} from "~/features/sales-documents/document-view";
import { documentPdfHref, pdfFileName, printPageHref } from "~/features/sales-documents/links";
import { useRollLengthMm } from "~/features/sales-documents/roll-length";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { withReceiptLink } from "~/modules/sales/index.server";
import { chosenShop, chosenShopOf } from "~/routes/_gates/shophub.server";
import printCss from "~/features/sales-documents/print.css?url";
import { countPrint, documentRef, loadDocument, readPaper } from "./document-request.server";
import { PdfDownload } from "./pdf-download";

// The print page of one document: the chosen layout alone, outside the site's frame (the
// root renders only the page for `handle.frame === "none"`). `&auto=1` opens the print dialog
// as soon as the page is ready: the till's one-click print. Showing the page is not printing
// it (nor is a prefetch or a link preview): the browser's "afterprint" posts here, and the
// print after that one says สำเนา. The PDF button posts too (pdf.ts).
export const middleware: Route.MiddlewareFunction[] = [chosenShop(["owner", "manager", "cashier"])];

export const handle = { frame: "none" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printCss }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { shop } = await chosenShopOf(context, request);
  const app = context.get(appContext);
  const url = new URL(request.url);
  const ref = documentRef(params, url);
  // The slip carries the sale's e-receipt link as a QR (decisions 0094, 0096), read by the
  // silent print too: the same link on every load, so a reload or a revalidation writes nothing.
  const document = await withReceiptLink(
    app.db,
    shop.id,
    ref.saleId,
    await loadDocument(app.db, shop.id, ref, app.storage.urlOf),
    app.publicOrigin,
  );
  const paper = readPaper(url.searchParams.get("paper"), document);
  const doc = url.searchParams.get("doc") ?? "sale";
  return {
    ...areaMessagesOf(context, "shops"),
    document,
    paper,
    doc,
    auto: url.searchParams.get("auto") === "1",
    shopParam: url.searchParams.get("shop"),
    shopId: shop.id,
  };
}

/** Counts one print (the page's "afterprint", or the till's silent print of the same document). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { shop } = await chosenShopOf(context, request);
  const original = await countPrint(
    context.get(appContext).db,
    shop.id,
    documentRef(params, new URL(request.url)),
  );
  return { done: "printed" as const, original };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  buildMeta(siteFromMatches(matches), {
    title: loaderData ? loaderData.document.documentNumber : "",
    path: location.pathname,
    noindex: true,
  });

export default function PrintDocument({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { document, paper, doc, auto, shopParam, shopId } = loaderData;
  const view = documentView(document, t, lang);
  const fetcher = useFetcher<typeof action>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const { submit } = fetcher;
  useEffect(() => {
    const printed = () => void submit({ shopId }, { method: "post", action: here });
    window.addEventListener("afterprint", printed);
    return () => window.removeEventListener("afterprint", printed);
  }, [submit, shopId, here]);
  // The roll's page is as long as the receipt: measured once the font has loaded.
  const pageRef = useRef<HTMLDivElement>(null);
  const heightMm = useRollLengthMm(pageRef, [paper, document]);
  const printedOnce = useRef(false);
  useEffect(() => {
    // Once, after the font is ready and the page has its length.
    if (!auto || heightMm === null || printedOnce.current) return;
    printedOnce.current = true;
    window.print();
  }, [auto, heightMm]);
  return (
    <div className="doc-page">
      <style>{pageRule(paper, heightMm)}</style>
      <h1 className="visually-hidden">
        {view.title} {view.number}
      </h1>
      <nav className="doc-toolbar" aria-label={t("shops.sell.doc.print")}>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t("shops.sell.doc.print")}
        </button>
        {(["58", "80", "a4"] as const).map((each) => (
          <Link
            key={each}
            className={`btn btn-outline-secondary${each === paper ? " active" : ""}`}
            to={printPageHref(params.id, { doc, paper: each, shopId: shopParam })}
            aria-current={each === paper ? "page" : undefined}
          >
            {t(PAPER_KEYS[each])}
          </Link>
        ))}
        <PdfDownload
          href={documentPdfHref(params.id, { doc, shopId: shopParam })}
          shopId={shopId}
          fileName={pdfFileName(document.documentNumber)}
          label={t("shops.sell.doc.downloadPdf")}
          receiptLink={document.receiptLink?.url}
        />
      </nav>
      <div ref={pageRef}>
        {paper === "a4" ? (
          <A4Document view={view} labels={a4Labels(t)} />
        ) : (
          <ThermalReceipt view={view} paper={paper} />
        )}
      </div>
    </div>
  );
}
