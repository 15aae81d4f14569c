import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { forgetCached, readThroughCache, SHOP_DATA_TAG } from "~/modules/platform/index.server";
import type { ShopRole } from "../shops";
import {
  addSampleItems,
  archiveSampleItems,
  itemCountsOf,
  removeSampleItems,
  sampleBarcode,
  type AddSamplesResult,
  type RemoveSamplesResult,
} from "../stock/index.server";
import { sampleCatalogue } from "./sample-catalogue";
import { shopGuide, type GuideStatus } from "./schema";
import { guideStepsFor, type GuideStep } from "./steps";

/** One member's walkthrough in one shop, as the pages show it. */
export interface GuideState {
  status: GuideStatus | "none";
  /** The current step (one of `steps`), or null when the walkthrough is not running. */
  step: GuideStep | null;
  steps: readonly GuideStep[];
}

/** What the shop's dashboard offers about the guided first sale. */
export interface GuideOffer {
  guide: GuideState;
  /** The shop has no items (hence no sales): it is offered samples and the walkthrough. */
  newShop: boolean;
  /** Sample items in the shop, and how many of them are still for sale. */
  samples: number;
  activeSamples: number;
}

/** The member's walkthrough in the shop (steps by role; a stored step the role lacks restarts). */
export async function guideStateOf(
  db: Database,
  input: { shopId: string; userId: string; role: ShopRole },
): Promise<GuideState> {
  return guideStateFrom(await guideRowOf(db, input), input.role);
}

/**
 * The same, through the instance's notified cache: the area layouts read it on every page of
 * shophub and storehub, and it changes only when the member moves through the walkthrough (a
 * trigger announces it, drizzle/0028).
 */
export async function guideStateForPage(
  db: Database,
  input: { shopId: string; userId: string; role: ShopRole },
): Promise<GuideState> {
  const tag = SHOP_DATA_TAG.guide(input.shopId, input.userId);
  const row = await readThroughCache(
    db,
    tag,
    () => guideRowOf(db, input),
    () => ({ tags: [tag] }),
  );
  return guideStateFrom(row, input.role);
}

type GuideRow = { status: GuideStatus; step: string } | null;

async function guideRowOf(
  db: Database,
  input: { shopId: string; userId: string },
): Promise<GuideRow> {
  const [row] = await db
    .select({ status: shopGuide.status, step: shopGuide.step })
    .from(shopGuide)
    .where(and(eq(shopGuide.shopId, input.shopId), eq(shopGuide.userId, input.userId)));
  return row ?? null;
}

function guideStateFrom(row: GuideRow, role: ShopRole): GuideState {
  const steps = guideStepsFor(role);
  if (!row || steps.length === 0) return { status: "none", step: null, steps };
  if (row.status !== "active") return { status: row.status, step: null, steps };
  const step = steps.find((name) => name === row.step) ?? steps[0] ?? null;
  return { status: "active", step, steps };
}

/** The dashboard's offer: the member's walkthrough, and whether the shop is new or has samples. */
export async function guideOfferOf(
  db: Database,
  input: { shopId: string; userId: string; role: ShopRole },
): Promise<GuideOffer> {
  const [guide, counts] = await Promise.all([
    guideStateOf(db, input),
    itemCountsOf(db, input.shopId),
  ]);
  return {
    guide,
    newShop: counts.items === 0,
    samples: counts.samples,
    activeSamples: counts.activeSamples,
  };
}

/** Starts (or restarts) the member's walkthrough at its first step. */
export async function startGuide(
  db: Database,
  input: { shopId: string; userId: string; role: ShopRole },
): Promise<GuideState> {
  const steps = guideStepsFor(input.role);
  const first = steps[0];
  if (!first) return { status: "none", step: null, steps };
  await saveGuide(db, { ...input, status: "active", step: first });
  return { status: "active", step: first, steps };
}

/**
 * Moves the member's walkthrough to a step of their role, or closes it (skipped or Escape) or
 * marks it finished; a step outside the role's steps is refused (null).
 */
export async function moveGuide(
  db: Database,
  input: {
    shopId: string;
    userId: string;
    role: ShopRole;
    to: { step: GuideStep } | { status: "closed" | "finished" };
  },
): Promise<GuideState | null> {
  const steps = guideStepsFor(input.role);
  if (steps.length === 0) return null;
  if ("step" in input.to) {
    const step = input.to.step;
    if (!steps.includes(step)) return null;
    await saveGuide(db, { ...input, status: "active", step });
    return { status: "active", step, steps };
  }
  const status = input.to.status;
  const first = steps[0] ?? "";
  // The step is kept as it was: a closed walkthrough restarts from the start anyway.
  await db
    .insert(shopGuide)
    .values({ shopId: input.shopId, userId: input.userId, status, step: first })
    .onConflictDoUpdate({
      target: [shopGuide.shopId, shopGuide.userId],
      set: { status, updatedAt: sql`now()` },
    });
  forgetCached(db, SHOP_DATA_TAG.guide(input.shopId, input.userId));
  return { status, step: null, steps };
}

async function saveGuide(
  db: Database,
  input: { shopId: string; userId: string; status: GuideStatus; step: GuideStep },
) {
  await db
    .insert(shopGuide)
    .values({
      shopId: input.shopId,
      userId: input.userId,
      status: input.status,
      step: input.step,
    })
    .onConflictDoUpdate({
      target: [shopGuide.shopId, shopGuide.userId],
      set: { status: input.status, step: input.step, updatedAt: sql`now()` },
    });
  // The next page shows the step at once (the trigger's notice comes a moment later).
  forgetCached(db, SHOP_DATA_TAG.guide(input.shopId, input.userId));
}

/** Adds the sample shelf to a shop without items (the opening stock through the ledger). */
export function addShopSamples(
  db: Database,
  input: { shopId: string; userId: string },
): Promise<AddSamplesResult> {
  return addSampleItems(db, { ...input, items: sampleCatalogue(sampleBarcode) });
}

/** Takes the shop's samples back, or says why not (sold, or moved by another document). */
export function removeShopSamples(db: Database, shopId: string): Promise<RemoveSamplesResult> {
  return removeSampleItems(db, shopId);
}

/** Archives the shop's samples when they cannot be taken back; how many were archived. */
export function archiveShopSamples(db: Database, shopId: string): Promise<number> {
  return archiveSampleItems(db, shopId);
}
