// Limits shared by the forms in the browser and the checks on the server. A file of plain
// constants, so a page that needs one number does not download the form's validation code.

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5_000;
/** Longest search keyword looked at (longer input is cut). */
export const KEYWORD_MAX = 100;
/** Photos per listing (the limit). */
export const MAX_LISTING_PHOTOS = 12;
/** Per photo; the same as the media module's limit (media/image-processing.server.ts). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
