import { lazy, Suspense, type ComponentType } from "react";
import { useT } from "~/lib/i18n/use-translation";

/*
 * A part of the till that only a later action needs (the payment panel, the printer setup, the
 * camera), loaded in its own chunk so the till's first load carries less script. `preload`
 * starts the load ahead of the action (the payment panel loads as the first item goes into the
 * bill); the part shows a short "loading" line if it is still on its way. A chunk that cannot
 * be loaded (the till lost its network, or the app was updated meanwhile) says so with a
 * button that reloads the page: the bill and parked bills are kept in this browser.
 */

function LoadFailed() {
  const t = useT();
  return (
    <div className="alert alert-warning" role="alert">
      <p className="mb-2">{t("shops.sell.part.loadFailed")}</p>
      <button
        type="button"
        className="btn btn-outline-primary till-btn"
        onClick={() => window.location.reload()}
      >
        {t("shops.sell.part.reload")}
      </button>
    </div>
  );
}

function Loading() {
  const t = useT();
  return <p role="status">{t("shops.sell.part.loading")}</p>;
}

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Part: ComponentType<P>; preload: () => void } {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    loading ??= load().then(
      (part) => ({ default: part }),
      (): { default: ComponentType<P> } => ({ default: LoadFailed }),
    );
    return loading;
  };
  const Lazy = lazy(start);
  function Part(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Part, preload: () => void start() };
}
