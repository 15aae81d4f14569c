import { Link, useRouteError } from "react-router";
import { describeRouteError } from "~/lib/describe-error";
import { useT } from "~/lib/i18n/use-translation";

/** The page shown by the root error boundary: 404 or the error's message. */
export function ErrorPage() {
  const error = useRouteError();
  const t = useT();
  const described = describeRouteError(error);
  if (described.kind === "not-found") return <NotFoundMessage />;
  if (described.kind === "chunk") return <ChunkLoadFailed />;
  if (described.kind === "network") return <NetworkFailed />;
  if (described.kind === "unavailable") return <ServiceUnavailable />;
  return (
    <section
      className="container py-5 error-page"
      aria-labelledby="error-title"
      data-testid="error-page"
    >
      <h1 id="error-title" className="display-6">
        {described.message ?? (described.status === 403 ? t("error.forbidden") : t("error.title"))}
      </h1>
      <p className="text-secondary">{t("error.status", { status: described.status })}</p>
      {described.status >= 500 && <p>{t("error.serverError")}</p>}
      <Link to="/" className="btn btn-primary">
        {t("error.backHome")}
      </Link>
    </section>
  );
}

/** The 404 page, also used by the catch-all route so unknown URLs keep the site's layout. */
export function NotFoundMessage() {
  const t = useT();
  return (
    <section className="container py-5 error-page" aria-labelledby="error-title">
      <p className="display-1 fw-bold text-primary mb-0" aria-hidden="true">
        404
      </p>
      <h1 id="error-title" className="display-6">
        {t("error.notFound")}
      </h1>
      <p className="text-secondary">{t("error.notFoundHint")}</p>
      <Link to="/" className="btn btn-primary">
        {t("error.backHome")}
      </Link>
    </section>
  );
}

export function ErrorPageFailed() {
  const t = useT();
  return (
    <section className="container py-5">
      <h1>{t("error.pageFailed")}</h1>
      <a href="/">{t("error.goHome")}</a>
    </section>
  );
}

/** A part of the site could not be downloaded, usually because a new version was deployed. */
export function ChunkLoadFailed() {
  const t = useT();
  return (
    <ReloadSuggestion
      testId="chunk-error"
      title={t("error.chunkFailed")}
      hint={t("error.chunkFailedHint")}
      home
    />
  );
}

/** A form or page request could not reach the server; what was typed is still in the form. */
function NetworkFailed() {
  const t = useT();
  return <ReloadSuggestion testId="network-error" title={t("auth.error.network-request-failed")} />;
}

/** The database is briefly unavailable (503); a form sent meanwhile was not saved. */
function ServiceUnavailable() {
  const t = useT();
  return (
    <ReloadSuggestion
      testId="unavailable"
      title={t("error.unavailable")}
      hint={t("error.unavailableHint")}
    />
  );
}

/** An error the visitor can usually fix by loading the page again. */
function ReloadSuggestion(props: {
  testId: string;
  title: string;
  hint?: string;
  /** Also a way back to the home page, loaded as a new document. */
  home?: boolean;
}) {
  const t = useT();
  return (
    <section
      className="container py-5 error-page"
      aria-labelledby="error-title"
      data-testid={props.testId}
    >
      <h1 id="error-title" className="display-6">
        {props.title}
      </h1>
      {props.hint && <p className="text-secondary">{props.hint}</p>}
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t("error.reload")}
        </button>
        {props.home && (
          <Link to="/" reloadDocument className="btn btn-outline-primary">
            {t("error.backHome")}
          </Link>
        )}
      </div>
    </section>
  );
}
