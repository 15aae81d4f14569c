import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import type { Lang } from "~/lib/i18n";
import { DEFAULT_LOCATION_NAME, shownLocationName } from "./location-name";
import { stockBalance, stockLocation, stockMovement, type LocationKind } from "./schema";

export type StockLocation = typeof stockLocation.$inferSelect;

export { DEFAULT_LOCATION_NAME } from "./location-name";

const CHILD_KIND: Record<LocationKind, LocationKind | null> = {
  warehouse: "zone",
  zone: "bin",
  bin: null,
};

/**
 * The shop's default location, created on first use (a new shop has one warehouse). The
 * partial unique index makes concurrent first uses agree on one row.
 */
export async function getDefaultLocation(db: DbExecutor, shopId: string): Promise<StockLocation> {
  const [existing] = await db
    .select()
    .from(stockLocation)
    .where(and(eq(stockLocation.shopId, shopId), eq(stockLocation.isDefault, true)));
  if (existing) return existing;
  await db
    .insert(stockLocation)
    .values({ shopId, kind: "warehouse", name: DEFAULT_LOCATION_NAME, isDefault: true })
    .onConflictDoNothing();
  const [created] = await db
    .select()
    .from(stockLocation)
    .where(and(eq(stockLocation.shopId, shopId), eq(stockLocation.isDefault, true)));
  if (!created) throw new Error("default location missing after insert");
  return created;
}

/**
 * All locations of the shop (the default one included), warehouses first then by name, each
 * named as `lang` reads it (shownLocationName).
 */
export async function listLocations(
  db: DbExecutor,
  shopId: string,
  lang: Lang = "th",
): Promise<StockLocation[]> {
  await getDefaultLocation(db, shopId);
  const rows = await db
    .select()
    .from(stockLocation)
    .where(eq(stockLocation.shopId, shopId))
    .orderBy(asc(stockLocation.name), asc(stockLocation.id));
  return rows.map((row) => ({ ...row, name: shownLocationName(row, lang) }));
}

/** A location of this shop, or null (an id of another shop is simply not found). */
export async function findLocation(
  db: DbExecutor,
  shopId: string,
  locationId: number,
): Promise<StockLocation | null> {
  const [found] = await db
    .select()
    .from(stockLocation)
    .where(and(eq(stockLocation.shopId, shopId), eq(stockLocation.id, locationId)));
  return found ?? null;
}

export interface LocationNode extends StockLocation {
  /** "คลังหลัก › โซน A › ชั้น 1": the path people recognise a bin by. */
  path: string;
  depth: number;
  /** Units held here and in every place below. */
  totalQty: number;
  children: LocationNode[];
}

/** Locations as a tree (warehouse > zone > bin) with quantities summed up the tree. */
export function buildLocationTree(
  locations: StockLocation[],
  quantities: Map<number, number>,
): LocationNode[] {
  const nodes = new Map<number, LocationNode>();
  for (const location of locations) {
    nodes.set(location.id, {
      ...location,
      path: location.name,
      depth: 0,
      totalQty: 0,
      children: [],
    });
  }
  const roots: LocationNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const walk = (node: LocationNode, parentPath: string | null, depth: number): number => {
    node.path = parentPath ? `${parentPath} › ${node.name}` : node.name;
    node.depth = depth;
    node.children.sort((a, b) => a.name.localeCompare(b.name, "th"));
    node.totalQty =
      (quantities.get(node.id) ?? 0) +
      node.children.reduce((sum, child) => sum + walk(child, node.path, depth + 1), 0);
    return node.totalQty;
  };
  roots.sort(
    (a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name, "th"),
  );
  for (const root of roots) walk(root, null, 0);
  return roots;
}

