/**
 * A LIKE/ILIKE pattern that matches `text` anywhere, with the wildcards % and _ (and the
 * escape character itself) taken literally. PostgreSQL's default escape character is "\".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
