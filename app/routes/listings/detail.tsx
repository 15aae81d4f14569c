import { useState, useSyncExternalStore } from "react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/detail";
import { appContext } from "~/context";
import { translateFromMatches } from "~/lib/area-meta";
import { bangkokIsoDate, formatDate } from "~/lib/dates";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { langOf } from "~/lib/i18n/lang.server";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { pagePath } from "~/lib/page-path";
import { formatPhoneForDisplay } from "~/lib/phone";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { adminPostsGate, memberOf } from "~/routes/_gates/member.server";
import { sessionUserOf } from "~/routes/_gates/session.server";
import { getListingForViewer, setListingHidden } from "~/modules/listings/index.server";
import { provinceName } from "~/modules/listings";
import { formatPrice } from "~/lib/money";
import { PhotoGallery } from "~/ui/photo-gallery";

const ADMIN_DONE = ["hidden", "restored"] as const;

// Anyone reads a listing; its only form (take it down, put it back) is for administrators.
export const middleware: Route.MiddlewareFunction[] = [adminPostsGate];

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { db, storage, publicOrigin } = context.get(appContext);
  const viewer = sessionUserOf(context);
  const found = await getListingForViewer(db, storage, params.id, viewer);
  if (!found) throw data(null, { status: 404 });
  const lang = langOf(context);
  const { listing } = found;
  const requested = Number(url.searchParams.get("photo"));
  const adminDone = url.searchParams.get("admin");
  return {
    listing: {
      id: listing.id,
      title: listing.title,
      description: listing.description,
      category: listing.category,
      status: listing.status,
      hidden: listing.hiddenAt !== null,
      priceText: formatPrice(listing.priceSatang, lang),
      // For the structured data (schema.org Offer): baht with two decimals, as text.
      priceBaht: (listing.priceSatang / 100).toFixed(2),
      provinceName: provinceName(listing.province, lang),
      postedAt: listing.publishedAt ?? listing.createdAt,
      updatedAt: listing.updatedAt,
      sellerName: found.sellerName,
    },
    photos: found.photos,
    initialPhoto: Number.isInteger(requested) && requested >= 1 ? requested - 1 : 0,
    // Only members see how to reach the seller (the number never reaches a visitor's browser).
    phone: viewer
      ? { e164: listing.contactPhone, display: formatPhoneForDisplay(listing.contactPhone) }
      : null,
    signInHref: `/user/signIn?redirectTo=${encodeURIComponent(pagePath(request))}`,
    isOwner: found.isOwner,
    isAdmin: viewer?.role === "admin",
    shareUrl: `${publicOrigin}/asset/${listing.id}`,
    saved: url.searchParams.has("saved"),
    adminDone: (ADMIN_DONE as readonly string[]).includes(adminDone ?? "")
      ? (adminDone as (typeof ADMIN_DONE)[number])
      : null,
  };
}

const moderateSchema = z.object({ intent: z.enum(["hide", "restore"]) });

