import { useEffect, useState } from "react";
import {
  boundTillOf,
  type BoundTillOnDevice,
  forgetBoundTill,
  rememberBoundTill,
  tillDatabase,
} from "~/features/till-offline/till-store";
import { useT } from "~/lib/i18n/use-translation";
import type { BoundTill } from "~/modules/tills";

/*
 * Which registered till this browser is (issue 34): kept in the device's IndexedDB with its
 * token when an owner or a manager binds it here. The page says it, and forgets a till the
 * server no longer knows as bound (released, retired).
 */

type ListedTill = { id: string; name: string; code: string; bound: boolean; status: string };

/** The shop's till on this device, after keeping `justBound` and checking it against the list. */
async function tillOnDevice(
  shopId: string,
  tills: ListedTill[],
  justBound: BoundTill | null,
): Promise<BoundTillOnDevice | null | "noStorage"> {
  const db = await (tillDatabase() ?? Promise.resolve(null)).catch(() => null);
  // No IndexedDB (a private window of some browsers): this device cannot keep a till.
  if (!db) return "noStorage";
  if (justBound) {
    const kept = await rememberBoundTill(db, {
      shopId,
      ...justBound,
      boundAt: new Date().toISOString(),
    }).then(
      () => true,
      () => false,
    );
    if (!kept) return "noStorage";
  }
  const kept = await boundTillOf(db, shopId);
  const listed = kept ? tills.find((row) => row.id === kept.tillId) : undefined;
  if (kept && (!listed || !listed.bound || listed.status !== "active")) {
    // Released or retired since: the device is no longer that till.
    await forgetBoundTill(db, shopId);
    return null;
  }
  return kept;
}

export function ThisDeviceTill({
  shopId,
  tills,
  justBound,
}: {
  shopId: string;
  tills: ListedTill[];
  /** A till the page's action bound to this device a moment ago: kept before anything else. */
  justBound: BoundTill | null;
}) {
  const t = useT();
  const [mine, setMine] = useState<BoundTillOnDevice | null | "noStorage" | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void tillOnDevice(shopId, tills, justBound).then((found) => {
      if (alive) setMine(found);
    });
    return () => {
      alive = false;
    };
  }, [shopId, tills, justBound]);
  if (mine === undefined) return null;
  if (mine === "noStorage") {
    return (
      <p className="alert alert-warning" data-testid="tills-this-device">
        {t("shops.tills.thisDevice.noStorage")}
      </p>
    );
  }
  return (
    <p className="alert alert-secondary" data-testid="tills-this-device">
      {mine
        ? t("shops.tills.thisDevice.is", { name: mine.name, code: mine.code })
        : t("shops.tills.thisDevice.none")}
    </p>
  );
}
