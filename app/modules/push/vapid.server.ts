import webpush from "web-push";
import type { Database } from "~/db/client.server";
import { getOrCreateSecretMadeBy } from "~/modules/platform/index.server";

/**
 * The site's VAPID key pair (RFC 8292): push services accept a message only when it is signed
 * with the private key whose public half the browser subscribed with. Given by the environment
 * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), or made once by web-push on the first start and kept in
 * app_secret, so every instance and every restart signs with the same pair (a new pair would
 * silently orphan every subscription).
 */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface VapidOptions {
  publicKey?: string;
  privateKey?: string;
  /** mailto: or https: where a push service can reach the site's operator. */
  subject: string;
}

const configured = new WeakMap<object, VapidOptions>();

/** The environment's keys and subject for this database's app (server/app.ts at start). */
export function configureVapid(db: Database, options: VapidOptions): void {
  configured.set(db.$client, options);
}

/** mailto: the address in MAIL_FROM ("DP Tech <no-reply@…>"), or the public address. */
export function vapidSubjectOf(env: { MAIL_FROM: string; PUBLIC_URL?: string }): string {
  if (env.PUBLIC_URL?.startsWith("https:")) return new URL(env.PUBLIC_URL).origin;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

export async function vapidDetails(db: Database): Promise<VapidDetails> {
  const options = configured.get(db.$client);
  const subject = options?.subject ?? "mailto:no-reply@dptech.co.th";
  if (options?.publicKey && options.privateKey) {
    return { subject, publicKey: options.publicKey, privateKey: options.privateKey };
  }
  const stored = await getOrCreateSecretMadeBy(db, "vapid", () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
}
