import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { appContext } from "./context";
import { messagesFor } from "./lib/i18n/messages.server";
import { langMiddleware, langOf } from "~/lib/i18n/lang.server";
import { messageRefsOf, useLang } from "./lib/i18n/use-translation";
import { formatPhoneForDisplay } from "./lib/phone";
import { BUILD_META } from "./lib/stale-build";
import { buildMeta, siteFromMatches, siteTranslate } from "./lib/seo";
import { frameOf } from "./layout/frame";
import { SiteShell } from "./layout/site-shell";
import { getCompanyProfile } from "~/modules/content/index.server";
import { currentNotices } from "~/modules/notices/index.server";
import { readSettings } from "~/modules/settings/index.server";
import { listInvitationsForMember } from "~/modules/shops/index.server";
import { privateCachingMiddleware } from "./routes/_gates/private-caching.server";
import { tillHoldMiddleware } from "./routes/_gates/till-hold.server";
import {
  activeShopMiddleware,
  activeShopOf,
  sessionMiddleware,
  sessionUserOf,
} from "./routes/_gates/session.server";
import { ErrorPage, ErrorPageFailed } from "./layout/error-pages";
import { ConsentBannerSlot } from "./layout/consent-banner-slot";
import { ErrorPageGuard } from "./ui/error-page-guard";
import { useNonce } from "./ui/nonce";
import { fontsLaterOf, fontsLaterScript, stylesheetOf } from "./layout/page-look";
import siteStylesheet from "./styles/app.scss?url";
// The site's stylesheet cut to what the till renders (scripts/purge-css.ts; decision 0056).
import tillStylesheet from "./styles/till.scss?url";
// The faces every page's text uses (the same files app.scss's @font-face rules name, so one
// asset each): Thai and Latin, regular and bold. Thai text is interspersed with the Latin
// subset's letters, digits and spaces (a bold Thai heading waits for the bold Latin file too),
// and English pages show Thai as well: the language switch, the baht sign, shop names and the
// articles and listings written in Thai. The Latin files are the site's own cut of them
// (scripts/sarabun-faces.ts): the characters the pages use, 6.7 KB instead of 11.4 KB.
import sarabunLatin400 from "./styles/fonts/sarabun-latin-core-400-normal.woff2?url";
import sarabunLatin700 from "./styles/fonts/sarabun-latin-core-700-normal.woff2?url";
import sarabunThai400 from "@fontsource/sarabun/files/sarabun-thai-400-normal.woff2?url";
import sarabunThai700 from "@fontsource/sarabun/files/sarabun-thai-700-normal.woff2?url";

const PRELOADED_FONTS = [sarabunThai400, sarabunThai700, sarabunLatin400, sarabunLatin700];

const STYLESHEETS = { site: siteStylesheet, till: tillStylesheet };

export const links: Route.LinksFunction = () => [
  // No SVG icon: the renderer decodes the icon on the page's main thread, and an SVG costs an
  // isolated document there (docs/decisions/0049-raster-illustrations.md).
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

// Shop invitations are not accepted here: the member answers them on /shophub (the header
// shows a notice while any is waiting).
// The language is read once here (langOf) for every loader and action of the request.
export const middleware: Route.MiddlewareFunction[] = [
  privateCachingMiddleware,
  langMiddleware,
  sessionMiddleware,
  tillHoldMiddleware,
  activeShopMiddleware,
];

// After a form failed to reach the server, reloading the data would fail too (see
// keep-form-on-network-error.ts); written out here to keep it out of every page's bundle.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  (actionResult as { formError?: string } | undefined)?.formError ===
  "auth.error.network-request-failed"
    ? false
    : defaultShouldRevalidate;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, publicOrigin, version, build } = context.get(appContext);
  const sessionUser = sessionUserOf(context);
  const [company, activeShop, invitations, settings] = await Promise.all([
    getCompanyProfile(db),
    // The header's shop switcher: one query, and only for signed-in members.
    activeShopOf(context),
    // Invitations waiting for the member's answer (header notice, list on /shophub): one
    // lookup on the partial index of pending invitations, verified addresses only.
    sessionUser ? listInvitationsForMember(db, sessionUser) : [],
    // The admin's site settings (decision 0079), from the NOTIFY-fed cache.
    readSettings(db),
  ]);
  const lang = langOf(context);
  const maintenance = (lang === "en" && settings.maintenanceEn) || settings.maintenanceTh || null;
  return {
    lang,
    // Only the page's language travels to the browser.
    messages: messagesFor(lang),
    origin: publicOrigin,
    version,
    build: build ?? null,
    user: pickPublicUser(sessionUser),
    shops: activeShop?.shops ?? [],
    activeShopId: activeShop?.shop.id ?? null,
    invitations,
    notices: await currentNotices(db, lang), // site-wide notice bar (layout/notice-bar.tsx)
    // The settings' line on every page and when this page read it (layout/maintenance-line.tsx).
    maintenance,
    renderedAt: Date.now(),
    listingsEnabled: settings.listingsEnabled,
    company: {
      nameTh: company.nameTh,
      nameEn: company.nameEn,
      brand: company.brand,
      addressTh: company.addressTh,
      addressEn: company.addressEn,
      phone: company.phone,
      phoneDisplay: formatPhoneForDisplay(company.phone),
      email: settings.contactEmail || company.email,
      lineId: company.lineId,
      hoursTh: company.hoursTh,
      hoursEn: company.hoursEn,
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, location, error }) => {
  const site = siteFromMatches(matches);
  // A page that is not there (a missing article or listing renders this route's error
  // boundary, whose title is this one) says so instead of showing the site's title.
  if (isRouteErrorResponse(error) && error.status === 404)
    return buildMeta(site, {
      title: siteTranslate(site)("error.notFound"),
      path: location.pathname,
      noindex: true,
    });
  return buildMeta(site, { path: location.pathname });
};