/** Admins take a listing off the site or put it back (checked by the gate, not by the button). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = memberOf(context);
  const { db, logger } = context.get(appContext);
  const read = readForm(await request.formData(), moderateSchema);
  if (!read.ok) throw data(null, { status: 400 });
  const { intent } = read.data;
  const found = await setListingHidden(db, admin.id, params.id, intent === "hide");
  if (!found) throw data(null, { status: 404 });
  logger.info({ adminId: admin.id, listingId: params.id, intent }, "admin moderated a listing");
  return redirect(`/asset/${params.id}?admin=${intent === "hide" ? "hidden" : "restored"}`);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return buildMeta(site, { path: location.pathname, noindex: true });
  const { listing, photos } = loaderData;
  const t = translateFromMatches(matches);
  const cover = photos[0];
  const url = `${site?.origin ?? ""}/asset/${listing.id}`;
  return buildMeta(site, {
    title: `${listing.title} ${listing.priceText}`,
    description: `${t(`listings.category.${listing.category}` as MessageKey)} · ${listing.provinceName} · ${listing.description.replace(/\s+/g, " ").slice(0, 150)}`,
    path: `/asset/${listing.id}`,
    image: cover?.full,
    noindex: listing.status === "draft" || listing.hidden,
    extra: [
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "Product",
          name: listing.title,
          description: listing.description.slice(0, 500),
          image: photos.map((photo) =>
            /^https?:/.test(photo.full) ? photo.full : `${site?.origin ?? ""}${photo.full}`,
          ),
          offers: {
            "@type": "Offer",
            url,
            price: listing.priceBaht,
            priceCurrency: "THB",
            availability:
              listing.status === "sold"
                ? "https://schema.org/SoldOut"
                : "https://schema.org/InStock",
          },
        },
      },
    ],
  });
};

export default function ListingDetail({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { listing, photos, phone, isOwner, isAdmin, shareUrl } = loaderData;
  const shareText = encodeURIComponent(`${listing.title} ${shareUrl}`);
  return (
    <div className="container py-4 py-lg-5" data-testid="listing-detail">
      <nav aria-label="breadcrumb">
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to="/asset">{t("listings.title")}</Link>
          </li>
          <li className="breadcrumb-item">
            <Link to={`/asset?category=${listing.category}`}>
              {t(`listings.category.${listing.category}` as MessageKey)}
            </Link>
          </li>
        </ol>
      </nav>

      {loaderData.saved && (
        <div className="alert alert-success" role="status" data-testid="listing-saved">
          {t("listings.detail.saved")}
        </div>
      )}
      {loaderData.adminDone && (
        <div className="alert alert-success" role="status" data-testid="listing-admin-done">
          {t(`listings.admin.${loaderData.adminDone}`)}
        </div>
      )}
      {listing.hidden && (
        <div className="alert alert-danger" data-testid="listing-hidden-notice">
          {t("listings.detail.hiddenNotice")}
        </div>
      )}
      {listing.status === "draft" && (
        <div className="alert alert-warning" data-testid="listing-draft-notice">
          {t("listings.detail.draftNotice")}
        </div>
      )}

      <div className="row g-4 g-lg-5">
        <div className="col-lg-7">
          {photos.length > 0 ? (
            <PhotoGallery
              photos={photos.map((photo) => ({
                id: photo.id,
                src: photo.full,
                srcSet: photo.fullSrcSet,
                thumb: photo.thumb,
                width: photo.width,
                height: photo.height,
              }))}
              initialIndex={loaderData.initialPhoto}
              alt={(n) =>
                `${listing.title} (${t("listings.gallery.photoOf", { n, total: photos.length })})`
              }
              labels={{
                region: t("listings.gallery.label"),
                previous: t("listings.gallery.previous"),
                next: t("listings.gallery.next"),
                photoOf: (n, total) => t("listings.gallery.photoOf", { n, total }),
                show: (n) => t("listings.gallery.show", { n }),
              }}
            />
          ) : (
            <div className="photo-gallery__stage text-white-50">{t("listings.noPhoto")}</div>
          )}
        </div>

        <div className="col-lg-5">
          <p className="mb-2">
            <span className="badge text-bg-light me-1">
              {t(`listings.category.${listing.category}` as MessageKey)}
            </span>
            {listing.status !== "published" && (
              <span
                className={`badge ${listing.status === "sold" ? "text-bg-dark" : "text-bg-warning"}`}
                data-testid="listing-status"
              >
                {t(`listings.status.${listing.status}`)}
              </span>
            )}
          </p>
          <h1 className="h2" data-testid="listing-title">
            {listing.title}
          </h1>
          <p className="listing-price mb-1" data-testid="listing-price">
            {listing.priceText}
          </p>
          {listing.status === "sold" && (
            <p className="text-secondary">{t("listings.detail.soldNotice")}</p>
          )}
          <dl className="row small mb-3">
            <dt className="col-4 fw-normal text-secondary">{t("listings.detail.province")}</dt>
            <dd className="col-8" data-testid="listing-province">
              {listing.provinceName}
            </dd>
            <dt className="col-4 fw-normal text-secondary">{t("listings.detail.category")}</dt>
            <dd className="col-8">{t(`listings.category.${listing.category}` as MessageKey)}</dd>
          </dl>
          <p className="small text-secondary mb-3">
            <time dateTime={bangkokIsoDate(listing.postedAt)} data-testid="listing-posted">
              {t("listings.detail.postedOn", { date: formatDate(listing.postedAt, lang) })}
            </time>
            {" · "}
            {t("listings.detail.seller", { name: listing.sellerName })}
          </p>

          <section className="card mb-3" aria-labelledby="contact-title">
            <div className="card-body">
              <h2 id="contact-title" className="h6">
                {t("listings.detail.contact")}
              </h2>
              {phone ? (
                <a
                  href={`tel:${phone.e164}`}
                  className="btn btn-primary"
                  data-testid="listing-phone"
                >
                  {t("listings.detail.call", { phone: phone.display })}
                </a>
              ) : (
                <>
                  <p className="small text-secondary mb-2">
                    {t("listings.detail.phoneForMembers")}
                  </p>
                  <Link
                    to={loaderData.signInHref}
                    className="btn btn-outline-primary"
                    data-testid="listing-sign-in-for-phone"
                  >
                    {t("listings.detail.signInForPhone")}
                  </Link>
                </>
              )}
            </div>
          </section>

          {isOwner && (
            <div className="d-flex flex-wrap gap-2 mb-3">
              <Link
                to={`/user/bhPost?id=${listing.id}`}
                className="btn btn-outline-primary"
                data-testid="listing-edit"
              >
                {t("listings.detail.edit")}
              </Link>
              <Link to="/user/listings" className="btn btn-outline-secondary">
                {t("listings.detail.manage")}
              </Link>
            </div>
          )}

          {isAdmin && !isOwner && (
            <section className="border rounded p-3 mb-3" aria-labelledby="admin-title">
              <h2 id="admin-title" className="h6">
                {t("listings.admin.title")}
              </h2>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value={listing.hidden ? "restore" : "hide"}
                  className={`btn btn-sm ${listing.hidden ? "btn-outline-success" : "btn-outline-danger"}`}
                  data-testid="listing-admin-toggle"
                >
                  {t(listing.hidden ? "listings.admin.restore" : "listings.admin.hide")}
                </button>
              </Form>
            </section>
          )}

          {listing.status !== "draft" && !listing.hidden && (
            <ShareLinks url={shareUrl} lineText={shareText} />
          )}
        </div>
      </div>

      <section className="mt-4 mt-lg-5" aria-labelledby="description-title">
        <h2 id="description-title" className="h4">
          {t("listings.detail.description")}
        </h2>
        <p className="listing-description" data-testid="listing-description">
          {listing.description}
        </p>
      </section>

      <p className="mt-4">
        <Link to="/asset">← {t("listings.detail.back")}</Link>
      </p>
    </div>
  );
}

const subscribeNever = () => () => {};

/** Plain share links (no third-party script); copying needs JavaScript, the link is shown anyway. */
function ShareLinks({ url, lineText }: { url: string; lineText: string }) {
  const t = useT();
  // Only offered where the browser can copy (never in the server's HTML).
  const canCopy = useSyncExternalStore(
    subscribeNever,
    () => !!navigator.clipboard,
    () => false,
  );
  const [copied, setCopied] = useState(false);
  const encoded = encodeURIComponent(url);
  return (
    <section aria-labelledby="share-title" data-testid="listing-share">
      <h2 id="share-title" className="h6">
        {t("listings.detail.share")}
      </h2>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <a
          className="btn btn-sm btn-outline-success"
          href={`https://line.me/R/msg/text/?${lineText}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("listings.detail.shareLine")}
        </a>
        <a
          className="btn btn-sm btn-outline-primary"
          href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("listings.detail.shareFacebook")}
        </a>
        {canCopy && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              void navigator.clipboard.writeText(url).then(() => setCopied(true));
            }}
          >
            {copied ? t("listings.detail.copied") : t("listings.detail.copyLink")}
          </button>
        )}
      </div>
      <label className="form-label small text-secondary" htmlFor="share-url">
        {t("listings.detail.linkLabel")}
      </label>
      <input
        id="share-url"
        className="form-control form-control-sm"
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <span className="visually-hidden" aria-live="polite">
        {copied ? t("listings.detail.copied") : ""}
      </span>
    </section>
  );
}
