import { readdirSync, readFileSync } from "node:fs";
import { SETTING_KEYS } from "~/modules/settings";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/en";
import { placeholderNames, pluralsOf } from "~/lib/i18n/format-message";
import { th, type MessageKey } from "~/lib/i18n/th";
import { USER_INTENTS } from "~/modules/accounts/index.server";
import { CONTACT_STATUSES } from "~/modules/contact/index.server";
import { OUTBOX_STATUSES } from "~/modules/platform/index.server";
import { CONTACT_TOPICS } from "~/modules/contact/index.server";
import { ARTICLE_CATEGORIES } from "~/modules/content/article-source";
import { LISTING_CATEGORIES, LISTING_STATUSES } from "~/modules/listings/index.server";
import { SAMPLE_OUTCOMES } from "~/features/first-sale/guide-offer";
import { GUIDE_STEPS } from "~/modules/guide/index.server";
import { NOTICE_LEVELS } from "~/modules/notices/index.server";
import { PERIODS } from "~/modules/analytics/index.server";
import { BUSINESS_TYPES, SHOP_ROLES } from "~/modules/shops/index.server";
import { INOUT_KINDS } from "~/modules/stock/index.server";
import { DOCUMENT_KINDS, LOCATION_KINDS, MOVEMENT_KINDS } from "~/db/schema";

/**
 * The keys that code builds from a value (`t(\`shops.role.${role}\`)`), one entry per prefix,
 * with the values that reach it: the domain's own list where it has one, otherwise the list
 * the screen uses (copied here; TypeScript checks every resulting key exists). A prefix built
 * in code but missing here fails the test, so a key family is never used unseen.
 */
const KEY_FAMILIES = [
  family("account.password.level.", [0, 1, 2, 3, 4]),
  family("account.push.kind.", ["lowStock", "dailySummary", "largeRefund", "shiftDifference"]),
  family("admin.messages.status.", CONTACT_STATUSES),
  family("admin.analytics.period.", PERIODS),
  family("admin.analytics.visitorsNote.", ["hour", "day"]),
  family("admin.analytics.rating.", ["good", "ni", "poor"]),
  family("admin.analytics.device.", ["mobile", "tablet", "desktop"]),
  family("admin.analytics.lang.", ["th", "en"]),
  family("admin.notices.done.", ["created", "updated", "deleted"]),
  family("admin.notices.level.", NOTICE_LEVELS),
  family("admin.notices.state.", ["active", "scheduled", "ended"]),
  family("admin.outbox.status.", OUTBOX_STATUSES),
  family("admin.settings.done.", ["saved", "unchanged"]),
  family("admin.settings.key.", SETTING_KEYS),
  family("admin.users.done.", USER_INTENTS),
  family("admin.users.role.", ["member", "admin"]),
  family("category.", ARTICLE_CATEGORIES),
  family("contact.topic.", CONTACT_TOPICS),
  family("listings.admin.", ["hidden", "restored"]),
  family("listings.category.", LISTING_CATEGORIES),
  family("listings.status.", LISTING_STATUSES),
  family("shopInvite.outcome.", ["accepted", "declined", "notFound", "unverified"]),
  family("shophubPage.role.", SHOP_ROLES),
  family("shops.businessType.", BUSINESS_TYPES),
  family("shops.etax.mail.kind.", ["fullTaxInvoice", "creditNote"]),
  family("shops.etax.mail.subject.", ["fullTaxInvoice", "creditNote"]),
  family("shops.guide.body.", GUIDE_STEPS),
  family("shops.guide.outcome.", SAMPLE_OUTCOMES),
  family("shops.guide.title.", GUIDE_STEPS),
  family("shops.members.done.", ["invite", "role", "remove", "cancelInvite"]),
  family("shops.role.", SHOP_ROLES),
  family("shops.roleHelp.", SHOP_ROLES),
  family("shops.sell.error.openPrice.", ["missing", "below", "above"]),
  family("shops.sell.error.options.", ["tooFew", "tooMany", "notOffered"]),
  family("shops.tills.flagged.vat.", ["none", "inclusive", "exclusive"]),
  family("storehub.documentKind.", DOCUMENT_KINDS),
  family("storehub.import.action.", ["new", "update", "same"]),
  family("storehub.inout.field.", ["qty", "counted"]),
  family("storehub.inout.intro.", INOUT_KINDS),
  family("storehub.inout.kind.", INOUT_KINDS),
  family("storehub.inout.post.", INOUT_KINDS),
  family("storehub.inout.reasons.", ["damaged", "expired", "ownUse", "lost", "returned", "sample"]),
  family("storehub.kind.", MOVEMENT_KINDS),
  family("storehub.locationKind.", LOCATION_KINDS),
  family("storehub.storage.done.", ["created", "renamed", "deleted", "reversed"]),
];

