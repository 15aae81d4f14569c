import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundMessage } from "~/layout/error-pages";
import { buildMeta, siteFromMatches, siteTranslate } from "~/lib/seo";

export function loader() {
  // A real 404 status, while the root loader still runs (language, company details).
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  return buildMeta(site, {
    title: siteTranslate(site)("error.notFound"),
    path: location.pathname,
    noindex: true,
  });
};

export default function NotFound() {
  return <NotFoundMessage />;
}
