import { createContext, type RouteObject } from "react-router";
import type { Logger } from "pino";
import type { DatabaseAvailability } from "~/db/availability.server";
import type { Database } from "~/db/client.server";
import type { Auth } from "~/modules/accounts/index.server";
import type { FileStorage } from "~/modules/media/index.server";
import type { StockEvents } from "~/modules/stock/index.server";
import type { SessionUser } from "~/modules/accounts";

/** What the server gives every loader and action (see server/app.ts). */
export interface AppContext {
  db: Database;
  logger: Logger;
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  /** The client's address as seen through trusted proxies. */
  clientAddress: string;
  /** Absolute origin used for canonical URLs, sitemaps and Open Graph. */
  publicOrigin: string;
  version: string;
  /**
   * React Router's build (its manifest's version), named in every page and on every data
   * answer, so that a tab of an older build reloads (app/lib/stale-build.ts). Unset in
   * development, whose build changes with every edit.
   */
  build?: string;
  auth: Auth;
  /** Uploaded files (under DATA_DIR/uploads). */
  storage: FileStorage;
  /** Stock changes of each shop, heard through PostgreSQL LISTEN (live storehub pages). */
  stockEvents: StockEvents;
  /** Told when a request lost the database, so that the next ones are refused at once. */
  databaseAvailability?: DatabaseAvailability;
}

export const appContext = createContext<AppContext>();

export type { SessionUser };

/** The signed-in member of this request, or null; set by the root middleware. */
export const sessionUserContext = createContext<SessionUser | null>(null);

/**
 * The app's routes (ids, paths and `handle`s), set by the server for each request (tests set
 * theirs): React Router tells middleware the URL, not which route it reached, and a gate that
 * asks what the reached route declares (routes/_gates/reached-route.server.ts) matches it here.
 */
export const routeTreeContext = createContext<() => Promise<readonly RouteObject[]>>();
