import type { MetaDescriptor } from "react-router";
import { createTranslate, DEFAULT_LANG, type Lang, type Translate } from "./i18n";
import { knownMessages, type MessagesRef } from "./i18n/message-registry";

/** What the root loader shares with every page's meta function. */
export interface SiteMetaContext {
  lang: Lang;
  messages: MessagesRef;
  origin: string;
  company: { nameTh: string; nameEn: string; phone: string; phoneDisplay: string; email: string };
}

export interface PageMeta {
  /** Page title without the site name; omit for the home page. */
  title?: string;
  description?: string;
  /** Path of the page, e.g. "/contact"; becomes the canonical URL. */
  path: string;
  image?: string;
  type?: "website" | "article";
  keywords?: string[];
  noindex?: boolean;
  extra?: MetaDescriptor[];
}

/**
 * Builds the full set of tags for a page. React Router keeps only the deepest route's meta,
 * so every page goes through this one function.
 */
export function buildMeta(site: SiteMetaContext | undefined, page: PageMeta): MetaDescriptor[] {
  const lang = site?.lang ?? "th";
  const t = siteTranslate(site);
  const phone = site?.company.phoneDisplay ?? "";
  // Without the root data (a hard error) only the short frame texts are in the browser.
  const siteTitle = site ? t("site.title") : t("site.name");
  const title = page.title ? `${page.title} | ${t("site.name")}` : siteTitle;
  const description = page.description ?? (site ? t("site.description", { phone }) : "");
  const origin = site?.origin ?? "";
  const url = `${origin}${page.path}`;
  const picture = page.image ?? "/images/og-default.png";
  // Stored photos may already be absolute (a bucket's public URL).
  const image = /^https?:\/\//.test(picture) ? picture : `${origin}${picture}`;
  const keywords = page.keywords?.length
    ? page.keywords.join(", ")
    : site
      ? t("site.keywords")
      : "";
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: t("site.name") },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: lang === "th" ? "th_TH" : "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (site) {
    tags.push(
      { name: "contact:phone_number", content: site.company.phone },
      { property: "business:contact_data:phone_number", content: site.company.phone },
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "Organization",
          name: site.company.nameTh,
          alternateName: site.company.nameEn,
          url: `${origin}/`,
          logo: `${origin}/images/logo.svg`,
          telephone: site.company.phone,
          email: site.company.email,
        },
      },
    );
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return [...tags, ...(page.extra ?? [])];
}

/** Finds the root loader's data among a meta function's `matches`. */
export function siteFromMatches(matches: readonly unknown[]): SiteMetaContext | undefined {
  const root = matches.find(
    (match): match is { id: string; loaderData: SiteMetaContext } =>
      typeof match === "object" && match !== null && (match as { id?: string }).id === "root",
  );
  return root?.loaderData ?? undefined;
}

/** The translator for a meta function, from the root loader's messages. */
export function siteTranslate(site: SiteMetaContext | undefined): Translate {
  return createTranslate(knownMessages(site?.messages), undefined, site?.lang ?? DEFAULT_LANG);
}
