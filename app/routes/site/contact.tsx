import { Alert, Button, Form as BsForm } from "react-bootstrap";
import { ErrorSummary } from "~/ui/error-summary";
import { lineAddFriendUrl } from "~/lib/line-url";
import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/contact";
import { appContext } from "~/context";
import { readForm } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { buildMeta, siteFromMatches, siteTranslate } from "~/lib/seo";
import {
  parseContactForm,
  type ContactErrors,
  CONTACT_TOPICS,
  type ContactValues,
} from "~/modules/contact";
import { submitContactMessage } from "~/modules/contact/index.server";
import { readSettings } from "~/modules/settings/index.server";
import { rateLimitSubjectForAddress } from "~/modules/platform/index.server";
import { retryAfterHeaders } from "~/lib/retry-after-headers";

const EMPTY_VALUES: ContactValues = { name: "", email: "", phone: "", topic: "", message: "" };
// Bots fill every field they find; people never see this one.
const HONEYPOT_FIELD = "website";
const honeypotSchema = z.object({ [HONEYPOT_FIELD]: z.string().optional().catch(undefined) });

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const topic = url.searchParams.get("topic");
  return {
    sent: url.searchParams.get("sent") === "1",
    topic: topic && (CONTACT_TOPICS as readonly string[]).includes(topic) ? topic : "",
  };
}

type ActionResult = {
  values: ContactValues;
  errors: ContactErrors;
  formError?: "tooMany";
  retryMinutes?: number;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientAddress, logger } = context.get(appContext);
  const form = await request.formData();
  const trap = readForm(form, honeypotSchema);
  const honeypot = trap.ok ? trap.data[HONEYPOT_FIELD] : undefined;
  if (honeypot !== undefined && honeypot.trim() !== "") {
    // Answer like a success so the bot learns nothing; store nothing.
    logger.info({ clientAddress }, "contact form honeypot triggered");
    return redirect("/contact?sent=1");
  }
  const parsed = parseContactForm(form);
  if (!parsed.ok) {
    return data<ActionResult>({ values: parsed.values, errors: parsed.errors }, { status: 400 });
  }
  const outcome = await submitContactMessage(
    db,
    parsed.submission,
    {
      address: clientAddress,
      rateLimitSubject: rateLimitSubjectForAddress(clientAddress),
      userAgent: request.headers.get("user-agent"),
    },
    // The contact e-mail of the site settings (decision 0079), when an admin set one.
    { companyEmail: (await readSettings(db)).contactEmail },
  );
  if (outcome.status === "rate-limited") {
    return data<ActionResult>(
      {
        values: parsed.values,
        errors: {},
        formError: "tooMany",
        retryMinutes: Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60)),
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  logger.info({ messageId: outcome.messageId }, "contact message stored");
  return redirect("/contact?sent=1");
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const t = siteTranslate(site);
  return buildMeta(site, {
    title: t("contact.title"),
    description: t("contact.lead"),
    path: location.pathname,
  });
};

