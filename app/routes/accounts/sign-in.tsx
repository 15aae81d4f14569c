import { Alert, Button, Form as BsForm } from "react-bootstrap";
import { ErrorSummary } from "~/ui/error-summary";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { type FormFailure, emailOnlyFormSchema, signInFormSchema } from "~/modules/accounts";
import type { Route } from "./+types/sign-in";
import { appContext } from "~/context";
import { useT } from "~/lib/i18n/use-translation";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { translateFromMatches } from "~/lib/area-meta";
import { requestSignInLink, signInWithPassword } from "~/modules/accounts/index.server";
import { returnPathField } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import { sessionUserOf } from "~/routes/_gates/session.server";
import { TextField } from "~/ui/text-field";
import { retryAfterHeaders } from "~/lib/retry-after-headers";
import { useClearPasswords } from "~/ui/use-clear-passwords";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { ACCOUNT_REFUSALS } from "./errors";
import { areaMessagesOf } from "~/lib/i18n/messages.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The verification link lands here with its (now used) registration claim; keep it out of
  // the address bar, the history and any Referer.
  if (url.searchParams.has("claim")) {
    url.searchParams.delete("claim");
    throw redirect(`${url.pathname}${url.search}`);
  }
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const signedIn = sessionUserOf(context) !== null;
  // The e-mail verification link lands here; a member who is signed in just sees the news.
  if (signedIn && !url.searchParams.has("verified")) throw redirect(redirectTo);
  return {
    ...areaMessagesOf(context, "account"),
    signedIn,
    redirectTo,
    verified: url.searchParams.has("verified"),
    passwordReset: url.searchParams.has("reset"),
    linkSent: url.searchParams.has("linkSent"),
    linkError: url.searchParams.has("linkError"),
    // Sent here when an admin disabled the account this browser was signed in to.
    accountDisabled: url.searchParams.has("disabled"),
    prefillEmail: url.searchParams.get("email") ?? "",
  };
}

