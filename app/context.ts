import { createContext } from "react-router";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";

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
}

export const appContext = createContext<AppContext>();
