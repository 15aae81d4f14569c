import { Alert, Button, Form as BsForm } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/post";
import { appContext } from "~/context";
import { translateFromMatches } from "~/lib/area-meta";
import type { MessageKey } from "~/lib/i18n";
import { langOf } from "~/lib/i18n/lang.server";
import { useT } from "~/lib/i18n/use-translation";
import { formatPhoneForDisplay } from "~/lib/phone";
import { retryAfterHeaders } from "~/lib/retry-after-headers";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { readForm } from "~/lib/forms/read-form";
import { memberOf } from "~/routes/_gates/member.server";
import {
  LISTING_CATEGORIES,
  LISTING_STATUSES,
  DESCRIPTION_MAX,
  MAX_LISTING_PHOTOS,
  MAX_PHOTO_BYTES,
  TITLE_MAX,
  listingFormSchema,
  existingToken,
  newToken,
  PHOTO_FIELD,
  planPhotos,
  POSITION_FIELD_PREFIX,
  provincesForSelect,
} from "~/modules/listings";
import {
  readListingRequest,
  LISTING_SAVE_LIMIT,
  requireOwnListing,
  saveListing,
} from "~/modules/listings/index.server";
import { hitRateLimit } from "~/modules/platform/index.server";
import { satangToBahtInput } from "~/lib/money";
import { PhotoPicker } from "~/ui/photo-picker";
import { TextField } from "~/ui/text-field";
import { IMAGE_REJECTIONS } from "~/routes/errors.server";
import { LISTING_REFUSALS, listingErrorPage, UPLOAD_REFUSALS } from "./errors";

