/**
 * How much of the site's frame a page is shown in, as its route's `handle.frame` asks (the
 * deepest route that says wins): "none" for a printed document, nothing but the page on the
 * paper; "counter" for the till, the header slimmed to the way out and the member's menus and
 * no footer, so the counter fits the screen (decision 0070); the whole frame otherwise.
 */
export type Frame = "site" | "counter" | "none";

export interface FrameHandle {
  frame?: Exclude<Frame, "site">;
}

export function frameOf(matches: readonly { handle?: unknown }[]): Frame {
  let frame: Frame = "site";
  for (const match of matches) {
    const wanted = (match.handle as FrameHandle | undefined)?.frame;
    if (wanted) frame = wanted;
  }
  return frame;
}
