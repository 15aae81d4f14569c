import { isRouteErrorResponse } from "react-router";
import { isChunkLoadError } from "./chunk-reload";

// What React Router's production server build puts in place of a server error's message,
// so that no internal detail reaches the visitor. For the page it means "no message".
const SANITIZED_SERVER_MESSAGE = "Unexpected Server Error";

export type ErrorDescription =
  | { kind: "not-found" }
  | { kind: "chunk" }
  /** The browser could not reach the server (the seed's network-request-failed). */
  | { kind: "network" }
  /** The server answered 503: the database is briefly unavailable. */
  | { kind: "unavailable" }
  /** `message` is undefined when the error carries none: the page then says "Error". */
  | { kind: "other"; status: number; message: string | undefined };

/** Turns whatever a route threw into what the error page shows (the seed's rules). */
export function describeRouteError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { kind: "not-found" };
    // Only a message we wrote counts; the HTTP status text is English and often wrong
    // (React Router reports a thrown 403 as "Internal Server Error").
    const detail = typeof error.data === "string" && error.data ? error.data : undefined;
    // A bare 503 is the server saying its database is briefly unavailable.
    if (error.status === 503 && !detail) return { kind: "unavailable" };
    return { kind: "other", status: error.status, message: detail };
  }
  if (isChunkLoadError(error)) return { kind: "chunk" };
  if (isNetworkError(error)) return { kind: "network" };
  const message = error instanceof Error ? error.message.trim() : "";
  return {
    kind: "other",
    status: 500,
    message: message && message !== SANITIZED_SERVER_MESSAGE ? message : undefined,
  };
}

/** Chromium, Firefox and Safari word a failed fetch differently. */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/i.test(
      error.message,
    )
  );
}
