import type pg from "pg";
import { IDENTITY_CHANGED_CHANNEL } from "~/modules/platform/index.server";
import { forgetStockSummary } from "./stock-summary-cache.server";

/*
 * Live stock: after each posting statement the app instance that posted announces
 * pg_notify('stock_changed', shop_id), coalesced per shop (stock-change-notifier.server.ts;
 * not inside the ledger functions, see drizzle/0005_stock_ledger.sql). Each app instance keeps
 * ONE connection listening on that channel and fans the shop id out to the pages of that shop
 * open on this instance (server-sent events, stockEventStream below). The same connection
 * hears the identity cache's channel (`channels`).
 */

const CHANNEL = "stock_changed";

/**
 * What a subscriber hears: its shop's stock changed, the hub closed (server stopping), or
 * "access": the membership of its member or its shop changed (identity_changed 'user:<id>' /
 * 'shop:<id>'), so the stream must check whether its member may still read the shop.
 */
export type StockEvent = "change" | "closed" | "access";
export type StockListener = (event: StockEvent) => void;

export interface StockEvents {
  /**
   * Calls `listener` with "change" when stock of the shop changes (several changes within the
   * debounce window arrive as one). Starts listening on first use. Returns the unsubscribe.
   */
  subscribe(shopId: string, listener: StockListener, userId?: string): () => void;
  /** How many subscriptions of this member are open on this instance (streams per member). */
  openFor(userId: string): number;
  /** Resolves once the hub's LISTEN is active (tests use it to avoid a race with NOTIFY). */
  whenListening(): Promise<void>;
  /** Ends every subscription ("closed") and the listening connection. */
  close(): Promise<void>;
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface StockEventsOptions {
  /** A new, not yet connected client for the listening connection (called on each reconnect). */
  createClient: () => pg.Client;
  logger?: Logger;
  /** Changes of one shop within this window reach its pages as one event. */
  debounceMs?: number;
  /** Reconnect delays: doubling from the first to the last, with some jitter. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /**
   * Other channels heard on the same connection (one LISTEN connection per instance), e.g.
   * the identity cache's. `onListening(false)` when the connection is lost or closed: changes
   * may go unheard until `onListening(true)`.
   */
  channels?: readonly OtherChannel[];
}

export interface OtherChannel {
  name: string;
  onNotification(payload: string): void;
  onListening(listening: boolean): void;
}

/** The per-instance hub that turns `LISTEN stock_changed` into per-shop events. */
export function createStockEvents(options: StockEventsOptions): StockEvents {
  const debounceMs = options.debounceMs ?? 250;
  const reconnectMinMs = options.reconnectMinMs ?? 500;
  const reconnectMaxMs = options.reconnectMaxMs ?? 30_000;
  const listeners = new Map<string, Set<StockListener>>();
  // The member of each subscription that named one, to tell it when their access changed.
  const byUser = new Map<string, Map<StockListener, string>>();
  const pending = new Map<string, NodeJS.Timeout>();
  let client: pg.Client | null = null;
  let started = false;
  let closed = false;
  let connectedOnce = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let listening: Promise<void>;
  let markListening: () => void = () => {};
  const resetListening = () => {
    listening = new Promise((resolve) => (markListening = resolve));
  };
  resetListening();

  const otherChannels = options.channels ?? [];
  const tellListening = (listening: boolean) => {
    for (const channel of otherChannels) channel.onListening(listening);
  };

  const emit = (shopId: string, event: StockEvent) => {
    for (const listener of [...(listeners.get(shopId) ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        options.logger?.warn({ err: error, shopId }, "live stock listener failed");
      }
    }
  };

  /** A membership or shop changed: its open streams re-check their access ("access"). */
  const accessChanged = (payload: string) => {
    const notify = (listener: StockListener, shopId: string) => {
      try {
        listener("access");
      } catch (error) {
        options.logger?.warn({ err: error, shopId }, "live stock listener failed");
      }
    };
    if (payload === "*") {
      for (const [shopId, set] of listeners) for (const listener of set) notify(listener, shopId);
    } else if (payload.startsWith("user:")) {
      for (const [listener, shopId] of byUser.get(payload.slice(5)) ?? []) {
        notify(listener, shopId);
      }
    } else if (payload.startsWith("shop:")) {
      const shopId = payload.slice(5);
      for (const listener of [...(listeners.get(shopId) ?? [])]) notify(listener, shopId);
    }
  };

  /** Coalesces a burst of changes (32 tills selling at once) into one event per window. */
  const schedule = (shopId: string) => {
    if (!listeners.has(shopId) || pending.has(shopId)) return;
    const timer = setTimeout(() => {
      pending.delete(shopId);
      emit(shopId, "change");
    }, debounceMs);
    timer.unref();
    pending.set(shopId, timer);
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const base = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** failures);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
    reconnectTimer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const candidate = options.createClient();
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (closed) return;
      if (client === candidate) {
        client = null;
        resetListening();
        tellListening(false);
      }
      options.logger?.warn({ err: error }, "live stock connection lost; reconnecting");
      candidate.end().catch(() => {});
      scheduleReconnect();
    };
    candidate.on("notification", (message) => {
      const other = otherChannels.find((channel) => channel.name === message.channel);
      if (other) {
        other.onNotification(message.payload ?? "");
        // After the identity cache forgot it, so a re-check reads the database afresh.
        if (message.channel === IDENTITY_CHANGED_CHANNEL) accessChanged(message.payload ?? "");
        return;
      }
      if (message.channel !== CHANNEL || !message.payload) return;
      // Before any page hears of it (below, debounced), so a refreshed page reads new totals.
      forgetStockSummary(message.payload);
      schedule(message.payload);
    });
    candidate.on("error", (error) => drop(error));
    candidate.on("end", () => drop());
    try {
      await candidate.connect();
      await candidate.query(
        [CHANNEL, ...otherChannels.map((channel) => channel.name)]
          .map((name) => `LISTEN ${name};`)
          .join(" "),
      );
    } catch (error) {
      drop(error);
      return;
    }
    if (closed || dropped) {
      dropped = true;
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    failures = 0;
    tellListening(true);
    markListening();
    if (connectedOnce) {
      // Changes made while the connection was down were not heard: tell every open page.
      options.logger?.info({}, "live stock connection restored");
      forgetStockSummary(null);
      for (const shopId of listeners.keys()) schedule(shopId);
    }
    connectedOnce = true;
  };

  return {
    subscribe(shopId, listener, userId) {
      if (closed) {
        listener("closed");
        return () => {};
      }
      let set = listeners.get(shopId);
      if (!set) {
        set = new Set();
        listeners.set(shopId, set);
      }
      set.add(listener);
      if (userId) {
        let mine = byUser.get(userId);
        if (!mine) {
          mine = new Map();
          byUser.set(userId, mine);
        }
        mine.set(listener, shopId);
      }
      if (!started) {
        started = true;
        void connect();
      }
      return () => {
        if (userId) {
          const mine = byUser.get(userId);
          mine?.delete(listener);
          if (mine?.size === 0) byUser.delete(userId);
        }
        const current = listeners.get(shopId);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(shopId);
          const timer = pending.get(shopId);
          if (timer) clearTimeout(timer);
          pending.delete(shopId);
        }
      };
    },
    openFor(userId) {
      return byUser.get(userId)?.size ?? 0;
    },
    whenListening() {
      if (!started && !closed) {
        started = true;
        void connect();
      }
      return listening;
    },
    async close() {
      if (closed) return;
      closed = true;
      tellListening(false);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      for (const shopId of [...listeners.keys()]) emit(shopId, "closed");
      listeners.clear();
      byUser.clear();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** How often an idle stream sends a comment, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 25_000;

/** Open live streams one member may have on one instance (tabs, devices behind one NAT…). */
export const MAX_STREAMS_PER_MEMBER = 8;

/** Whose stream it is, and how to check that they may still read the shop. */
export interface StreamMember {
  userId: string;
  /** Read from the database: false once the membership ended (or the shop is gone). */
  stillAllowed: () => Promise<boolean>;
}

/**
 * The server-sent-events stream of one open storehub page (the route sends it as
 * `text/event-stream`): an `event: stock` message when
 * the shop's stock changes, a comment every HEARTBEAT_MS, and cleanup when the browser goes
 * away (the request's signal aborts) or the server stops. With `member`, the stream counts
 * toward that member's limit and ends as soon as their membership of the shop ends (a removed
 * employee's open tab stops hearing of the shop's stock).
 */
export function stockEventStream(
  events: StockEvents,
  shopId: string,
  signal: AbortSignal,
  heartbeatMs = HEARTBEAT_MS,
  member?: StreamMember,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let finished = false;
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const finish = () => {
        if (finished) return;
        finished = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // Already closed by the other side.
        }
      };
      const send = (text: string) => {
        if (finished) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      // `retry`: how long the browser waits before reconnecting after a drop.
      send("retry: 3000\n: connected\n\n");
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), heartbeatMs);
      const recheck = () => {
        if (!member || finished) return;
        member.stillAllowed().then(
          (allowed) => {
            if (!allowed) finish();
          },
          // When the check itself fails, end the stream: the page reconnects and is checked.
          () => finish(),
        );
      };
      const unsubscribe = events.subscribe(
        shopId,
        (event) => {
          if (event === "closed") finish();
          else if (event === "access") recheck();
          else send(`event: stock\ndata: ${shopId}\n\n`);
        },
        member?.userId,
      );
      const onAbort = () => finish();
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        signal.removeEventListener("abort", onAbort);
      };
      signal.addEventListener("abort", onAbort);
      if (signal.aborted) finish();
    },
    cancel() {
      finished = true;
      cleanup();
    },
  });
  return stream;
}
