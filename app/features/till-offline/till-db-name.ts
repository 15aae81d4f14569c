/** The till's IndexedDB (till-store.ts): also read, without its wrapper, by the site's header. */
export const TILL_DB_NAME = "shophub-till";
