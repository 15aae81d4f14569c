/*
 * A shop's private files (decision 0061): expense receipt photos and the receipt logo. Their
 * keys are `private/<folder>/<shopId>/<name>`; no page links them publicly, neither on disk nor
 * in a bucket (with S3_PUBLIC_URL they are still read through the server), and
 * /media/private/… serves them only to the shop's members whose role may see them. Listing
 * photos, profile photos and item photos stay public.
 */

export const PRIVATE_FOLDER = "private/";

/** The key of a shop's private file: private/<folder>/<shopId>/<name>. */
export function privateFileKey(folder: string, shopId: string, name: string): string {
  return `${PRIVATE_FOLDER}${folder}/${shopId}/${name}`;
}

export function isPrivateKey(key: string): boolean {
  return key.startsWith(PRIVATE_FOLDER);
}

const PRIVATE_FILE_KEY =
  /^private\/([a-z]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[a-z0-9][a-z0-9_.-]*$/;

/** The folder and shop a private file belongs to; null for any other key (or an unsafe one). */
export function readPrivateFileKey(key: string): { folder: string; shopId: string } | null {
  const [, folder, shopId] = (key.includes("..") ? null : PRIVATE_FILE_KEY.exec(key)) ?? [];
  return folder && shopId ? { folder, shopId } : null;
}

/** How every answer about a private file is sent: to this member's browser only, never kept. */
export const PRIVATE_FILE_CACHE = "private, no-store";
