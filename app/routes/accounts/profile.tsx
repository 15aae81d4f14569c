import { Alert, Button, Form as BsForm } from "react-bootstrap";
import { formatPhoneForDisplay } from "~/lib/phone";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import {
  type FormFailure,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  profileDetailsSchema,
} from "~/modules/accounts";
import type { Route } from "./+types/profile";
import { forgetCached } from "~/modules/platform/index.server";
import { appContext, type SessionUser } from "~/context";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { privatePageMeta } from "~/lib/area-meta";
import {
  createAccountMailer,
  changePassword,
  deleteAccount,
  requestEmailChange,
  signOutEverywhere,
  updateProfile,
  removeProfilePhoto,
  setProfilePhoto,
  passwordRefusal,
  type AccountRefusal,
} from "~/modules/accounts/index.server";
import { readForm } from "~/lib/forms/read-form";
import { PasswordStrength } from "~/features/accounts/password-strength";
import {
  announceListingsOfAccountChanged,
  listingIdsOf,
  listingPhotoKeysOf,
  removeListingPhotoFiles,
} from "~/modules/listings/index.server";
import { MAX_IMAGE_BYTES } from "~/modules/media/index.server";
import { memberOf } from "~/routes/_gates/member.server";
import { TextField } from "~/ui/text-field";
import { retryAfterHeaders } from "~/lib/retry-after-headers";
import { useClearPasswords } from "~/ui/use-clear-passwords";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/image-signature";
import { usePictureFileCheck } from "~/ui/use-picture-file-check";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { IMAGE_REJECTIONS } from "~/routes/errors.server";
import { ACCOUNT_REFUSALS } from "./errors";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { passwordOwnerOf } from "./password-owner.server";
import { PushSettings } from "~/features/push/push-settings";
import { pushProfileOf, changePush, type PushIntent } from "./push.server";

const INTENTS = [
  "details",
  "push-subscribe",
  "push-unsubscribe",
  "push-shop",
  "photo",
  "photo-remove",
  "email",
  "password",
  "sessions",
  "delete",
] as const;
// Refuse oversized uploads before reading the body (the image limit plus form overhead).
const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
type Intent = (typeof INTENTS)[number];
// A form without a known intent is the details form (the first on the page).
const intentSchema = z.object({ intent: z.enum(INTENTS).catch("details") });
const photoSchema = z.object({
  photo: z.file({ error: "media.error.noFile" }).min(1, "media.error.noFile"),
});
type ActionResult = FormFailure & { intent: Intent; done?: MessageKey };

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = memberOf(context);
  const url = new URL(request.url);
  return {
    // Web Push on this device and the member's shop alerts (decision 0078).
    push: await pushProfileOf(context, member),
    ...areaMessagesOf(context, "account"),
    member: {
      name: member.name,
      email: member.email,
      // Shown back the Thai way (089-765-4321); stored as E.164.
      phone: member.phone ? formatPhoneForDisplay(member.phone) : null,
      emailVerified: member.emailVerified,
      image: member.image,
    },
    emailChanged: url.searchParams.has("emailChanged"),
  };
}

export async function action(args: Route.ActionArgs) {
  const member = memberOf(args.context);
  try {
    return await changeProfile(args, member);
  } finally {
    // Every change here is the member's own account: the page after it must show it.
    forgetCached(args.context.get(appContext).db, `user:${member.id}`);
  }
}

