import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { appContext } from "~/context";
import { adminMeta, DoneAlert } from "~/layout/admin-page";
import { formatDateTime } from "~/lib/dates";
import type { MessageKey } from "~/lib/i18n";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { memberOf } from "~/routes/_gates/member.server";
import { getCompanyProfile, listActiveBanners, listArticles } from "~/modules/content/index.server";
import {
  FEATURED_ARTICLES_MAX,
  MAINTENANCE_MAX,
  parseSettingsForm,
  SETTING_KEYS,
  type SettingKey,
  type SettingsErrors,
  type SettingsField,
  type SettingsValues,
  type SiteSettings,
} from "~/modules/settings";
import { listSettingChanges, readSettings, saveSettings } from "~/modules/settings/index.server";

/*
 * /admin/settings (issue 36, decision 0079): the site's remote config. Typed fields, each
 * refused in Thai next to itself with what was typed kept; saved values apply at once on every
 * instance (the NOTIFY-fed cache), and each change is kept with who made it and when.
 */

const DONE = ["saved", "unchanged"] as const;
const LABEL = {
  maintenanceTh: "admin.settings.maintenanceTh",
  maintenanceEn: "admin.settings.maintenanceEn",
  listingsEnabled: "admin.settings.listingsEnabled",
  pushEnabled: "admin.settings.pushEnabled",
} as const satisfies Record<string, MessageKey>;
type Done = (typeof DONE)[number];

async function knownContent(db: Parameters<typeof listArticles>[0]) {
  const [articles, banners] = await Promise.all([listArticles(db), listActiveBanners(db)]);
  return {
    articles: articles.map((article) => ({ slug: article.slug, title: article.title })),
    banners: banners.map((banner) => ({
      slug: banner.slug,
      titleTh: banner.titleTh,
      titleEn: banner.titleEn,
    })),
  };
}

/** The stored settings as the form shows them. */
function formValuesOf(
  settings: SiteSettings,
  banners: readonly { slug: string }[],
): SettingsValues {
  const values: SettingsValues = {
    contactEmail: settings.contactEmail,
    maintenanceTh: settings.maintenanceTh,
    maintenanceEn: settings.maintenanceEn,
    listingsEnabled: settings.listingsEnabled ? "on" : "",
    pushEnabled: settings.pushEnabled ? "on" : "",
  };
  for (let i = 0; i < FEATURED_ARTICLES_MAX; i++) {
    values[`featured${i + 1}`] = settings.featuredArticles[i] ?? "";
  }
  for (const { slug } of banners) {
    const position = settings.bannerOrder.indexOf(slug);
    values[`banner:${slug}`] = position === -1 ? "" : String(position + 1);
  }
  return values;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const [settings, known, changes, company] = await Promise.all([
    readSettings(db),
    knownContent(db),
    listSettingChanges(db),
    getCompanyProfile(db),
  ]);
  const done = url.searchParams.get("done");
  return {
    ...known,
    values: formValuesOf(settings, known.banners),
    companyEmail: company.email,
    changes: changes.map((change) => ({
      ...change,
      oldValue: change.oldValue === null ? null : JSON.stringify(change.oldValue),
      newValue: JSON.stringify(change.newValue),
    })),
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
  };
}

type ActionData = { values: SettingsValues; errors: SettingsErrors };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = memberOf(context);
  const { db, logger } = context.get(appContext);
  const form = await request.formData();
  const known = await knownContent(db);
  const parsed = parseSettingsForm(form, {
    articles: known.articles.map((article) => article.slug),
    banners: known.banners.map((banner) => banner.slug),
  });
  if (!parsed.ok) {
    return data<ActionData>({ values: parsed.values, errors: parsed.errors }, { status: 400 });
  }
  const changed = await saveSettings(db, { id: admin.id, name: admin.name }, parsed.settings);
  if (changed.length > 0) logger.info({ adminId: admin.id, changed }, "admin changed settings");
  return redirect(`/admin/settings?done=${changed.length > 0 ? "saved" : "unchanged"}`);
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta(matches, location.pathname, "admin.settings.title");

