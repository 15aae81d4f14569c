/**
 * The page a request is for, as the visitor sees it in the address bar. Client-side
 * navigations fetch `/path.data?_routes=…` (and `/_root.data` for the home page); a return
 * address built from that would land the visitor on raw data.
 */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname.replace(/\.data$/, "");
  if (pathname === "/_root") pathname = "/";
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}