type ActionResult = FormFailure & { intent: "password" | "link" };
/** Which of the two forms was sent, and where to go afterwards. */
const stepSchema = z.object({
  intent: z.enum(["password", "link"]).catch("password"),
  redirectTo: returnPathField(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, clientAddress } = context.get(appContext);
  const form = await request.formData();
  const step = readForm(form, stepSchema);
  const { intent, redirectTo } = step.ok ? step.data : { intent: "password", redirectTo: "/" };
  const client = { address: clientAddress, headers: request.headers };
  const fail = (
    failure: FormFailure,
    intent: ActionResult["intent"],
    status: number,
    retryAfter?: number,
  ) =>
    data<ActionResult>(
      { ...failure, intent, retryMinutes: retryAfter ? Math.ceil(retryAfter / 60) : undefined },
      { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined },
    );

  if (intent === "link") {
    const parsed = readForm(form, emailOnlyFormSchema);
    if (!parsed.ok) return fail({ values: parsed.values, errors: parsed.errors }, "link", 400);
    const result = await requestSignInLink(auth, db, parsed.data.email, redirectTo, client);
    if (!result.ok)
      return fail(
        { values: parsed.values, errors: {}, formError: ACCOUNT_REFUSALS[result.error].message },
        "link",
        ACCOUNT_REFUSALS[result.error].status,
        result.retryAfterSeconds,
      );
    return redirect(`/user/signIn?linkSent=1&redirectTo=${encodeURIComponent(redirectTo)}`);
  }

  const parsed = readForm(form, signInFormSchema);
  if (!parsed.ok) return fail({ values: parsed.values, errors: parsed.errors }, "password", 400);
  const result = await signInWithPassword(auth, db, parsed.data, client);
  if (!result.ok) {
    // Wrong e-mail and wrong password read the same, so nobody can probe for accounts.
    return fail(
      { values: parsed.values, errors: {}, formError: ACCOUNT_REFUSALS[result.error].message },
      "password",
      ACCOUNT_REFUSALS[result.error].status,
      result.retryAfterSeconds,
    );
  }
  return redirect(redirectTo, { headers: result.headers });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  return buildMeta(site, {
    title: translateFromMatches(matches)("account.signIn.title"),
    path: location.pathname,
  });
};

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  useClearPasswords(actionData);
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const passwordResult = result?.intent === "password" ? result : undefined;
  const linkResult = result?.intent === "link" ? result : undefined;
  const submitting = navigation.state === "submitting";
  const redirectParam = encodeURIComponent(loaderData.redirectTo);
  if (loaderData.signedIn) {
    return (
      <div className="container py-5 account-page">
        <Alert variant="success" data-testid="email-verified">
          {t("account.signIn.verified")}
        </Alert>
        <Link to={loaderData.redirectTo} className="btn btn-primary">
          {t("account.register.continue")}
        </Link>
      </div>
    );
  }
  return (
    <div className="container py-5 account-page">
      <h1>{t("account.signIn.title")}</h1>
      {loaderData.verified && (
        <Alert variant="success" data-testid="email-verified">
          {t("account.signIn.verified")}
        </Alert>
      )}
      {loaderData.passwordReset && (
        <Alert variant="success" data-testid="password-reset-done">
          {t("account.signIn.passwordReset")}
        </Alert>
      )}
      {loaderData.accountDisabled && (
        <Alert variant="warning" data-testid="account-disabled">
          {t("auth.error.user-disabled")}
        </Alert>
      )}
      {loaderData.linkError && (
        <Alert variant="danger">{t("auth.error.invalid-action-code")}</Alert>
      )}
      <div className="row g-5">
        <section className="col-lg-6" aria-labelledby="password-title">
          <h2 id="password-title" className="h4 visually-hidden">
            {t("account.signIn.title")}
          </h2>
          {passwordResult?.formError && (
            <ErrorSummary attempt={passwordResult} data-testid="form-error">
              {t(passwordResult.formError, { minutes: passwordResult.retryMinutes ?? 15 })}
            </ErrorSummary>
          )}
          <Form method="post" noValidate className="account-form">
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <input type="hidden" name="intent" value="password" />
            <TextField
              name="email"
              type="email"
              autoComplete="username"
              label={t("account.field.email")}
              defaultValue={passwordResult?.values.email ?? loaderData.prefillEmail}
              error={passwordResult?.errors.email ? t(passwordResult.errors.email) : undefined}
              required
            />
            <TextField
              name="password"
              type="password"
              autoComplete="current-password"
              label={t("account.field.password")}
              error={
                passwordResult?.errors.password ? t(passwordResult.errors.password) : undefined
              }
              required
            />
            <BsForm.Check
              className="mb-3"
              type="checkbox"
              id="field-rememberMe"
              name="rememberMe"
              label={t("account.field.rememberMe")}
              defaultChecked={passwordResult ? passwordResult.values.rememberMe === "on" : true}
            />
            <Button type="submit" size="lg" disabled={submitting}>
              {t("account.signIn.submit")}
            </Button>
          </Form>
          <p className="mt-3 mb-1">
            <Link to="/user/resetPw">{t("account.signIn.forgot")}</Link>
          </p>
          <p>
            {t("account.signIn.noAccount")}{" "}
            <Link to={`/register?redirectTo=${redirectParam}`}>{t("account.register.title")}</Link>
          </p>
        </section>
        <section className="col-lg-6" aria-labelledby="link-title">
          <h2 id="link-title" className="h4">
            {t("account.signIn.linkTitle")}
          </h2>
          <p className="text-secondary">{t("account.signIn.linkLead")}</p>
          {loaderData.linkSent && (
            <Alert variant="success" data-testid="link-sent">
              {t("account.signIn.linkSent")}
            </Alert>
          )}
          {linkResult?.formError && (
            <Alert variant="danger">
              {t(linkResult.formError, { minutes: linkResult.retryMinutes ?? 15 })}
            </Alert>
          )}
          <Form method="post" noValidate>
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <input type="hidden" name="intent" value="link" />
            <TextField
              idPrefix="link"
              name="email"
              type="email"
              autoComplete="email"
              label={t("account.field.email")}
              defaultValue={linkResult?.values.email}
              error={linkResult?.errors.email ? t(linkResult.errors.email) : undefined}
              required
            />
            <Button type="submit" variant="outline-primary" disabled={submitting}>
              {t("account.signIn.linkSubmit")}
            </Button>
          </Form>
        </section>
      </div>
    </div>
  );
}
