import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useT } from "~/lib/i18n/use-translation";

/** The page shown by the root error boundary: 404 or the error's message. */
export function ErrorPage() {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundMessage />;
  }
  let status = 500;
  let message: string = t("error.title");
  if (isRouteErrorResponse(error)) {
    status = error.status;
    const detail = typeof error.data === "string" ? error.data : error.statusText;
    if (detail) message = detail;
  } else if (error instanceof Error && error.message) {
    // Production builds replace server error messages with this fixed text.
    message = error.message === "Unexpected Server Error" ? t("error.serverError") : error.message;
  }
  return (
    <section className="container py-5 error-page" aria-labelledby="error-title">
      <h1 id="error-title" className="display-6">
        {message}
      </h1>
      <p className="text-secondary">{t("error.status", { status })}</p>
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
