import { useRouteLoaderData } from "react-router";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";

/** The storehub layout's route id (its loader names the active shop). */
const STOREHUB_LAYOUT = "routes/storehub/layout";

/**
 * Keeps a storehub page's quantities live: renders nothing, listens to /storehub/live for the
 * active shop and reloads the page's data when its stock changes. Safe to render more than
 * once on a page (the layout and a page): they share one connection.
 */
export function LiveStock() {
  const layout = useRouteLoaderData(STOREHUB_LAYOUT) as
    { shop?: { id: string } | null } | undefined;
  const shopId = layout?.shop?.id;
  useLiveRevalidate(shopId ? `/storehub/live?shopId=${encodeURIComponent(shopId)}` : null, "stock");
  return null;
}