/** A stored value as the trail shows it. */
function shownValue(key: string, json: string | null, t: ReturnType<typeof useT>): string {
  if (json === null) return t("admin.settings.history.default");
  const value: unknown = JSON.parse(json);
  if (typeof value === "boolean") return value ? t("admin.settings.on") : t("admin.settings.off");
  if (Array.isArray(value)) return value.length ? value.join(", ") : "—";
  if (value === "") return "—";
  return key.startsWith("maintenance") || typeof value === "string" ? String(value) : json;
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const navigation = useNavigation();
  const failed = actionData as ActionData | undefined;
  const values = failed?.values ?? loaderData.values;
  const errors: SettingsErrors = failed?.errors ?? {};
  const saving = navigation.state === "submitting";
  const invalid = (field: SettingsField) => (errors[field] ? " is-invalid" : "");
  const described = (field: SettingsField, hint?: string) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [errors[field] ? `settings-${field}-error` : null, hint ?? null].filter(Boolean).join(" ") ||
      undefined,
  });
  const fieldError = (field: SettingsField) =>
    errors[field] ? (
      <div
        id={`settings-${field}-error`}
        className="invalid-feedback d-block"
        data-error-for={field}
      >
        {t(errors[field])}
      </div>
    ) : null;
  return (
    <>
      <h1 className="h2">{t("admin.settings.title")}</h1>
      <p className="text-secondary">{t("admin.settings.lead")}</p>
      <DoneAlert message={loaderData.done ? t(`admin.settings.done.${loaderData.done}`) : null} />
      {failed && <div className="alert alert-danger">{t("admin.fixErrors")}</div>}
      <Form
        key={location.key}
        method="post"
        action="/admin/settings"
        noValidate
        data-testid="settings-form"
        className="mb-5"
      >
        <fieldset className="mb-4">
          <legend className="h5">{t("admin.settings.featuredTitle")}</legend>
          <p id="settings-featured-hint" className="form-text">
            {t("admin.settings.featuredHint")}
          </p>
          <div className="row g-3">
            {(["featured1", "featured2", "featured3"] as const).map((field, index) => (
              <div className="col-md-4" key={field}>
                <label htmlFor={`settings-${field}`} className="form-label">
                  {t("admin.settings.featured", { n: index + 1 })}
                </label>
                <select
                  id={`settings-${field}`}
                  name={field}
                  className={`form-select${invalid(field)}`}
                  defaultValue={values[field] ?? ""}
                  {...described(field, "settings-featured-hint")}
                >
                  <option value="">{t("admin.settings.featuredDefault")}</option>
                  {loaderData.articles.map((article) => (
                    <option key={article.slug} value={article.slug}>
                      {article.title}
                    </option>
                  ))}
                  {/* A refused value stays shown as typed, even one that is no article. */}
                  {values[field] &&
                    !loaderData.articles.some((article) => article.slug === values[field]) && (
                      <option value={values[field]}>{values[field]}</option>
                    )}
                </select>
                {fieldError(field)}
              </div>
            ))}
          </div>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">{t("admin.settings.bannersTitle")}</legend>
          <p id="settings-banners-hint" className="form-text">
            {t("admin.settings.bannersHint")}
          </p>
          <div className="row g-3">
            {loaderData.banners.map((banner) => (
              <div className="col-sm-6 col-lg-4" key={banner.slug}>
                <label htmlFor={`settings-banner-${banner.slug}`} className="form-label">
                  {lang === "th" ? banner.titleTh : banner.titleEn}
                </label>
                <input
                  id={`settings-banner-${banner.slug}`}
                  name={`banner:${banner.slug}`}
                  inputMode="numeric"
                  className={`form-control${invalid("bannerOrder")}`}
                  defaultValue={values[`banner:${banner.slug}`] ?? ""}
                  {...described("bannerOrder", "settings-banners-hint")}
                />
              </div>
            ))}
          </div>
          {fieldError("bannerOrder")}
        </fieldset>

        <div className="mb-4">
          <label htmlFor="settings-contactEmail" className="form-label">
            {t("admin.settings.contactEmail")}
          </label>
          <input
            id="settings-contactEmail"
            name="contactEmail"
            type="email"
            autoComplete="off"
            className={`form-control${invalid("contactEmail")}`}
            defaultValue={values.contactEmail ?? ""}
            {...described("contactEmail", "settings-contactEmail-hint")}
          />
          <div id="settings-contactEmail-hint" className="form-text">
            {t("admin.settings.contactEmailHint", { email: loaderData.companyEmail })}
          </div>
          {fieldError("contactEmail")}
        </div>

        {(["maintenanceTh", "maintenanceEn"] as const).map((field) => (
          <div className="mb-4" key={field}>
            <label htmlFor={`settings-${field}`} className="form-label">
              {t(LABEL[field])}
            </label>
            <textarea
              id={`settings-${field}`}
              name={field}
              rows={2}
              maxLength={MAINTENANCE_MAX * 2}
              className={`form-control${invalid(field)}`}
              defaultValue={values[field] ?? ""}
              {...described(field, "settings-maintenance-hint")}
            />
            {fieldError(field)}
          </div>
        ))}
        <p id="settings-maintenance-hint" className="form-text mt-n3 mb-4">
          {t("admin.settings.maintenanceHint")}
        </p>

        <fieldset className="mb-4">
          <legend className="h5">{t("admin.settings.switchesTitle")}</legend>
          {(["listingsEnabled", "pushEnabled"] as const).map((field) => (
            <div className="form-check form-switch" key={field}>
              <input
                id={`settings-${field}`}
                name={field}
                type="checkbox"
                role="switch"
                className="form-check-input"
                defaultChecked={values[field] === "on"}
              />
              <label htmlFor={`settings-${field}`} className="form-check-label">
                {t(LABEL[field])}
              </label>
            </div>
          ))}
        </fieldset>

        <button type="submit" className="btn btn-primary" disabled={saving}>
          {t("admin.settings.save")}
        </button>
      </Form>

      <section aria-labelledby="settings-history">
        <h2 id="settings-history" className="h4">
          {t("admin.settings.historyTitle")}
        </h2>
        {loaderData.changes.length === 0 ? (
          <p className="text-secondary">{t("admin.settings.historyEmpty")}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle" data-testid="settings-history">
              <thead>
                <tr>
                  <th scope="col">{t("admin.settings.history.when")}</th>
                  <th scope="col">{t("admin.settings.history.who")}</th>
                  <th scope="col">{t("admin.settings.history.what")}</th>
                  <th scope="col">{t("admin.settings.history.from")}</th>
                  <th scope="col">{t("admin.settings.history.to")}</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.changes.map((change) => (
                  <tr key={change.id}>
                    <td className="text-nowrap">{formatDateTime(change.changedAt, lang)}</td>
                    <td>{change.changedByName}</td>
                    <td>
                      {(SETTING_KEYS as readonly string[]).includes(change.key)
                        ? t(`admin.settings.key.${change.key as SettingKey}`)
                        : change.key}
                    </td>
                    <td className="text-break">{shownValue(change.key, change.oldValue, t)}</td>
                    <td className="text-break">{shownValue(change.key, change.newValue, t)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
