import { reloadAfterChunkError } from "./chunk-reload";

/**
 * The build a server runs, on every answer to a page's data request (`….data`). A tab opened
 * before a deployment runs the older build's code; the newer server's loader data may have
 * another shape (decision 0047), so such a tab loads its page afresh instead of reading it.
 */
export const BUILD_HEADER = "X-Build";

/** The page's own build: the root layout writes it into `<meta name="build">`. */
export const BUILD_META = "build";

/**
 * Where a tab of an older build goes: the page a whole-page data request was loading (a
 * navigation, or the page shown being revalidated), or, for the data of some routes only (a
 * fetcher, `_routes=`), the page shown: a fetcher's address is not a page to land on.
 */
export function reloadTargetOf(dataUrl: URL, shown: string): string {
  if (dataUrl.searchParams.has("_routes")) return shown;
  // React Router's own reading of a data address (its server's getNormalizedPath).
  const { pathname } = dataUrl;
  const page = pathname.endsWith("/_.data")
    ? pathname.slice(0, -"_.data".length)
    : pathname.slice(0, -".data".length);
  return `${page}${dataUrl.search}`;
}

/** React Router's own answer for "load this page as a new document". */
function documentReload(target: string): Response {
  return new Response(null, {
    status: 204,
    headers: { "X-Remix-Redirect": target, "X-Remix-Reload-Document": "true" },
  });
}

function dataUrlOf(input: RequestInfo | URL, origin: string): URL | null {
  const url = new URL(input instanceof Request ? input.url : String(input), origin);
  return url.origin === origin && url.pathname.endsWith(".data") ? url : null;
}

/**
 * Wraps `fetch` so that an answer to a data request from a server of another build than the
 * page's becomes React Router's document reload: at most once a minute (the guard the chunk
 * reloads share, so a mixed deployment cannot reload the tab in a loop); otherwise the answer
 * is read as it is.
 */
export function reloadOnStaleBuild(
  win: Pick<Window, "fetch" | "location">,
  pageBuild: () => string | undefined,
  storage: Pick<Storage, "getItem" | "setItem">,
): void {
  const nativeFetch = win.fetch.bind(win);
  win.fetch = async (input, init) => {
    const response = await nativeFetch(input, init);
    const dataUrl = dataUrlOf(input, win.location.origin);
    const served = response.headers.get(BUILD_HEADER);
    const mine = pageBuild();
    if (!dataUrl || !served || !mine || served === mine) return response;
    if (!reloadAfterChunkError(storage, () => {})) return response;
    await response.body?.cancel().catch(() => {});
    const shown = `${win.location.pathname}${win.location.search}`;
    return documentReload(reloadTargetOf(dataUrl, shown));
  };
}
