import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import {
  chunkFailureStore,
  guardRouteModuleReloads,
  reloadAfterChunkError,
} from "./lib/chunk-reload";

// Vite fires this when a lazily loaded chunk (e.g. of a newer deployment) fails to load.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadAfterChunkError(sessionStorage, () => window.location.reload())) event.preventDefault();
});

guardRouteModuleReloads(console, sessionStorage, Date.now, () => chunkFailureStore.set(true));
chunkFailureStore.clearOnNextNavigation(document, window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
