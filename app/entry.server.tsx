import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { appContext } from "./context";
import { isDatabaseUnavailableError } from "./db/availability.server";
import { databaseUnavailableResponse } from "./layout/database-unavailable-page.server";
import { errorPageFailedResponse } from "./layout/error-page-failed.server";
import { unreadableBodyResponse } from "./layout/problem-page.server";
import {
  hadUnreadableBody,
  isBodyTooLargeError,
  isUnreadableFormError,
  markUnreadableBody,
} from "./lib/unreadable-body.server";
import { ConsentBanner, ConsentChosen } from "./layout/consent-banner.server";
import { provideConsentBanner } from "./layout/consent-banner-slot";
import { MemberHeaderItems } from "./layout/member-header-items";
import { provideMemberHeader } from "./layout/member-header-slot";
import { NonceProvider } from "./ui/nonce";
import { consentFromCookieHeader } from "~/modules/consent";

// The server renders a member's header parts at once (the browser loads them as a chunk).
provideMemberHeader(MemberHeaderItems);
// Only the server draws the consent banner (layout/consent-banner-slot.ts).
provideConsentBanner(ConsentBanner);

export const streamTimeout = 5_000;

// Requests (by their load context) during which a loader or action lost the database.
const lostDatabase = new WeakSet<object>();

/**
 * React Router's default (log unless the visitor left), except for failures with their own
 * answers: a body over its limit (the server has answered 413 already, server/http/body-limit.ts),
 * an unreadable form body (400, handleRequest, handleDataRequest), and a loader or action that
 * could not reach the database, which makes the whole answer a 503 "briefly unavailable" page
 * and tells the server, which refuses further requests at once until the database answers again.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isBodyTooLargeError(error)) return;
  if (isUnreadableFormError(error)) {
    markUnreadableBody(context);
    return;
  }
  // React Router wraps an error thrown while matching in an error response that keeps it.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = wrapped ?? error;
  if (isDatabaseUnavailableError(cause)) {
    lostDatabase.add(context);
    context.get(appContext).databaseAvailability?.reportError(cause);
    return;
  }
  if (!request.signal.aborted) console.error(cause);
};

export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  if (lostDatabase.has(context)) return databaseUnavailableResponse(request);
  if (response.status >= 500 && hadUnreadableBody(context)) return unreadableBodyResponse(request);
  return response;
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (lostDatabase.has(loadContext)) return databaseUnavailableResponse(request);
  if (responseStatusCode >= 500 && hadUnreadableBody(loadContext)) {
    return unreadableBodyResponse(request);
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(appContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // Every page is rendered complete (React's onAllReady) and sent as one piece: no page
    // streams a part later (no loader defers its data), an error anywhere in it is known as a
    // 500 before anything is sent, the render cache keeps the whole document, and the
    // compression middleware compresses the page in one pass rather than one per piece React
    // writes (each piece flushed by React Router's writer is a pass on libuv's thread pool).
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ConsentChosen value={consentFromCookieHeader(request.headers.get("cookie")) !== null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ConsentChosen>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const pieces: Buffer[] = [];
          const body = new Writable({
            write(piece: Buffer, _encoding, callback) {
              pieces.push(piece);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(Buffer.concat(pieces), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          // Even the error page failed to render: answer with a minimal page that cannot fail.
          console.error(error);
          resolve(errorPageFailedResponse());
          void reject;
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell itself is onShellError's to log.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
