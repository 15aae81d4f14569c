import {
  createElement,
  useEffect,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";
import type { MemberHeaderItemsProps } from "./member-header-items";

/*
 * Where the header finds its member-only parts (member-header-items.tsx, a chunk of its own).
 * The server renders them at once (entry.server.tsx provides the component); a member's page
 * loads the chunk before it hydrates (entry.client.tsx: the server's HTML says so with
 * MEMBER_HEADER_MARK), so hydration renders exactly that HTML; a visitor who signs in without
 * a page load gets it on the way, with the member's name shown meanwhile.
 */

type Items = ComponentType<MemberHeaderItemsProps>;

/** The attribute on the member's part of the header in the server's HTML. */
export const MEMBER_HEADER_MARK = "data-member-header";

let items: Items | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function provideMemberHeader(component: Items): void {
  items = component;
  for (const listener of listeners) listener();
}

/** Loads the member's header parts once (again after a failed attempt). */
export function loadMemberHeader(): Promise<void> {
  loading ??= import("./member-header-items").then(
    (module) => provideMemberHeader(module.MemberHeaderItems),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => items;

/**
 * The member's header parts, or `fallback` until they are at hand (then asks for them). The
 * component found is set once per page (provideMemberHeader) and never changes after.
 */
export function MemberHeader({
  fallback,
  ...props
}: MemberHeaderItemsProps & { fallback: ReactNode }) {
  const found = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (!found) loadMemberHeader().catch(() => {});
  }, [found]);
  return found ? createElement(found, props) : fallback;
}
