/**
 * What a storehub route declares to the area's gate (storehub.server.ts), as its `handle`:
 * `export const handle = storehubHandle.introduction;`. A route that declares nothing gets
 * the gate's plain rule (members of the active shop only), whatever its URL; renaming a URL
 * neither opens nor closes a page. This file is loaded in the browser too (handles are), so
 * it holds plain values only.
 */
export const storehubHandle = {
  /**
   * The area's introduction: visitors and members without a shop see what storehub is
   * instead of being sent to sign in or to it.
   */
  introduction: { storehubGate: "introduction" },
  /**
   * A live stream (EventSource): it stops on 401 and 204 but retries after a redirect or an
   * error page, so its refusals are bare statuses.
   */
  stream: { storehubGate: "stream" },
} as const;

export type StorehubDeclaration =
  (typeof storehubHandle)[keyof typeof storehubHandle]["storehubGate"];

/** The declaration in a route's handle, if it makes one. */
export function storehubDeclarationOf(handle: unknown): StorehubDeclaration | null {
  if (typeof handle !== "object" || handle === null || !("storehubGate" in handle)) return null;
  const declared = handle.storehubGate;
  return declared === "introduction" || declared === "stream" ? declared : null;
}
