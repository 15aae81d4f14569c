import type pg from "pg";
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

/** What a subscriber hears: its shop's stock changed, or the hub closed (server stopping). */
export type StockEvent = "change" | "closed";
export type StockListener = (event: StockEvent) => void;

export interface StockEvents {
  /**
   * Calls `listener` with "change" when stock of the shop changes (several changes within the
   * debounce window arrive as one). Starts listening on first use. Returns the unsubscribe.
   */
  subscribe(shopId: string, listener: StockListener): () => void;
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
    subscribe(shopId, listener) {
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
      if (!started) {
        started = true;
        void connect();
      }
      return () => {
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
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** How often an idle stream sends a comment, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 25_000;

/**
 * The server-sent-events response of one open storehub page: an `event: stock` message when
 * the shop's stock changes, a comment every HEARTBEAT_MS, and cleanup when the browser goes
 * away (the request's signal aborts) or the server stops.
 */
export function stockEventStream(
  events: StockEvents,
  shopId: string,
  signal: AbortSignal,
  heartbeatMs = HEARTBEAT_MS,
): Response {
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
      const unsubscribe = events.subscribe(shopId, (event) => {
        if (event === "closed") finish();
        else send(`event: stock\ndata: ${shopId}\n\n`);
      });
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
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // Tells nginx-style proxies not to buffer the stream either.
      "X-Accel-Buffering": "no",
    },
  });
}
