import { Link } from "react-router";
import type { Route } from "./+types/home";
import { appContext } from "~/context";
import { langOf } from "~/lib/i18n/lang.server";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { illustrationImage } from "~/lib/illustrations";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import {
  listActiveBanners,
  listArticles,
  listProductCategories,
} from "~/modules/content/index.server";
import { listNewestListings } from "~/modules/listings/index.server";
import { orderBySlugs } from "~/modules/settings";
import { readSettings } from "~/modules/settings/index.server";
import { ListingCard } from "~/layout/listing-card";
import { SlideCarousel } from "~/ui/slide-carousel";
import { ArticleCard } from "~/layout/article-card";
import { articleCardOf } from "~/layout/article-card.server";

// How wide the pictures are shown (Bootstrap's grid), for the browser to pick a width early.
const CARD_OF_FOUR =
  "(min-width: 1400px) 312px, (min-width: 992px) 25vw, (min-width: 576px) 50vw, 100vw";
const HALF_ROW = "(min-width: 1400px) 636px, (min-width: 992px) 50vw, 100vw";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = context.get(appContext);
  const lang = langOf(context);
  const settings = await readSettings(db);
  // The site settings (decision 0079): the admin's featured articles and banner order, and the
  // listing board's switch.
  const chosen = settings.featuredArticles;
  const [banners, categories, featured, listings] = await Promise.all([
    listActiveBanners(db).then((rows) => orderBySlugs(rows, settings.bannerOrder)),
    listProductCategories(db),
    chosen.length > 0
      ? listArticles(db).then((rows) =>
          chosen.flatMap((slug) => rows.filter((article) => article.slug === slug)),
        )
      : listArticles(db, { featuredOnly: true, limit: 3 }),
    settings.listingsEnabled ? listNewestListings(db, storage, lang, 8) : [],
  ]);
  return {
    ...areaMessagesOf(context, "home"),
    // The pictures' addresses are made here (illustrations.ts stays out of the page's script).
    banners: banners.map(({ image, ...banner }) => ({
      ...banner,
      picture: illustrationImage(image),
    })),
    categories: categories.map(({ image, ...category }) => ({
      ...category,
      picture: illustrationImage(image),
    })),
    featured: featured.map((article) => articleCardOf(article, lang)),
    shophubPicture: illustrationImage("/images/banners/shophub-pos.svg"),
    // Only what a card shows travels with the page.
    listings: listings.map((listing) => ({
      id: listing.id,
      title: listing.title,
      priceText: listing.priceText,
      provinceName: listing.provinceName,
      cover: listing.cover,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  buildMeta(siteFromMatches(matches), { path: location.pathname });

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const th = lang === "th";
  const company = matches[0].loaderData.company;
  const slides = loaderData.banners.map((banner, index) => ({
    id: banner.slug,
    content: (
      <div className="hero-slide">
        <img
          {...banner.picture}
          sizes="100vw"
          alt={th ? banner.imageAltTh : banner.imageAltEn}
          width={1600}
          height={600}
          className="hero-slide__image"
          loading={index === 0 ? "eager" : "lazy"}
          fetchPriority={index === 0 ? "high" : "auto"}
          decoding="async"
        />
        <div className="hero-slide__text container">
          <div className="hero-slide__box">
            {index === 0 ? (
              <h1 className="hero-slide__title">{th ? banner.titleTh : banner.titleEn}</h1>
            ) : (
              <p className="hero-slide__title h1">{th ? banner.titleTh : banner.titleEn}</p>
            )}
            <p className="hero-slide__subtitle">{th ? banner.subtitleTh : banner.subtitleEn}</p>
            <Link to={banner.linkHref} className="btn btn-accent btn-lg">
              {th ? banner.linkLabelTh : banner.linkLabelEn}
            </Link>
          </div>
        </div>
      </div>
    ),
  }));
  return (
    <>
      <SlideCarousel
        slides={slides}
        label={t("home.slidesLabel")}
        prevLabel={t("home.heroPrev")}
        nextLabel={t("home.heroNext")}
        pauseLabel={t("home.pauseSlides")}
        playLabel={t("home.playSlides")}
        slideLabel={(n, total) => t("home.slideOf", { n, total })}
      />

      <section id="products" className="container py-5" aria-labelledby="products-title">
        <h2 id="products-title" className="section-title">
          {t("home.categoriesTitle")}
        </h2>
        <p className="lead text-secondary mb-4">{t("home.categoriesLead")}</p>
        <div className="row g-4">
          {loaderData.categories.map((category, index) => (
            <div key={category.slug} className="col-sm-6 col-lg-3">
              <article className="card h-100 category-card">
                <img
                  {...category.picture}
                  sizes={CARD_OF_FOUR}
                  alt=""
                  width={480}
                  height={320}
                  // On a phone the first card shows below the banner: fetched with the page,
                  // not after its layout. At the default priority: the banner is the largest
                  // picture, and what is fetched at high priority before the first paint
                  // competes with it on a slow line.
                  loading={index === 0 ? "eager" : "lazy"}
                  decoding="async"
                  className="card-img-top"
                />
                <div className="card-body d-flex flex-column">
                  <h3 className="h5 card-title">{th ? category.nameTh : category.nameEn}</h3>
                  <p className="card-text flex-grow-1">
                    {th ? category.summaryTh : category.summaryEn}
                  </p>
                  {category.articleSlug && (
                    <Link to={`/article/${category.articleSlug}`} className="stretched-link">
                      {t("home.productsCta")}
                      {/* Seven cards: each link names its category for screen readers. */}
                      <span className="visually-hidden">
                        {": "}
                        {th ? category.nameTh : category.nameEn}
                      </span>
                    </Link>
                  )}
                </div>
              </article>
            </div>
          ))}
          <div className="col-sm-6 col-lg-3">
            <div className="card h-100 category-card category-card--cta text-white">
              <div className="card-body d-flex flex-column justify-content-center">
                <h3 className="h5">{t("home.contactTitle")}</h3>
                <p>{t("home.contactLead")}</p>
                <a href={`tel:${company.phone}`} className="btn btn-accent">
                  {t("home.callUs", { phone: company.phoneDisplay })}
                </a>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section
        className="bg-light-subtle py-5 border-top border-bottom"
        aria-labelledby="featured-title"
      >
        <div className="container">
          <div className="d-flex justify-content-between align-items-baseline mb-3">
            <h2 id="featured-title" className="section-title mb-0">
              {t("home.featuredTitle")}
            </h2>
            <Link to="/article">{t("home.allArticles")}</Link>
          </div>
          <div className="row g-4">
            {loaderData.featured.map((article) => (
              <div key={article.slug} className="col-md-4">
                <ArticleCard article={article} heading="h3" />
              </div>
            ))}
          </div>
        </div>
      </section>

      {loaderData.listings.length > 0 && (
        <section className="container py-5" aria-labelledby="listings-title">
          <div className="d-flex justify-content-between align-items-baseline mb-3">
            <h2 id="listings-title" className="section-title mb-0">
              {t("homeListings.title")}
            </h2>
            <Link to="/asset">{t("homeListings.all")}</Link>
          </div>
          <div className="row g-3 g-lg-4">
            {loaderData.listings.map((listing) => (
              <div key={listing.id} className="col-6 col-lg-3">
                <ListingCard listing={listing} noPhotoLabel={t("homeListings.noPhoto")} />
              </div>
            ))}
          </div>
        </section>
      )}

      <section className="container py-5" aria-labelledby="shophub-title">
        <div className="row align-items-center g-4 shophub-promo">
          <div className="col-lg-6">
            <h2 id="shophub-title" className="section-title">
              {t("home.shophubTitle")}
            </h2>
            <p className="lead">{t("home.shophubLead")}</p>
            <ul className="check-list">
              <li>{t("home.shophubPoint1")}</li>
              <li>{t("home.shophubPoint2")}</li>
              <li>{t("home.shophubPoint3")}</li>
            </ul>
            <Link to="/shophub" className="btn btn-primary btn-lg">
              {t("home.shophubCta")}
            </Link>
          </div>
          <div className="col-lg-6">
            <img
              {...loaderData.shophubPicture}
              sizes={HALF_ROW}
              alt=""
              width={1600}
              height={600}
              loading="lazy"
              decoding="async"
              className="img-fluid rounded-4 shadow-sm"
            />
          </div>
        </div>
      </section>

      <section className="contact-cta py-5 text-white" aria-labelledby="contact-cta-title">
        <div className="container d-md-flex align-items-center justify-content-between gap-4">
          <div>
            <h2 id="contact-cta-title" className="h3">
              {t("home.contactTitle")}
            </h2>
            <p className="mb-md-0">{t("home.contactLead")}</p>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <a href={`tel:${company.phone}`} className="btn btn-accent btn-lg">
              {t("home.callUs", { phone: company.phoneDisplay })}
            </a>
            <Link to="/contact" className="btn btn-outline-light btn-lg">
              {t("home.sendMessage")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
