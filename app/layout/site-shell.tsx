import { useSyncExternalStore, type ReactNode } from "react";
import { useFetchers, useNavigation } from "react-router";
import { chunkFailureStore } from "~/lib/chunk-reload";
import { useT } from "~/lib/i18n/use-translation";
import { ChunkLoadFailed } from "./error-pages";
import { OfflineIndicator } from "~/ui/offline-indicator";
import { PageTransition } from "~/ui/page-transition";
import { ProgressBar } from "~/ui/progress-bar";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { NoticeBar } from "./notice-bar";
import { MaintenanceLine } from "./maintenance-line";

export interface RootCompany {
  nameTh: string;
  nameEn: string;
  brand: string;
  addressTh: string;
  addressEn: string;
  phone: string;
  phoneDisplay: string;
  email: string;
  lineId: string | null;
  hoursTh: string;
  hoursEn: string;
}

/**
 * Header, progress bar, offline banner, animated page area and footer around every page. A
 * counter (the till: `counter`) has the header slimmed and no footer (layout/frame.ts).
 */
export function SiteShell({
  company,
  counter = false,
  children,
}: {
  company: RootCompany | undefined;
  counter?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const chunkFailed = useSyncExternalStore(
    chunkFailureStore.subscribe,
    chunkFailureStore.getSnapshot,
    chunkFailureStore.getServerSnapshot,
  );
  return (
    <>
      <ProgressBar active={busy} label={t("status.loading")} />
      <SiteHeader
        slim={counter}
        brand={company?.brand ?? t("site.name")}
        phone={company?.phone ?? ""}
        phoneDisplay={company?.phoneDisplay ?? ""}
      />
      {!counter && <MaintenanceLine />}
      <NoticeBar />
      <OfflineIndicator message={t("status.offline")} />
      <main id="main" tabIndex={-1}>
        {chunkFailed ? <ChunkLoadFailed /> : <PageTransition>{children}</PageTransition>}
      </main>
      {company && !counter && <SiteFooter company={company} />}
    </>
  );
}
