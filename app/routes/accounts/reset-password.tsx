import { Alert, Button } from "react-bootstrap";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { FormFailure } from "~/modules/accounts";
import type { Route } from "./+types/reset-password";
import { appContext } from "~/context";
import { useT } from "~/lib/i18n/use-translation";
import { privatePageMeta } from "~/lib/area-meta";
import { emailOnlyFormSchema, newPasswordFormSchema } from "~/modules/accounts";
import { readForm } from "~/lib/forms/read-form";
import {
  requestPasswordReset,
  resetPasswordWithToken,
  passwordRefusal,
  resetLinkOwner,
} from "~/modules/accounts/index.server";
import { PasswordStrength } from "~/features/accounts/password-strength";
import { TextField } from "~/ui/text-field";
import { retryAfterHeaders } from "~/lib/retry-after-headers";
import { useClearPasswords } from "~/ui/use-clear-passwords";
import {
  keepFormOnNetworkError,
  skipRevalidationAfterNetworkFailure,
} from "~/lib/keep-form-on-network-error";
import { ACCOUNT_REFUSALS } from "./errors";
import { areaMessagesOf } from "~/lib/i18n/messages.server";
import { passwordOwnerOf } from "./password-owner.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    ...areaMessagesOf(context, "account"),
    // better-auth checks the e-mailed link and comes back with ?token=… (or ?error=…).
    token: url.searchParams.get("token"),
    linkError: url.searchParams.has("error"),
    sent: url.searchParams.has("sent"),
  };
}

/** "set" is the new-password form of an e-mailed link; anything else asks for a link. */
const stepSchema = z.object({ intent: z.string().optional().catch(undefined) });

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, clientAddress } = context.get(appContext);
  const form = await request.formData();
  const step = readForm(form, stepSchema);
  if (step.ok && step.data.intent === "set") {
    const parsed = readForm(form, newPasswordFormSchema);
    if (!parsed.ok)
      return data<FormFailure>({ values: parsed.values, errors: parsed.errors }, { status: 400 });
    // An unknown link is reported by resetPasswordWithToken below.
    const member = await resetLinkOwner(auth, db, parsed.data.token);
    const refused =
      member && (await passwordRefusal(parsed.data.password, await passwordOwnerOf(db, member)));
    if (refused)
      return data<FormFailure>(
        { values: parsed.values, errors: { password: refused } },
        { status: 400 },
      );
    const result = await resetPasswordWithToken(auth, db, {
      token: parsed.data.token,
      password: parsed.data.password,
    });
    if (!result.ok)
      return data<FormFailure>(
        { values: parsed.values, errors: {}, formError: ACCOUNT_REFUSALS[result.error].message },
        { status: ACCOUNT_REFUSALS[result.error].status },
      );
    // Not signed in automatically: the member signs in with the new password.
    return redirect("/user/signIn?reset=1");
  }
  const parsed = readForm(form, emailOnlyFormSchema);
  if (!parsed.ok)
    return data<FormFailure>({ values: parsed.values, errors: parsed.errors }, { status: 400 });
  const result = await requestPasswordReset(auth, db, parsed.data.email, {
    address: clientAddress,
    headers: request.headers,
  });
  if (!result.ok) {
    return data<FormFailure>(
      {
        values: parsed.values,
        errors: {},
        formError: ACCOUNT_REFUSALS[result.error].message,
        retryMinutes: Math.ceil((result.retryAfterSeconds ?? 60) / 60),
      },
      {
        status: ACCOUNT_REFUSALS[result.error].status,
        headers: result.retryAfterSeconds
          ? { "Retry-After": String(result.retryAfterSeconds) }
          : undefined,
      },
    );
  }
  // The same answer whether or not the account exists.
  return redirect("/user/resetPw?sent=1");
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const clientAction = keepFormOnNetworkError;
export const shouldRevalidate = skipRevalidationAfterNetworkFailure;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  privatePageMeta(matches, location.pathname, "account.reset.title");

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  useClearPasswords(actionData);
  const navigation = useNavigation();
  const failure = actionData as FormFailure | undefined;
  const error = (field: string) => (failure?.errors[field] ? t(failure.errors[field]) : undefined);
  const formError = failure?.formError && (
    <Alert variant="danger" data-testid="form-error">
      {t(failure.formError, { minutes: failure.retryMinutes ?? 15 })}
    </Alert>
  );
  if (loaderData.token) {
    return (
      <div className="container py-5 account-page">
        <h1>{t("account.reset.newTitle")}</h1>
        {formError}
        {failure?.formError === "auth.error.invalid-action-code" ||
        failure?.formError === "auth.error.expired-action-code" ? (
          <Link to="/user/resetPw">{t("account.reset.submit")}</Link>
        ) : null}
        <Form method="post" noValidate className="account-form">
          <input type="hidden" name="intent" value="set" />
          <input type="hidden" name="token" value={loaderData.token} />
          <TextField
            name="password"
            type="password"
            autoComplete="new-password"
            label={t("account.field.newPassword")}
            hint={t("account.field.passwordHint")}
            error={error("password")}
            required
          />
          <PasswordStrength inputId="field-password" />
          <TextField
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            label={t("account.field.confirmPassword")}
            error={error("confirmPassword")}
            required
          />
          <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
            {t("account.reset.newSubmit")}
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <div className="container py-5 account-page">
      <h1>{t("account.reset.title")}</h1>
      <p className="lead text-secondary">{t("account.reset.lead")}</p>
      {loaderData.linkError && (
        <Alert variant="danger">{t("auth.error.invalid-action-code")}</Alert>
      )}
      {loaderData.sent && !failure && (
        <Alert variant="success" data-testid="reset-sent">
          {t("account.reset.sent")}
        </Alert>
      )}
      {formError}
      <Form method="post" noValidate className="account-form">
        <input type="hidden" name="intent" value="request" />
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          label={t("account.field.email")}
          defaultValue={failure?.values.email}
          error={error("email")}
          required
        />
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {t("account.reset.submit")}
        </Button>
      </Form>
    </div>
  );
}