/**
 * The faces every page preloads: found by the browser only once the text is laid out otherwise,
 * the page would be laid out (the costly part of a Thai page's first paint) and painted in the
 * fallback font, then again for each face as it arrives (issue 15). The till on a device that
 * has not loaded them yet is drawn in the system's font and fetches them for the next load
 * (decision 0056).
 */
function FontLoading({ fontsLater, nonce }: { fontsLater: boolean; nonce: string | undefined }) {
  if (fontsLater) {
    return (
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: fontsLaterScript(PRELOADED_FONTS) }}
      />
    );
  }
  return PRELOADED_FONTS.map((font) => (
    <link
      key={font}
      rel="preload"
      href={font}
      as="font"
      type="font/woff2"
      crossOrigin="anonymous"
    />
  ));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = useLang();
  const build = useRouteLoaderData<typeof loader>("root")?.build;
  const nonce = useNonce();
  const matches = useMatches();
  const { frame, area } = messageRefsOf(matches);
  const textFiles = [frame, area].flatMap((ref) => (ref ? [ref.href] : []));
  // React has hydrated the page (effects run once it is committed): tests and scripts that
  // need the page's handlers wait for `<html data-hydrated>`.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d47a1" />
        {/* The build this page runs: a data answer of another makes it reload (stale-build.ts). */}
        {build && <meta name={BUILD_META} content={build} />}
        <Meta />
        {/* A stylesheet with a precedence: after a navigation from the till, whose stylesheet
            has only the till's rules, React shows the next page once the site's has loaded. */}
        <link rel="stylesheet" href={STYLESHEETS[stylesheetOf(matches)]} precedence="site" />
        <Links />
        {/* Only the server renders the fonts' links (or the script that stands for them): the
            browser's copy of the layout leaves them out of its bundle, and hydration passes over
            elements of the head it does not expect. */}
        {import.meta.env.SSR && <FontLoading fontsLater={fontsLaterOf(matches)} nonce={nonce} />}
        {/* The page's interface text (message-registry.ts), read before hydration: a few KiB,
            after what the first paint needs. */}
        {textFiles.map((href) => (
          <link
            key={href}
            rel="preload"
            href={href}
            as="fetch"
            crossOrigin="anonymous"
            fetchPriority="low"
          />
        ))}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* The consent banner: drawn by the server alone, after everything React hydrates. */}
        {import.meta.env.SSR && <ConsentBannerSlot />}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // A page that is a printed document (handle.frame === "none") is rendered alone: nothing of
  // the site's header, notices or footer may end up on the paper. The till is a counter.
  const frame = frameOf(useMatches());
  if (frame === "none") return <Outlet />;
  return (
    <SiteShell company={loaderData.company} counter={frame === "counter"}>
      <Outlet />
    </SiteShell>
  );
}

/**
 * The root is the error boundary of every page. React Router passes only the cookies of a
 * thrown response on by itself; a thrown 429 (the search limit) also keeps its Retry-After.
 */
export function headers({ parentHeaders, errorHeaders }: Route.HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <ErrorPageGuard fallback={<ErrorPageFailed />}>
      <SiteShell company={data?.company}>
        <ErrorPage />
      </SiteShell>
    </ErrorPageGuard>
  );
}

/** What the browser may know about the signed-in member. */
function pickPublicUser(user: ReturnType<typeof sessionUserOf>) {
  return user ? { name: user.name, email: user.email, role: user.role, image: user.image } : null;
}