/** The tree flattened in display order (parents before their children). */
export function flattenLocationTree(roots: LocationNode[]): LocationNode[] {
  const out: LocationNode[] = [];
  const visit = (node: LocationNode) => {
    out.push(node);
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  return out;
}

/** Thousandths held at each location of the shop (optionally of one item). */
export async function quantitiesByLocation(
  db: DbExecutor,
  shopId: string,
  itemId?: number,
): Promise<Map<number, number>> {
  return (await balancesByLocation(db, shopId, itemId)).quantities;
}

/**
 * Units and their value at cost (satang, exact per location: the values of one item add up
 * to its stock value) at each location of the shop, optionally of one item.
 */
export async function balancesByLocation(
  db: DbExecutor,
  shopId: string,
  itemId?: number,
): Promise<{ quantities: Map<number, number>; values: Map<number, number> }> {
  const rows = await db
    .select({
      locationId: stockBalance.locationId,
      // numeric sum: exact, read into thousandths like the column itself.
      qty: sql<number>`sum(${stockBalance.qty})`.mapWith(stockBalance.qty),
      value: sql<number>`sum(${stockBalance.valueSatang})::bigint`.mapWith(Number),
    })
    .from(stockBalance)
    .where(
      itemId === undefined
        ? eq(stockBalance.shopId, shopId)
        : and(eq(stockBalance.shopId, shopId), eq(stockBalance.itemId, itemId)),
    )
    .groupBy(stockBalance.locationId);
  return {
    quantities: new Map(rows.map((row) => [row.locationId, row.qty])),
    values: new Map(rows.map((row) => [row.locationId, row.value])),
  };
}

export type LocationResult =
  | { ok: true; location: StockLocation }
  | {
      ok: false;
      error: "parentNotFound" | "binHasNoChildren" | "nameTaken" | "notFound" | "inUse";
    };

/** Adds a warehouse (no parent), a zone (in a warehouse) or a bin (in a zone). */
export async function createLocation(
  db: Database,
  shopId: string,
  input: { parentId: number | null; name: string },
): Promise<LocationResult> {
  let kind: LocationKind = "warehouse";
  if (input.parentId !== null) {
    const parent = await findLocation(db, shopId, input.parentId);
    if (!parent) return { ok: false, error: "parentNotFound" };
    const childKind = CHILD_KIND[parent.kind];
    if (!childKind) return { ok: false, error: "binHasNoChildren" };
    kind = childKind;
  }
  if (await siblingNamed(db, shopId, input.parentId, input.name, null)) {
    return { ok: false, error: "nameTaken" };
  }
  const [location] = await db
    .insert(stockLocation)
    .values({ shopId, parentId: input.parentId, kind, name: input.name })
    .returning();
  if (!location) throw new Error("location insert returned no row");
  return { ok: true, location };
}

async function siblingNamed(
  db: DbExecutor,
  shopId: string,
  parentId: number | null,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const result = await db.execute<{ found: number }>(sql`
    SELECT 1 AS found FROM stock_location
     WHERE shop_id = ${shopId} AND parent_id IS NOT DISTINCT FROM ${parentId}
       AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId}
     LIMIT 1`);
  return result.rows.length > 0;
}

/** Renames a location of the shop (its stock and history stay where they are). */
export async function renameLocation(
  db: Database,
  shopId: string,
  locationId: number,
  name: string,
): Promise<LocationResult> {
  const location = await findLocation(db, shopId, locationId);
  if (!location) return { ok: false, error: "notFound" };
  if (await siblingNamed(db, shopId, location.parentId, name, location.id)) {
    return { ok: false, error: "nameTaken" };
  }
  const [renamed] = await db
    .update(stockLocation)
    .set({ name })
    .where(and(eq(stockLocation.shopId, shopId), eq(stockLocation.id, locationId)))
    .returning();
  return renamed ? { ok: true, location: renamed } : { ok: false, error: "notFound" };
}

/**
 * Removes a location that never held stock and has no places inside it. One with history
 * stays, so that the ledger keeps pointing at a real place. The default location stays.
 */
export async function deleteLocation(
  db: Database,
  shopId: string,
  locationId: number,
): Promise<LocationResult> {
  return db.transaction(async (tx) => {
    const [location] = await tx
      .select()
      .from(stockLocation)
      .where(and(eq(stockLocation.shopId, shopId), eq(stockLocation.id, locationId)))
      .for("update");
    if (!location) return { ok: false, error: "notFound" } as const;
    const [used] = await tx
      .execute<{ used: boolean }>(
        sql`
      SELECT ${location.isDefault}
          OR EXISTS (SELECT 1 FROM stock_location WHERE parent_id = ${locationId})
          OR EXISTS (SELECT 1 FROM ${stockBalance} WHERE location_id = ${locationId})
          OR EXISTS (SELECT 1 FROM ${stockMovement} WHERE location_id = ${locationId}) AS used`,
      )
      .then((result) => result.rows);
    if (used?.used) return { ok: false, error: "inUse" } as const;
    await tx.delete(stockLocation).where(eq(stockLocation.id, locationId));
    return { ok: true, location } as const;
  });
}