async function changeProfile({ request, context }: Route.ActionArgs, member: SessionUser) {
  const { db, auth, storage } = context.get(appContext);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) {
    return data<ActionResult>(
      { values: {}, errors: { photo: "media.error.tooLarge" }, intent: "photo" },
      { status: 413 },
    );
  }
  const form = await request.formData();
  const chosen = readForm(form, intentSchema);
  const intent = chosen.ok ? chosen.data.intent : "details";
  const headers = request.headers;
  const reply = (result: Partial<ActionResult>, status = 200, extraHeaders?: HeadersInit) =>
    data<ActionResult>(
      { values: {}, errors: {}, ...result, intent },
      { status, headers: extraHeaders },
    );
  const failed = (
    result: { error: AccountRefusal; field?: string; retryAfterSeconds?: number },
    values: Record<string, string>,
  ) =>
    reply(
      result.field
        ? { values, errors: { [result.field]: ACCOUNT_REFUSALS[result.error].message } }
        : {
            values,
            formError: ACCOUNT_REFUSALS[result.error].message,
            retryMinutes: result.retryAfterSeconds
              ? Math.ceil(result.retryAfterSeconds / 60)
              : undefined,
          },
      ACCOUNT_REFUSALS[result.error].status,
    );

  switch (intent) {
    case "push-subscribe":
    case "push-unsubscribe":
    case "push-shop": {
      const outcome = await changePush(context, member, intent satisfies PushIntent, form);
      return reply(outcome.result, outcome.status);
    }
    case "details": {
      const parsed = readForm(form, profileDetailsSchema);
      if (!parsed.ok) return reply({ values: parsed.values, errors: parsed.errors }, 400);
      const result = await updateProfile(auth, parsed.data, headers);
      if (!result.ok) return failed(result, parsed.values);
      // Their listings' pages show their name as the seller.
      await announceListingsOfAccountChanged(db, await listingIdsOf(db, member.id));
      return reply({ done: "account.profile.saved" });
    }
    case "photo": {
      const read = readForm(form, photoSchema);
      if (!read.ok) return reply({ errors: read.errors }, 400);
      const result = await setProfilePhoto(auth, storage, member, read.data.photo, headers);
      return result.ok
        ? reply({ done: "account.profile.photoSaved" })
        : reply({ errors: { photo: IMAGE_REJECTIONS[result.error] } }, 400);
    }
    case "photo-remove":
      await removeProfilePhoto(auth, storage, member, headers);
      return reply({ done: "account.profile.saved" });
    case "email": {
      const parsed = readForm(form, changeEmailSchema);
      if (!parsed.ok) return reply({ values: parsed.values, errors: parsed.errors }, 400);
      const result = await requestEmailChange(auth, db, member, parsed.data, headers);
      return result.ok
        ? reply({ done: "account.profile.emailSent" })
        : failed(result, parsed.values);
    }
    case "password": {
      const parsed = readForm(form, changePasswordSchema);
      if (!parsed.ok) return reply({ values: parsed.values, errors: parsed.errors }, 400);
      const refused = await passwordRefusal(
        parsed.data.newPassword,
        await passwordOwnerOf(db, member),
      );
      if (refused) return reply({ values: parsed.values, errors: { newPassword: refused } }, 400);
      const result = await changePassword(
        auth,
        db,
        createAccountMailer(db),
        member,
        parsed.data,
        headers,
      );
      return result.ok
        ? reply({ done: "account.profile.passwordChanged" }, 200, result.headers)
        : failed(result, parsed.values);
    }
    case "sessions":
      return redirect("/", { headers: await signOutEverywhere(auth, headers) });
    case "delete": {
      const parsed = readForm(form, deleteAccountSchema);
      if (!parsed.ok) return reply({ values: parsed.values, errors: parsed.errors }, 400);
      // The account's listings go with it (foreign keys); their photo files are removed after.
      const photoKeys = await listingPhotoKeysOf(db, member.id);
      const listingIds = await listingIdsOf(db, member.id);
      const result = await deleteAccount(auth, db, member, parsed.data.currentPassword, headers);
      if (!result.ok) return failed(result, parsed.values);
      await announceListingsOfAccountChanged(db, listingIds);
      await removeListingPhotoFiles(storage, photoKeys);
      return redirect("/?accountDeleted=1", { headers: result.headers });
    }
  }
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  privatePageMeta(matches, location.pathname, "account.profile.title");

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  useClearPasswords(actionData);
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const busy = navigation.state === "submitting";
  const { member } = loaderData;
  const section = (intent: Intent) => (result?.intent === intent ? result : undefined);
  const errorOf = (intent: Intent, field: string) => {
    const key = section(intent)?.errors[field];
    return key ? t(key) : undefined;
  };
  const picture = usePictureFileCheck();
  // A file refused in the browser replaces the server's earlier verdict on the field.
  const photoError = picture.rejected ? t("media.error.notImage") : errorOf("photo", "photo");
  const notice = (intent: Intent) => {
    const s = section(intent);
    if (s?.done)
      return (
        <Alert variant="success" data-testid={`done-${intent}`}>
          {t(s.done)}
        </Alert>
      );
    if (s?.formError)
      return (
        <Alert variant="danger" data-testid={`error-${intent}`}>
          {t(s.formError, { minutes: s.retryMinutes ?? 15 })}
        </Alert>
      );
    return null;
  };
  return (
    <div className="container py-5 account-page">
      <h1>{t("account.profile.title")}</h1>
      {loaderData.emailChanged && (
        <Alert variant="success">{t("account.profile.emailChanged")}</Alert>
      )}
      <div className="row g-5">
        <section className="col-lg-6" aria-labelledby="details-title">
          <h2 id="details-title" className="h4">
            {t("account.profile.detailsTitle")}
          </h2>
          {notice("details")}
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="details" />
            <TextField
              idPrefix="details"
              name="name"
              label={t("account.field.name")}
              autoComplete="nickname"
              defaultValue={section("details")?.values.name ?? member.name}
              error={errorOf("details", "name")}
            />
            <TextField
              idPrefix="details"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              label={t("account.field.phone")}
              defaultValue={section("details")?.values.phone ?? member.phone ?? ""}
              error={errorOf("details", "phone")}
            />
            <Button type="submit" disabled={busy}>
              {t("account.profile.save")}
            </Button>
          </Form>
        </section>
        <section className="col-lg-6" aria-labelledby="photo-title">
          <h2 id="photo-title" className="h4">
            {t("account.profile.photoTitle")}
          </h2>
          {notice("photo")}
          {notice("photo-remove")}
          <div className="d-flex align-items-center gap-3 mb-3">
            {member.image ? (
              <img
                src={member.image}
                alt={t("account.profile.photoAlt", { name: member.name })}
                width={96}
                height={96}
                className="rounded-circle border"
                data-testid="profile-photo"
              />
            ) : (
              <span className="profile-initial rounded-circle" aria-hidden="true">
                {member.name.slice(0, 1)}
              </span>
            )}
            {member.image && (
              <Form method="post">
                <input type="hidden" name="intent" value="photo-remove" />
                <Button type="submit" variant="outline-secondary" size="sm" disabled={busy}>
                  {t("account.profile.photoRemove")}
                </Button>
              </Form>
            )}
          </div>
          <Form method="post" encType="multipart/form-data" noValidate>
            <input type="hidden" name="intent" value="photo" />
            <BsForm.Group className="mb-3" controlId="photo-file">
              <BsForm.Label>{t("account.profile.photoField")}</BsForm.Label>
              <BsForm.Control
                type="file"
                name="photo"
                accept={ACCEPTED_IMAGE_TYPES}
                onChange={picture.onChange}
                isInvalid={Boolean(photoError)}
                aria-describedby={photoError ? "photo-file-error" : undefined}
              />
              {photoError && (
                <BsForm.Control.Feedback
                  type="invalid"
                  id="photo-file-error"
                  data-error-for="photo"
                >
                  {photoError}
                </BsForm.Control.Feedback>
              )}
            </BsForm.Group>
            <Button type="submit" disabled={busy}>
              {t("account.profile.photoSubmit")}
            </Button>
          </Form>
        </section>
        <section className="col-lg-6" aria-labelledby="email-title">
          <h2 id="email-title" className="h4">
            {t("account.profile.emailTitle")}
          </h2>
          <p className="mb-2">
            {t("account.profile.emailCurrent", { email: member.email })}
            {!member.emailVerified && (
              <span className="badge text-bg-warning ms-2">
                {t("account.profile.emailUnverified")}
              </span>
            )}
          </p>
          {notice("email")}
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="email" />
            <TextField
              idPrefix="email"
              name="newEmail"
              type="email"
              autoComplete="email"
              label={t("account.profile.newEmail")}
              defaultValue={section("email")?.values.newEmail}
              error={errorOf("email", "newEmail")}
            />
            <TextField
              idPrefix="email"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              label={t("account.field.currentPassword")}
              error={errorOf("email", "currentPassword")}
            />
            <Button type="submit" variant="outline-primary" disabled={busy}>
              {t("account.profile.emailSubmit")}
            </Button>
          </Form>
        </section>
        <section className="col-lg-6" aria-labelledby="password-title">
          <h2 id="password-title" className="h4">
            {t("account.profile.passwordTitle")}
          </h2>
          {notice("password")}
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="password" />
            <TextField
              idPrefix="password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              label={t("account.field.currentPassword")}
              error={errorOf("password", "currentPassword")}
            />
            <TextField
              idPrefix="password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              label={t("account.field.newPassword")}
              hint={t("account.field.passwordHint")}
              error={errorOf("password", "newPassword")}
            />
            <PasswordStrength
              inputId="password-newPassword"
              personal={[member.email, member.name]}
            />
            <TextField
              idPrefix="password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              label={t("account.field.confirmPassword")}
              error={errorOf("password", "confirmPassword")}
            />
            <Button type="submit" variant="outline-primary" disabled={busy}>
              {t("account.profile.passwordSubmit")}
            </Button>
          </Form>
        </section>
        <section className="col-lg-6" aria-labelledby="sessions-title">
          <h2 id="sessions-title" className="h4">
            {t("account.profile.sessionsTitle")}
          </h2>
          <p className="text-secondary">{t("account.profile.sessionsLead")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="sessions" />
            <Button type="submit" variant="outline-secondary" disabled={busy}>
              {t("account.profile.signOutEverywhere")}
            </Button>
          </Form>
          <h2 className="h4 mt-5 text-danger" id="delete-title">
            {t("account.profile.deleteTitle")}
          </h2>
          <p className="text-secondary">{t("account.profile.deleteLead")}</p>
          {notice("delete")}
          <Form method="post" noValidate aria-labelledby="delete-title">
            <input type="hidden" name="intent" value="delete" />
            <TextField
              idPrefix="delete"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              label={t("account.field.currentPassword")}
              error={errorOf("delete", "currentPassword")}
            />
            <BsForm.Check
              className="mb-3"
              type="checkbox"
              id="delete-confirm"
              name="confirm"
              label={t("account.profile.deleteConfirm")}
              isInvalid={Boolean(errorOf("delete", "confirm"))}
              feedback={errorOf("delete", "confirm")}
              feedbackType="invalid"
            />
            <Button type="submit" variant="danger" disabled={busy}>
              {t("account.profile.deleteSubmit")}
            </Button>
          </Form>
        </section>
        <PushSettings push={loaderData.push} result={result} />
      </div>
    </div>
  );
}
