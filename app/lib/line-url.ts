/**
 * The LINE "add friend" address of a LINE Official Account ID such as "@dptech": it opens
 * the chat in the LINE app on a phone and LINE's page elsewhere.
 */
export function lineAddFriendUrl(lineId: string): string {
  const name = lineId.trim().replace(/^@/, "");
  return `https://line.me/R/ti/p/@${encodeURIComponent(name)}`;
}