export default function Contact({ loaderData, actionData, matches }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const company = matches[0].loaderData.company;
  const navigation = useNavigation();
  // A new location (after the success redirect) gives a fresh, empty form.
  const location = useLocation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contact";
  const result = actionData as ActionResult | undefined;
  const values = result?.values ?? { ...EMPTY_VALUES, topic: loaderData.topic };
  const errors = result?.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  const errorOf = (field: keyof ContactValues) => errors[field];
  const fieldProps = (field: keyof ContactValues) => ({
    id: `contact-${field}`,
    name: field,
    defaultValue: values[field],
    "aria-invalid": errorOf(field) ? true : undefined,
    "aria-describedby": errorOf(field) ? `contact-${field}-error` : undefined,
    isInvalid: Boolean(errorOf(field)),
  });
  const fieldError = (field: keyof ContactValues) =>
    errorOf(field) ? (
      <div
        id={`contact-${field}-error`}
        className="invalid-feedback d-block"
        data-error-for={field}
      >
        {t(errorOf(field) as MessageKey)}
      </div>
    ) : null;
  return (
    <div className="container py-5">
      <h1>{t("contact.title")}</h1>
      <p className="lead text-secondary">{t("contact.lead")}</p>
      <div className="row g-5 mt-1">
        <section className="col-lg-5" aria-labelledby="company-title">
          <h2 id="company-title" className="h4">
            {t("contact.companyTitle")}
          </h2>
          <p className="fw-semibold mb-1">{lang === "th" ? company.nameTh : company.nameEn}</p>
          <dl className="contact-details">
            <dt>{t("contact.address")}</dt>
            <dd>
              <address className="mb-0">
                {lang === "th" ? company.addressTh : company.addressEn}
              </address>
            </dd>
            <dt>{t("contact.phone")}</dt>
            <dd>
              <a href={`tel:${company.phone}`}>{company.phoneDisplay}</a>
            </dd>
            <dt>{t("contact.email")}</dt>
            <dd>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </dd>
            {company.lineId && (
              <>
                <dt>{t("contact.line")}</dt>
                <dd>
                  <a href={lineAddFriendUrl(company.lineId)} rel="noopener">
                    {company.lineId}
                  </a>
                </dd>
              </>
            )}
            <dt>{t("contact.hours")}</dt>
            <dd>{lang === "th" ? company.hoursTh : company.hoursEn}</dd>
          </dl>
        </section>
        <section className="col-lg-7" aria-labelledby="form-title">
          <h2 id="form-title" className="h4">
            {t("contact.formTitle")}
          </h2>
          {loaderData.sent && !result && (
            <Alert variant="success" role="status" data-testid="contact-sent">
              {t("contact.sent")}
            </Alert>
          )}
          {result?.formError === "tooMany" && (
            <Alert variant="warning" data-testid="contact-too-many">
              {t("contact.error.tooMany", {
                minutes: result.retryMinutes ?? 15,
                phone: company.phoneDisplay,
              })}
            </Alert>
          )}
          {hasErrors && (
            <ErrorSummary attempt={result} data-testid="error-summary">
              {t("contact.fixErrors")}
            </ErrorSummary>
          )}
          <Form
            key={location.key}
            method="post"
            noValidate
            className="contact-form"
            aria-describedby="contact-reach-hint"
          >
            <div className="mb-3">
              <label htmlFor="contact-name" className="form-label">
                {t("contact.name")}
              </label>
              <BsForm.Control
                type="text"
                autoComplete="name"
                maxLength={100}
                {...fieldProps("name")}
              />
              {fieldError("name")}
            </div>
            <p id="contact-reach-hint" className="form-text mt-0 mb-2">
              {t("contact.reachHint")}
            </p>
            <div className="row g-3 mb-3">
              <div className="col-md-6">
                <label htmlFor="contact-email" className="form-label">
                  {t("contact.emailField")}
                </label>
                <BsForm.Control
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  {...fieldProps("email")}
                />
                {fieldError("email")}
              </div>
              <div className="col-md-6">
                <label htmlFor="contact-phone" className="form-label">
                  {t("contact.phoneField")}
                </label>
                <BsForm.Control
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder={t("contact.phoneHint")}
                  {...fieldProps("phone")}
                />
                {fieldError("phone")}
              </div>
            </div>
            <div className="mb-3">
              <label htmlFor="contact-topic" className="form-label">
                {t("contact.topic")}
              </label>
              <BsForm.Select {...fieldProps("topic")}>
                <option value="">{t("contact.topicChoose")}</option>
                {CONTACT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {t(`contact.topic.${topic}`)}
                  </option>
                ))}
              </BsForm.Select>
              {fieldError("topic")}
            </div>
            <div className="mb-3">
              <label htmlFor="contact-message" className="form-label">
                {t("contact.message")}
              </label>
              <BsForm.Control as="textarea" rows={6} maxLength={5000} {...fieldProps("message")} />
              {fieldError("message")}
            </div>
            <div className="contact-honeypot" aria-hidden="true">
              <label htmlFor="contact-website">{t("contact.honeypot")}</label>
              <input
                type="text"
                id="contact-website"
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
              />
            </div>
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? t("contact.sending") : t("contact.send")}
            </Button>
          </Form>
        </section>
      </div>
    </div>
  );
}
