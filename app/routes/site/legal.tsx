import type { Route } from "./+types/legal";
import { langOf } from "~/lib/i18n/lang.server";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { loadLegalPage, type LegalPage } from "~/modules/content/index.server";

/** /terms and /privacy: the page is chosen by the route's id. */
export function loader({ request, context }: Route.LoaderArgs) {
  const page: LegalPage = new URL(request.url).pathname.startsWith("/privacy")
    ? "privacy"
    : "terms";
  return loadLegalPage(page, langOf(context));
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  buildMeta(siteFromMatches(matches), { title: loaderData?.title, path: location.pathname });

export default function Legal({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container py-5 article-page">
      <h1 className="display-6 fw-bold mb-4">{loaderData.title}</h1>
      <div className="article-body" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </article>
  );
}