interface ActionData {
  values: Record<string, string>;
  errors: Record<string, MessageKey>;
  /** Uploaded files the server refused, by name. */
  photoErrors: { name: string; error: MessageKey }[];
  formError?: MessageKey;
  retryMinutes?: number;
  /** Files were sent but not kept (a browser without JavaScript must choose them again). */
  photosDropped?: boolean;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const member = memberOf(context);
  const { db, storage } = context.get(appContext);
  const lang = langOf(context);
  const id = url.searchParams.get("id");
  const own = id
    ? await requireOwnListing(db, storage, member.id, id).catch(listingErrorPage)
    : null;
  const listing = own?.listing;
  return {
    editing: listing ? { id: listing.id, hidden: listing.hiddenAt !== null } : null,
    defaults: {
      title: listing?.title ?? "",
      description: listing?.description ?? "",
      category: listing?.category ?? "",
      price: listing ? satangToBahtInput(listing.priceSatang, { dropZeroSatang: true }) : "",
      province: listing?.province ?? "",
      contactPhone: formatPhoneForDisplay(listing?.contactPhone ?? member.phone ?? "") || "",
      status: listing?.status ?? "published",
    },
    photos: (own?.photos ?? []).map((photo) => ({
      token: existingToken(photo.id),
      thumb: photo.thumb,
      isCover: photo.isCover,
    })),
    provinces: provincesForSelect(lang),
    // Said before the form is filled in; the action refuses the post as well.
    mustVerifyEmail: !member.emailVerified,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = memberOf(context);
  const { db, storage, logger } = context.get(appContext);
  const id = url.searchParams.get("id");
  // Only the owner may change a listing: checked before the upload is even read.
  const own = id
    ? await requireOwnListing(db, storage, member.id, id).catch(listingErrorPage)
    : null;
  const reply = (result: Partial<ActionData>, status: number, headers?: HeadersInit) =>
    data<ActionData>({ values: {}, errors: {}, photoErrors: [], ...result }, { status, headers });

  // Until the address is proven, the account may belong to someone who typed another
  // person's address (account pre-hijacking): it cannot post.
  if (!member.emailVerified) {
    await request.body?.cancel().catch(() => {});
    return reply({ formError: "listings.error.verifyEmailFirst" }, 403);
  }
  const limit = await hitRateLimit(db, LISTING_SAVE_LIMIT, member.id);
  if (!limit.allowed) {
    await request.body?.cancel().catch(() => {});
    return reply(
      {
        formError: "error.tooManyRequests",
        retryMinutes: Math.ceil(limit.retryAfterSeconds / 60),
      },
      429,
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }

  const read = await readListingRequest(request);
  if (!read.ok) {
    const refusal = UPLOAD_REFUSALS[read.error];
    return reply({ errors: { photos: refusal.message }, photosDropped: true }, refusal.status);
  }
  const parsed = readForm(read.form, listingFormSchema);
  const rejected = read.photos.flatMap((photo) =>
    photo.ok ? [] : [{ name: photo.name, error: IMAGE_REJECTIONS[photo.error] }],
  );
  const plan = planPhotos(
    (own?.photos ?? []).map((photo) => ({ id: photo.id, isCover: photo.isCover })),
    read.photos.length,
    read.form,
  );
  const errors = parsed.ok ? {} : { ...parsed.errors };
  if (!plan.ok) errors.photos = UPLOAD_REFUSALS[plan.error].message;
  if (!parsed.ok || !plan.ok || rejected.length > 0) {
    return reply(
      {
        values: parsed.values,
        errors,
        photoErrors: rejected,
        photosDropped: read.photos.length > 0,
      },
      400,
    );
  }
  const outcome = await saveListing(db, storage, {
    ownerId: member.id,
    existingId: own?.listing.id ?? null,
    data: parsed.data,
    uploads: read.photos.flatMap((photo) => (photo.ok ? [photo.image] : [])),
    plan: plan.plan,
  }).catch(listingErrorPage);
  if (!outcome.ok) {
    const refusal = LISTING_REFUSALS[outcome.error];
    return reply(
      { values: parsed.values, errors: { status: refusal.message }, photosDropped: true },
      refusal.status,
    );
  }
  logger.info(
    { listingId: outcome.id, ownerId: member.id, photos: plan.plan.order.length },
    own ? "listing updated" : "listing created",
  );
  return redirect(`/asset/${outcome.id}?saved=1`);
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

// Without a connection the page stays as it is (files and text included), with a Thai message.
export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const t = translateFromMatches(matches);
  return buildMeta(siteFromMatches(matches), {
    title: t(loaderData?.editing ? "listings.form.editTitle" : "listings.form.newTitle"),
    path: location.pathname,
    noindex: true,
  });
};

const STATUS_LABEL: Record<(typeof LISTING_STATUSES)[number], MessageKey> = {
  draft: "listings.form.statusDraft",
  published: "listings.form.statusPublished",
  sold: "listings.form.statusSold",
};

export default function PostListing({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { editing, defaults, photos, provinces } = loaderData;
  const result = actionData as Partial<ActionData> | undefined;
  const photoErrors = result?.photoErrors ?? [];
  const value = (name: keyof typeof defaults) => result?.values?.[name] ?? defaults[name];
  const errorOf = (name: string) => {
    const key = result?.errors?.[name];
    return key ? t(key) : undefined;
  };
  const hasErrors = Object.keys(result?.errors ?? {}).length > 0 || photoErrors.length > 0;
  const cover = photos.find((photo) => photo.isCover) ?? photos[0];
  return (
    <div className="container py-4 py-lg-5" style={{ maxWidth: "60rem" }}>
      <h1>{t(editing ? "listings.form.editTitle" : "listings.form.newTitle")}</h1>
      <p className="text-secondary">{t("listings.form.lead")}</p>
      {loaderData.mustVerifyEmail && !result?.formError && (
        <Alert variant="warning" data-testid="verify-email-first">
          {t("listings.error.verifyEmailFirst")}
        </Alert>
      )}
      {result?.formError && (
        <Alert variant="danger" data-testid="form-error">
          {t(result.formError, { minutes: result.retryMinutes ?? 60 })}
        </Alert>
      )}
      {hasErrors && (
        <Alert variant="danger" data-testid="form-error">
          {t("listings.form.fixErrors")}
        </Alert>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="listing-form"
        data-testid="listing-form"
      >
        <TextField
          idPrefix="listing"
          name="title"
          label={t("listings.form.title")}
          hint={t("listings.form.titleHint")}
          maxLength={TITLE_MAX}
          defaultValue={value("title")}
          error={errorOf("title")}
          required
        />
        <BsForm.Group className="mb-3" controlId="listing-description">
          <BsForm.Label>{t("listings.form.description")}</BsForm.Label>
          <BsForm.Control
            as="textarea"
            name="description"
            rows={8}
            maxLength={DESCRIPTION_MAX}
            defaultValue={value("description")}
            isInvalid={!!errorOf("description")}
            aria-describedby={
              errorOf("description") ? "listing-description-error" : "listing-description-hint"
            }
            required
          />
          {errorOf("description") ? (
            <BsForm.Control.Feedback
              type="invalid"
              id="listing-description-error"
              data-error-for="description"
            >
              {errorOf("description")}
            </BsForm.Control.Feedback>
          ) : (
            <BsForm.Text id="listing-description-hint" muted>
              {t("listings.form.descriptionHint")}
            </BsForm.Text>
          )}
        </BsForm.Group>
        <div className="row">
          <BsForm.Group className="mb-3 col-md-6" controlId="listing-category">
            <BsForm.Label>{t("listings.form.category")}</BsForm.Label>
            <BsForm.Select
              name="category"
              defaultValue={value("category")}
              isInvalid={!!errorOf("category")}
              aria-describedby={errorOf("category") ? "listing-category-error" : undefined}
              required
            >
              <option value="">{t("listings.form.choose")}</option>
              {LISTING_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`listings.category.${category}` as MessageKey)}
                </option>
              ))}
            </BsForm.Select>
            <BsForm.Control.Feedback
              type="invalid"
              id="listing-category-error"
              data-error-for="category"
            >
              {errorOf("category")}
            </BsForm.Control.Feedback>
          </BsForm.Group>
          <BsForm.Group className="mb-3 col-md-6" controlId="listing-province">
            <BsForm.Label>{t("listings.form.province")}</BsForm.Label>
            <BsForm.Select
              name="province"
              defaultValue={value("province")}
              isInvalid={!!errorOf("province")}
              aria-describedby={errorOf("province") ? "listing-province-error" : undefined}
              required
            >
              <option value="">{t("listings.form.choose")}</option>
              {provinces.map((province) => (
                <option key={province.code} value={province.code}>
                  {province.name}
                </option>
              ))}
            </BsForm.Select>
            <BsForm.Control.Feedback
              type="invalid"
              id="listing-province-error"
              data-error-for="province"
            >
              {errorOf("province")}
            </BsForm.Control.Feedback>
          </BsForm.Group>
        </div>
        <div className="row">
          <div className="col-md-6">
            <TextField
              idPrefix="listing"
              name="price"
              inputMode="decimal"
              label={t("listings.form.price")}
              hint={t("listings.form.priceHint")}
              defaultValue={value("price")}
              error={errorOf("price")}
              required
            />
          </div>
          <div className="col-md-6">
            <TextField
              idPrefix="listing"
              name="contactPhone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              label={t("listings.form.contactPhone")}
              hint={t("listings.form.contactPhoneHint")}
              defaultValue={value("contactPhone")}
              error={errorOf("contactPhone")}
              required
            />
          </div>
        </div>

        <fieldset className="mb-4" aria-describedby="listing-photos-hint">
          <legend className="h5">{t("listings.photos.title")}</legend>
          <p id="listing-photos-hint" className="form-text mt-0">
            {t("listings.photos.hint")}
          </p>
          {(errorOf("photos") || photoErrors.length > 0) && (
            <ul className="text-danger small" id="listing-photos-error" data-error-for="photos">
              {errorOf("photos") && <li>{errorOf("photos")}</li>}
              {photoErrors.map((photo) => (
                <li key={photo.name}>
                  {t("listings.photos.rejected", { name: photo.name, reason: t(photo.error) })}
                </li>
              ))}
            </ul>
          )}
          {result?.photosDropped && (
            <noscript>
              <p className="text-danger small">{t("listings.photos.reselect")}</p>
            </noscript>
          )}
          <PhotoPicker
            stored={photos}
            initialCover={cover?.token ?? null}
            max={MAX_LISTING_PHOTOS}
            maxBytes={MAX_PHOTO_BYTES}
            invalid={!!errorOf("photos") || photoErrors.length > 0}
            describedBy="listing-photos-hint"
            fields={{
              files: PHOTO_FIELD,
              position: (token) => `${POSITION_FIELD_PREFIX}${token}`,
              remove: "photoRemove",
              cover: "cover",
              newToken,
            }}
            labels={{
              drop: t("listings.photos.drop"),
              or: t("listings.photos.or"),
              pick: t("listings.photos.pick"),
              add: t("listings.photos.add"),
              cover: t("listings.photos.cover"),
              makeCover: t("listings.photos.makeCover"),
              moveEarlier: t("listings.photos.moveEarlier"),
              moveLater: t("listings.photos.moveLater"),
              remove: t("listings.photos.remove"),
              order: t("listings.photos.order"),
              newPhoto: t("listings.photos.new"),
              count: (count) => t("listings.photos.count", { count }),
              none: t("listings.photos.none"),
              addNoScript: t("listings.photos.addNoScript"),
              photoAlt: (n) => t("listings.photos.photoAlt", { n }),
              skippedTooLarge: (name) => t("listings.photos.skippedTooLarge", { name }),
              skippedNotImage: (name) => t("listings.photos.skippedNotImage", { name }),
              skippedTooMany: (count) => t("listings.photos.skippedTooMany", { count }),
            }}
          />
        </fieldset>

        <fieldset
          className="mb-4"
          aria-describedby={errorOf("status") ? "listing-status-error" : undefined}
        >
          <legend className="h5">{t("listings.form.status")}</legend>
          {LISTING_STATUSES.filter((status) => editing || status !== "sold").map((status) => (
            <BsForm.Check
              key={status}
              type="radio"
              id={`listing-status-${status}`}
              name="status"
              value={status}
              label={t(STATUS_LABEL[status])}
              defaultChecked={value("status") === status}
              disabled={status === "published" && editing?.hidden}
            />
          ))}
          {errorOf("status") && (
            <p className="text-danger small mt-1" id="listing-status-error" data-error-for="status">
              {errorOf("status")}
            </p>
          )}
        </fieldset>

        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" disabled={busy} data-testid="listing-save">
            {busy ? t("listings.form.saving") : t("listings.form.save")}
          </Button>
          <Link
            to={editing ? `/asset/${editing.id}` : "/user/listings"}
            className="btn btn-outline-secondary"
          >
            {t("listings.form.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
