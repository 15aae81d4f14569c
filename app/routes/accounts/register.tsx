import { Alert, Button, Form as BsForm } from "react-bootstrap";
import { ErrorSummary } from "~/ui/error-summary";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { type FormFailure, registerFormSchema } from "~/modules/accounts";
import type { Route } from "./+types/register";
import { appContext } from "~/context";
import { useT } from "~/lib/i18n/use-translation";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { buildMeta, siteFromMatches } from "~/lib/seo";
import { translateFromMatches } from "~/lib/area-meta";
import { registerMember, passwordRefusal } from "~/modules/accounts/index.server";
import { PasswordStrength } from "~/features/accounts/password-strength";
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
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const user = sessionUserOf(context);
  // Right after registering: say where the verification e-mail went.
  if (user && url.searchParams.get("done") === "1")
    return { ...areaMessagesOf(context, "account"), redirectTo, registeredEmail: user.email };
  if (user) throw redirect(redirectTo);
  return { ...areaMessagesOf(context, "account"), redirectTo, registeredEmail: null };
}

const returnSchema = z.object({ redirectTo: returnPathField() });

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, clientAddress } = context.get(appContext);
  const form = await request.formData();
  const back = readForm(form, returnSchema);
  const redirectTo = back.ok ? back.data.redirectTo : "/";
  const parsed = readForm(form, registerFormSchema);
  if (!parsed.ok)
    return data<FormFailure>({ values: parsed.values, errors: parsed.errors }, { status: 400 });
  const refused = await passwordRefusal(parsed.data.password, parsed.data);
  if (refused)
    return data<FormFailure>(
      { values: parsed.values, errors: { password: refused } },
      { status: 400 },
    );
  const result = await registerMember(auth, db, parsed.data, {
    address: clientAddress,
    headers: request.headers,
  });
  if (!result.ok) {
    const refusal = ACCOUNT_REFUSALS[result.error];
    const failure: FormFailure =
      result.error === "email-already-in-use" || result.error === "invalid-email"
        ? { values: parsed.values, errors: { email: refusal.message } }
        : result.error === "weak-password"
          ? { values: parsed.values, errors: { password: refusal.message } }
          : {
              values: parsed.values,
              errors: {},
              formError: refusal.message,
              retryMinutes: result.retryAfterSeconds
                ? Math.ceil(result.retryAfterSeconds / 60)
                : undefined,
            };
    return data(failure, {
      status: refusal.status,
      headers: result.retryAfterSeconds
        ? { "Retry-After": String(result.retryAfterSeconds) }
        : undefined,
    });
  }
  // The address was registered before but never confirmed: nobody is signed in until the
  // link mailed to it is opened (email-ownership.server.ts).
  if ("pendingConfirmation" in result) return { pendingEmail: parsed.data.email };
  // Signed in straight away; the verification e-mail is already in the outbox.
  return redirect(`/register?done=1&redirectTo=${encodeURIComponent(redirectTo)}`, {
    headers: result.headers,
  });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const t = translateFromMatches(matches);
  return buildMeta(site, {
    title: t("account.register.title"),
    description: t("account.register.lead"),
    path: location.pathname,
  });
};

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  useClearPasswords(actionData);
  const navigation = useNavigation();
  const result = actionData as (FormFailure | { pendingEmail: string }) | undefined;
  const pendingEmail = result && "pendingEmail" in result ? result.pendingEmail : undefined;
  const failure = result && "values" in result ? result : undefined;
  const values = failure?.values ?? {};
  if (pendingEmail) {
    return (
      <div className="container py-5 account-page">
        <h1>{t("account.register.title")}</h1>
        <Alert variant="success" data-testid="registered-pending">
          {t("account.register.confirmToFinish", { email: pendingEmail })}
        </Alert>
      </div>
    );
  }
  if (loaderData.registeredEmail) {
    return (
      <div className="container py-5 account-page">
        <h1>{t("account.register.title")}</h1>
        <Alert variant="success" data-testid="registered">
          {t("account.register.done", { email: loaderData.registeredEmail })}
        </Alert>
        <Link to={loaderData.redirectTo} className="btn btn-primary">
          {t("account.register.continue")}
        </Link>
      </div>
    );
  }
  const error = (field: string) => {
    const key = failure?.errors[field];
    return key ? t(key) : undefined;
  };
  return (
    <div className="container py-5 account-page">
      <h1>{t("account.register.title")}</h1>
      <p className="lead text-secondary">{t("account.register.lead")}</p>
      {failure?.formError && (
        <ErrorSummary attempt={failure} data-testid="form-error">
          {t(failure.formError, { minutes: failure.retryMinutes ?? 15 })}
        </ErrorSummary>
      )}
      <Form method="post" noValidate className="account-form">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          label={t("account.field.email")}
          defaultValue={values.email}
          error={error("email")}
          required
        />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          label={t("account.field.password")}
          hint={t("account.field.passwordHint")}
          error={error("password")}
          minLength={6}
          required
        />
        <PasswordStrength
          inputId="field-password"
          personalFieldIds={["field-email", "field-name"]}
        />
        <TextField
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          label={t("account.field.confirmPassword")}
          error={error("confirmPassword")}
          required
        />
        <TextField
          name="name"
          type="text"
          autoComplete="nickname"
          label={t("account.field.name")}
          defaultValue={values.name}
          error={error("name")}
          maxLength={80}
          required
        />
        <TextField
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          label={t("account.field.phone")}
          defaultValue={values.phone}
          error={error("phone")}
          placeholder={t("contact.phoneHint")}
        />
        <BsForm.Group className="mb-3" controlId="field-acceptTerms">
          <BsForm.Check
            type="checkbox"
            name="acceptTerms"
            label={t("account.field.acceptTerms")}
            defaultChecked={values.acceptTerms === "on"}
            isInvalid={Boolean(error("acceptTerms"))}
            aria-describedby={error("acceptTerms") ? "field-acceptTerms-error" : undefined}
          />
          <p className="form-text mb-0">
            <a href="/terms" target="_blank" rel="noopener">
              {t("legal.terms")}
            </a>{" "}
            ·{" "}
            <a href="/privacy" target="_blank" rel="noopener">
              {t("legal.privacy")}
            </a>
          </p>
          {error("acceptTerms") && (
            <div
              id="field-acceptTerms-error"
              className="invalid-feedback d-block"
              data-error-for="acceptTerms"
            >
              {error("acceptTerms")}
            </div>
          )}
        </BsForm.Group>
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {t("account.register.submit")}
        </Button>
      </Form>
      <p className="mt-4">
        {t("account.register.haveAccount")}{" "}
        <Link to={`/user/signIn?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}>
          {t("account.signIn.title")}
        </Link>
      </p>
    </div>
  );
}
