/**
 * Where the local file storage keeps removed uploads for a while (`<uploads>/.deleted/<UTC
 * hour>/<key>`), shared by the storage that writes there and the restore that reads it. A key
 * cannot start with a dot, so nothing in it is ever served.
 */
export const DELETED_UPLOADS_FOLDER = ".deleted";
