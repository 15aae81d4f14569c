import { z } from "zod";
import type { MessageKey } from "~/lib/i18n";

/*
 * The settings an admin edits at /admin/settings (decision 0079): typed, each with its default
 * (a setting never saved is its default), and which of them the browser may read.
 */
export interface SiteSettings {
  /** The home page's featured articles, in order (slugs); empty: the articles marked featured. */
  featuredArticles: string[];
  /** The home page's banners in this order (slugs); those not named follow in their own order. */
  bannerOrder: string[];
  /** Where contact messages go and what the footer shows; empty: the company profile's. */
  contactEmail: string;
  /** A line shown on top of every page (Thai; English for English readers); empty: none. */
  maintenanceTh: string;
  maintenanceEn: string;
  /** The listing board (/asset, /search, posting): off answers 404 and hides its links. */
  listingsEnabled: boolean;
  /** Web Push: off hides the profile's opt-in, refuses new devices and sends nothing. */
  pushEnabled: boolean;
}
export type SettingKey = keyof SiteSettings;

export const SETTING_KEYS = [
  "featuredArticles",
  "bannerOrder",
  "contactEmail",
  "maintenanceTh",
  "maintenanceEn",
  "listingsEnabled",
  "pushEnabled",
] as const satisfies readonly SettingKey[];

export const DEFAULT_SETTINGS: SiteSettings = {
  featuredArticles: [],
  bannerOrder: [],
  contactEmail: "",
  maintenanceTh: "",
  maintenanceEn: "",
  listingsEnabled: true,
  pushEnabled: true,
};

export const FEATURED_ARTICLES_MAX = 3;
export const MAINTENANCE_MAX = 300;

/** What /api/config gives every browser: nothing an admin would not show a visitor. */
export interface PublicConfig {
  maintenance: { th: string; en: string } | null;
  contactEmail: string;
  features: { listings: boolean; push: boolean };
}

export function publicConfigOf(settings: SiteSettings, companyEmail: string): PublicConfig {
  const th = settings.maintenanceTh.trim();
  return {
    maintenance: th ? { th, en: settings.maintenanceEn.trim() || th } : null,
    contactEmail: settings.contactEmail || companyEmail,
    features: { listings: settings.listingsEnabled, push: settings.pushEnabled },
  };
}

/** Each stored value as read back: a value of another shape (a hand edit) is the default. */
export const SETTING_VALUE: { [K in SettingKey]: z.ZodType<SiteSettings[K]> } = {
  featuredArticles: z.array(z.string()).max(FEATURED_ARTICLES_MAX),
  bannerOrder: z.array(z.string()).max(50),
  contactEmail: z.string(),
  maintenanceTh: z.string(),
  maintenanceEn: z.string(),
  listingsEnabled: z.boolean(),
  pushEnabled: z.boolean(),
};

export type SettingsField =
  | "featured1"
  | "featured2"
  | "featured3"
  | "bannerOrder"
  | "contactEmail"
  | "maintenanceTh"
  | "maintenanceEn";
export type SettingsErrors = Partial<Record<SettingsField, MessageKey>>;
/** The form as typed, so a refused form comes back as it was. */
export type SettingsValues = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Reads the settings form against what exists (the articles' and banners' slugs). Banners come
 * as `banner:<slug>` = their position (1, 2, …; empty: after the numbered ones).
 */
export function parseSettingsForm(
  form: FormData,
  known: { articles: readonly string[]; banners: readonly string[] },
):
  | { ok: true; values: SettingsValues; settings: SiteSettings }
  | { ok: false; values: SettingsValues; errors: SettingsErrors } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: SettingsValues = {};
  for (const name of [
    "featured1",
    "featured2",
    "featured3",
    "contactEmail",
    "maintenanceTh",
    "maintenanceEn",
    "listingsEnabled",
    "pushEnabled",
    ...known.banners.map((slug) => `banner:${slug}`),
  ]) {
    values[name] = text(name);
  }
  const errors: SettingsErrors = {};

  const featured: string[] = [];
  (["featured1", "featured2", "featured3"] as const).forEach((field) => {
    const slug = (values[field] ?? "").trim();
    if (slug === "") return;
    if (!known.articles.includes(slug)) errors[field] = "admin.settings.error.articleUnknown";
    else if (featured.includes(slug)) errors[field] = "admin.settings.error.articleTwice";
    else featured.push(slug);
  });

  const positions: { slug: string; position: number }[] = [];
  const unnumbered: string[] = [];
  for (const slug of known.banners) {
    const raw = (values[`banner:${slug}`] ?? "").trim();
    if (raw === "") {
      unnumbered.push(slug);
      continue;
    }
    const position = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
    if (!(position >= 1 && position <= known.banners.length)) {
      errors.bannerOrder = "admin.settings.error.bannerPosition";
    } else if (positions.some((each) => each.position === position)) {
      errors.bannerOrder = "admin.settings.error.bannerTwice";
    } else {
      positions.push({ slug, position });
    }
  }
  const bannerOrder =
    positions.length === 0
      ? []
      : [
          ...positions.sort((a, b) => a.position - b.position).map((each) => each.slug),
          ...unnumbered,
        ];

  const contactEmail = (values.contactEmail ?? "").trim();
  if (contactEmail && (!EMAIL.test(contactEmail) || contactEmail.length > 254)) {
    errors.contactEmail = "admin.settings.error.email";
  }
  const maintenanceTh = (values.maintenanceTh ?? "").replace(/\s+/g, " ").trim();
  const maintenanceEn = (values.maintenanceEn ?? "").replace(/\s+/g, " ").trim();
  // Control characters (other than the spaces folded above) never belong in a page's line.
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f\u202a-\u202e\ud800-\udfff]/;
  if (maintenanceTh.length > MAINTENANCE_MAX) errors.maintenanceTh = "admin.settings.error.tooLong";
  else if (control.test(maintenanceTh)) errors.maintenanceTh = "admin.settings.error.characters";
  if (maintenanceEn.length > MAINTENANCE_MAX) errors.maintenanceEn = "admin.settings.error.tooLong";
  else if (control.test(maintenanceEn)) errors.maintenanceEn = "admin.settings.error.characters";
  else if (maintenanceEn && !maintenanceTh) {
    errors.maintenanceTh = "admin.settings.error.thaiFirst";
  }

  if (Object.keys(errors).length > 0) return { ok: false, values, errors };
  return {
    ok: true,
    values,
    settings: {
      featuredArticles: featured,
      bannerOrder,
      contactEmail,
      maintenanceTh,
      maintenanceEn,
      listingsEnabled: values.listingsEnabled === "on",
      pushEnabled: values.pushEnabled === "on",
    },
  };
}

/** Banners in the admin's order: those named first, the rest after in their own order. */
export function orderBySlugs<T extends { slug: string }>(
  items: T[],
  order: readonly string[],
): T[] {
  if (order.length === 0) return items;
  const rank = (slug: string) => {
    const index = order.indexOf(slug);
    return index === -1 ? order.length : index;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item.slug) - rank(b.item.slug) || a.index - b.index)
    .map(({ item }) => item);
}
