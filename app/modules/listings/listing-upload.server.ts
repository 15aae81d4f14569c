import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import {
  ImageRejectedError,
  type ImageRejection,
  MAX_IMAGE_BYTES,
  type ProcessedImage,
} from "~/modules/media/index.server";
import { MAX_LISTING_PHOTOS } from "./limits";
import { processListingPhoto } from "./listing-photos.server";
import { PHOTO_FIELD } from "./photo-plan";

/** The whole post/edit request: twelve photos of 10 MB each plus the text fields. */
export const MAX_LISTING_REQUEST_BYTES = MAX_LISTING_PHOTOS * MAX_IMAGE_BYTES + 1024 * 1024;

/** The listing's text fields alone (a description of 5,000 characters is about 45 KB encoded). */
const MAX_TEXT_FORM_BYTES = 128 * 1024;

export type UploadedPhoto =
  | { ok: true; name: string; image: ProcessedImage }
  | { ok: false; name: string; error: ImageRejection };

/**
 * Why the whole post/edit request was refused before its fields were read; the listings
 * routes give each a status and a text (app/routes/listings/errors.ts).
 */
export type ListingUploadRefusal =
  "upload-too-large" | "photo-too-large" | "too-many-photos" | "bad-request";

export type ListingRequest =
  | { ok: true; form: FormData; photos: UploadedPhoto[] }
  | { ok: false; error: ListingUploadRefusal };

/**
 * Reads the post/edit form. The body is streamed with limits (file count, 10 MB per file, the
 * total), so an oversized upload is refused while it arrives rather than after it has filled
 * the memory. Each photo is checked and resized as soon as it has arrived, and only the small
 * WebP variants are kept.
 */
export async function readListingRequest(request: Request): Promise<ListingRequest> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_LISTING_REQUEST_BYTES) {
    return { ok: false, error: "upload-too-large" };
  }
  const type = request.headers.get("content-type") ?? "";
  const multipart = type.startsWith("multipart/form-data");
  if (!multipart && !type.startsWith("application/x-www-form-urlencoded")) {
    return { ok: false, error: "bad-request" };
  }
  const photos: UploadedPhoto[] = [];
  const handle = async (file: FileUpload) => {
    // Without JavaScript an empty file input still sends one nameless, empty part.
    if (file.fieldName !== PHOTO_FIELD || (file.size === 0 && !file.name)) return null;
    try {
      const image = await processListingPhoto(new Uint8Array(await file.arrayBuffer()));
      photos.push({ ok: true, name: file.name, image });
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      photos.push({ ok: false, name: file.name, error: error.reason });
    }
    return null;
  };
  try {
    const form = await parseFormData(
      request,
      {
        maxFiles: MAX_LISTING_PHOTOS,
        maxFileSize: MAX_IMAGE_BYTES,
        // A form without files is read whole into memory: it gets no room for photos.
        maxTotalSize: multipart ? MAX_LISTING_REQUEST_BYTES : MAX_TEXT_FORM_BYTES,
        maxParts: 200,
      },
      handle,
    );
    return { ok: true, form, photos };
  } catch (error) {
    if (error instanceof MaxFilesExceededError) {
      return { ok: false, error: "too-many-photos" };
    }
    if (error instanceof MaxFileSizeExceededError) {
      return { ok: false, error: "photo-too-large" };
    }
    if (error instanceof MaxTotalSizeExceededError) {
      return { ok: false, error: "upload-too-large" };
    }
    if (
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError ||
      error instanceof FormDataParseError
    ) {
      return { ok: false, error: "bad-request" };
    }
    throw error;
  }
}
