import { data } from "react-router";
import { langFromCookieHeader, type Lang, type MessageKey } from "~/lib/i18n";
import { serverTranslate } from "~/lib/i18n/messages.server";
import type { ImageRejection } from "~/modules/media/index.server";
import { RateLimitedError } from "~/modules/platform/index.server";

/**
 * Errors of the modules that every area meets (rate limits, refused images), mapped to a
 * status and a text in one place. Each area maps its own module's errors next to its routes
 * (`app/routes/<area>/errors.ts`).
 */

/**
 * For `.catch()` after a rate-limited command in a loader: RateLimitedError becomes a 429 page
 * saying in the visitor's language how long to wait (Retry-After carries the same in seconds);
 * anything else is thrown on unchanged.
 */
export function tooManyRequestsPage(lang: Lang | Request): (error: unknown) => never {
  return (error) => {
    if (!(error instanceof RateLimitedError)) throw error;
    // Pass `langOf(context)`; a Request is still read for the one caller not moved yet
    // (storehub's storage screen, whose file other work holds while this lands).
    const t = serverTranslate(
      typeof lang === "string" ? lang : langFromCookieHeader(lang.headers.get("cookie")),
    );
    throw data(t("error.tooManyRequests", { minutes: Math.ceil(error.retryAfterSeconds / 60) }), {
      status: 429,
      headers: { "Retry-After": String(error.retryAfterSeconds), "Cache-Control": "no-store" },
    });
  };
}

/** The text next to a photo field for each reason the media module refuses an image. */
export const IMAGE_REJECTIONS = {
  "not-image": "media.error.notImage",
  "too-large": "media.error.tooLarge",
  "too-many-pixels": "media.error.tooManyPixels",
} as const satisfies Record<ImageRejection, MessageKey>;
