import { useOnlineStatus } from "./use-online-status";

/** A banner that appears while the browser is offline. */
export function OfflineIndicator({ message }: { message: string }) {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      className="offline-indicator"
      role="status"
      aria-live="polite"
      data-testid="offline-indicator"
    >
      <span className="offline-indicator__dot" aria-hidden="true" />
      {message}
    </div>
  );
}