/** A key family; `members` becomes `never` (a type error) if one of its keys does not exist. */
function family<const P extends string, const M extends string | number>(
  prefix: P,
  members: readonly M[] & ([Exclude<`${P}${M}`, MessageKey>] extends [never] ? unknown : never),
): { prefix: string; keys: string[] } {
  return { prefix, keys: members.map((member) => `${prefix}${member}`) };
}

const ROOT = join(import.meta.dirname, "../..");

/** The code a key can be used from: the app and the HTTP server (not the dictionaries, not tests). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file))
    .filter((file) => !/^app\/lib\/i18n\/(th|en)[\w-]*\.ts$/.test(file));
}

const sources = ["app", "server"]
  .flatMap(sourceFiles)
  .map((file) => ({ file, text: readFileSync(join(ROOT, file), "utf8") }));

/** Every whole quoted string of the code that looks like a key ("a.b", 'a.b-c', `a.b`). */
const literals = new Set(
  sources.flatMap(({ text }) =>
    [...text.matchAll(/(["'`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g)].map((match) => match[2]),
  ),
);

/** The fixed start of every key built in code: `shops.role.${role}` gives "shops.role.". */
const builtPrefixes = sources.flatMap(({ file, text }) =>
  [...text.matchAll(/`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)].map(
    (match) => `${match[1] ?? ""} (${file})`,
  ),
);

const keys = Object.keys(th) as MessageKey[];

describe("interface text keys", () => {
  it("uses every key in the code, written out or through a listed key family", () => {
    const built = new Set(KEY_FAMILIES.flatMap((entry) => entry.keys));
    expect(keys.filter((key) => !literals.has(key) && !built.has(key))).toEqual([]);
  });

  it("lists every key family the code builds, and only those", () => {
    const listed = new Set(KEY_FAMILIES.map((entry) => entry.prefix));
    const prefixOf = (found: string) => found.slice(0, found.indexOf(" "));
    expect(builtPrefixes.filter((found) => !listed.has(prefixOf(found)))).toEqual([]);
    const used = new Set(builtPrefixes.map(prefixOf));
    expect([...listed].filter((prefix) => !used.has(prefix))).toEqual([]);
    for (const key of KEY_FAMILIES.flatMap((entry) => entry.keys)) expect(th).toHaveProperty([key]);
  });

  it("asks for the same placeholders in Thai and in English", () => {
    const differing = keys
      .filter((key) => placeholderNames(th[key]).join() !== placeholderNames(en[key]).join())
      .map(
        (key) =>
          `${key}: th {${placeholderNames(th[key]).join()}} en {${placeholderNames(en[key]).join()}}`,
      );
    expect(differing).toEqual([]);
  });

  it("gives every plural an `other` form, and Thai no other category (Thai has only `other`)", () => {
    const faults: string[] = [];
    for (const [lang, messages] of [
      ["th", th],
      ["en", en],
    ] as const)
      for (const key of keys) {
        if (placeholderNames(messages[key]).includes("plural?")) {
          faults.push(`${lang} ${key}: a plural this reader cannot read`);
        }
        for (const plural of pluralsOf(messages[key])) {
          if (!plural.selectors.includes("other")) faults.push(`${lang} ${key}: no other`);
          const categories = plural.selectors.filter((selector) => !selector.startsWith("="));
          if (lang === "th" && categories.some((selector) => selector !== "other")) {
            faults.push(`th ${key}: ${categories.join()}`);
          }
        }
      }
    expect(faults).toEqual([]);
  });
});
