import { data, redirect } from "react-router";
import { langOf } from "~/lib/i18n/lang.server";
import { z } from "zod";
import type { Route } from "./+types/route";
import { appContext } from "~/context";
import { LiveStock } from "~/features/storehub/live-stock";
import { ShopChangedNotice } from "~/features/shops/shop-form";
import { storehubPageMeta } from "~/layout/storehub-page-meta";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n/use-translation";
import { flagField, idField, readId } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import { readPageNumber } from "~/lib/paging";
import { truncateText } from "~/lib/truncate-text";
import { limitSearches } from "~/modules/platform/index.server";
import { tooManyRequestsPage } from "~/routes/errors.server";
import { keepFormOnShopChange } from "~/routes/_gates/shop-form.server";
import { storehubOf } from "~/routes/_gates/storehub.server";
import {
  documentNumber,
  shortageMessage,
  locationNameField,
  documentRefusal,
  isReversible,
  mayReverseDocuments,
  reversalPreview,
  type ReversalRefusal,
} from "~/modules/stock";
import { maySeeCosts } from "~/modules/shops";
import {
  getStockDocument,
  findItem,
  searchItems,
  listMovements,
  MOVEMENT_COUNT_CAP,
  reverseStockDocument,
  buildLocationTree,
  createLocation,
  deleteLocation,
  findLocation,
  flattenLocationTree,
  listLocations,
  balancesByLocation,
  renameLocation,
  explainShortage,
  STOCK_WRITERS,
} from "~/modules/stock/index.server";
import { ItemPicker } from "./item-picker";
import { LedgerSection } from "./ledger-section";
import { LocationsSection } from "./locations-section";
import {
  DONE,
  SEARCH_MAX,
  type ActionData,
  type Done,
  type Message,
  type Target,
} from "./page-data";
import { useHref } from "./use-href";

// /storehub/storage: the places as a tree with their quantities, an item's or a place's
// ledger, and reversing a document.

/** Why a reversal was refused, in the reader's words. */
const REVERSAL_REFUSED: Record<ReversalRefusal | "notAllowed", MessageKey> = {
  notAllowed: "storehub.storage.error.reverseNotAllowed",
  alreadyReversed: "storehub.error.alreadyReversed",
  notReversible: "storehub.storage.error.notReversible",
};

// The storage forms: which button was pressed, then the fields of that one form.
const intentSchema = z.object({
  intent: z
    .enum(["addLocation", "renameLocation", "deleteLocation", "reverse"])
    .optional()
    .catch(undefined),
  confirmed: flagField(),
});
/** Empty: a new warehouse at the top; else the location the new one goes under. */
const parentSchema = z.object({
  parentId: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return null;
      const id = readId(value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: "storehub.error.locationNotFound" });
        return z.NEVER;
      }
      return id;
    }),
});
const nameSchema = z.object({ name: locationNameField() });
const locationRefSchema = z.object({ locationId: idField("storehub.error.locationNotFound") });
const reverseSchema = z.object({
  documentId: idField("storehub.storage.error.badRequest"),
  reason: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (value ?? "").trim().slice(0, 500)),
});

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { shopId, active } = await storehubOf(context, request);
  const { db } = context.get(appContext);
  const lang = langOf(context);
  const params = url.searchParams;
  // An id of another shop (or nonsense) is simply not found: 404, nothing revealed.
  const itemParam = params.get("item");
  const item = itemParam === null ? null : await findItemOr404(db, shopId, itemParam);
  const locationParam = params.get("location");
  const location =
    locationParam === null ? null : await findLocationOr404(db, shopId, locationParam);
  const q = truncateText((params.get("q") ?? "").trim(), SEARCH_MAX);
  if (q) {
    await limitSearches(db, context.get(appContext).clientAddress).catch(
      tooManyRequestsPage(request),
    );
  }
  const page = readPageNumber(params);

  const [locations, { quantities, values }, ledger, matches] = await Promise.all([
    listLocations(db, shopId, lang),
    // With an item chosen the tree shows that item's quantities (cheap: one item's rows).
    balancesByLocation(db, shopId, item?.id),
    listMovements(db, shopId, { itemId: item?.id, locationId: location?.id, page, lang }),
    q ? searchItems(db, shopId, { search: q, status: "all", page: 1, pageSize: 10 }) : null,
  ]);
  const showCosts = maySeeCosts(active.role);
  const tree = flattenLocationTree(buildLocationTree(locations, quantities)).map((node) => ({
    id: node.id,
    kind: node.kind,
    name: node.name,
    path: node.path,
    depth: node.depth,
    isDefault: node.isDefault,
    hasChildren: node.children.length > 0,
    qty: quantities.get(node.id) ?? 0,
    totalQty: node.totalQty,
    // A cashier sees no costs (maySeeCosts): the value is not in the data, not only hidden.
    ...(showCosts ? { valueSatang: values.get(node.id) ?? 0 } : {}),
  }));
  const paths = new Map(tree.map((node) => [node.id, node.path]));
  const canWrite = STOCK_WRITERS.includes(active.role);
  const mayReverse = canWrite && mayReverseDocuments(active);
  const seenDocuments = new Set<number>();
  const done = params.get("done");
  return {
    // The shop this page is rendered for: its forms send it back (ShopIdField).
    formShopId: shopId,
    canWrite,
    showCosts,
    q,
    matches: matches?.rows.map((match) => ({
      id: match.id,
      name: match.name,
      sku: match.sku,
      onHand: match.onHand,
      unit: match.unit,
    })),
    item: item && {
      id: item.id,
      name: item.name,
      sku: item.sku,
      unit: item.unit,
      onHand: item.onHand,
      ...(showCosts ? { stockValueSatang: item.stockValueSatang } : {}),
    },
    location: location && { id: location.id, path: paths.get(location.id) ?? location.name },
    tree,
    ledger: {
      page: ledger.page,
      pageCount: ledger.pageCount,
      total: ledger.total,
      capped: ledger.total >= MOVEMENT_COUNT_CAP,
      cap: MOVEMENT_COUNT_CAP,
      // When filtered by location: what was left there; otherwise the item's total.
      running: location ? "location" : "item",
      rows: ledger.rows.map((row) => {
        const firstOfDocument = !seenDocuments.has(row.documentId);
        seenDocuments.add(row.documentId);
        const documentKind = row.documentKind as Parameters<typeof documentNumber>[0];
        return {
          id: row.id,
          documentId: row.documentId,
          documentNumber: documentNumber(documentKind, row.documentNumber),
          documentKind,
          reversedBy: row.reversedBy === null ? null : documentNumber("reversal", row.reversedBy),
          canReverse:
            mayReverse &&
            firstOfDocument &&
            isReversible({ kind: documentKind, reversedBy: row.reversedBy }),
          itemId: row.itemId,
          itemName: row.itemName,
          sku: row.sku,
          unit: row.unit,
          locationId: row.locationId,
          locationPath: paths.get(row.locationId) ?? row.locationName,
          kind: row.kind,
          qty: row.qty,
          running: location ? row.locationQtyAfter : row.itemQtyAfter,
          ...(showCosts
            ? { unitCostSatang: row.unitCostSatang, valueSatang: row.valueSatang }
            : {}),
          reference: row.reference,
          reason: row.reason,
          userName: row.userName,
          createdAt: row.createdAt,
        };
      }),
    },
    done: (DONE as readonly string[]).includes(done ?? "")
      ? { what: done as Done, number: (params.get("number") ?? "").slice(0, 20) }
      : null,
  };
}

async function findItemOr404(db: Parameters<typeof findItem>[0], shopId: string, raw: string) {
  const id = readId(raw);
  const found = id === null ? null : await findItem(db, shopId, id);
  if (!found) throw data(null, { status: 404 });
  return found;
}

async function findLocationOr404(
  db: Parameters<typeof findLocation>[0],
  shopId: string,
  raw: string,
) {
  const id = readId(raw);
  const found = id === null ? null : await findLocation(db, shopId, id);
  if (!found) throw data(null, { status: 404 });
  return found;
}

export const action = keepFormOnShopChange(async function action({
  request,
  context,
  url,
}: Route.ActionArgs) {
  // Every change here is a writer's: a cashier gets 403 whatever the intent.
  const { shopId, user, active } = await storehubOf(context, request);
  const { db, logger } = context.get(appContext);
  const lang = langOf(context);
  const form = await request.formData();
  const chosen = readForm(form, intentSchema);
  const { intent, confirmed } = chosen.ok ? chosen.data : { intent: undefined, confirmed: false };
  const back = (done: Done, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams(url.search);
    params.delete("number");
    params.set("done", done);
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    return redirect(`${url.pathname}?${params}`);
  };
  const fail = (target: Target, key: MessageKey, status = 400, extra: Partial<ActionData> = {}) =>
    data<ActionData>({ error: { key }, target, ...extra } as ActionData, { status });

  if (intent === "addLocation") {
    const parent = readForm(form, parentSchema);
    if (!parent.ok) return fail("add", "storehub.error.locationNotFound", 404);
    const { parentId } = parent.data;
    const target = parentId === null ? "add" : `location-${parentId}`;
    const named = readForm(form, nameSchema);
    if (!named.ok) {
      return fail(target, named.errors.name ?? "storehub.storage.error.nameRequired", 400, {
        name: named.values.name ?? "",
        adding: true,
      });
    }
    const name = named.data;
    const created = await createLocation(db, shopId, { parentId, name: name.name });
    if (!created.ok) {
      if (created.error === "parentNotFound" || created.error === "notFound") {
        return fail(target, "storehub.error.locationNotFound", 404);
      }
      const key =
        created.error === "binHasNoChildren"
          ? "storehub.storage.error.binHasNoChildren"
          : "storehub.storage.error.nameTaken";
      return fail(target, key, 400, { name: name.name, adding: true });
    }
    logger.info({ shopId, userId: user.id, locationId: created.location.id }, "location added");
    return back("created");
  }

  if (intent === "renameLocation" || intent === "deleteLocation") {
    const ref = readForm(form, locationRefSchema);
    const locationId = ref.ok ? ref.data.locationId : null;
    const target = `location-${locationId ?? 0}`;
    if (locationId === null) return fail(target, "storehub.error.locationNotFound", 404);
    if (intent === "renameLocation") {
      const named = readForm(form, nameSchema);
      if (!named.ok) {
        return fail(target, named.errors.name ?? "storehub.storage.error.nameRequired", 400, {
          name: named.values.name ?? "",
        });
      }
      const name = named.data;
      const renamed = await renameLocation(db, shopId, locationId, name.name);
      if (!renamed.ok) {
        return renamed.error === "notFound"
          ? fail(target, "storehub.error.locationNotFound", 404)
          : fail(target, "storehub.storage.error.nameTaken", 400, { name: name.name });
      }
      return back("renamed");
    }
    if (!confirmed) {
      const location = await findLocation(db, shopId, locationId);
      if (!location) return fail(target, "storehub.error.locationNotFound", 404);
      const tree = flattenLocationTree(
        buildLocationTree(await listLocations(db, shopId, lang), new Map()),
      );
      const path = tree.find((node) => node.id === locationId)?.path ?? location.name;
      return data<ActionData>({ confirmDelete: { id: locationId, path } });
    }
    const deleted = await deleteLocation(db, shopId, locationId);
    if (!deleted.ok) {
      return deleted.error === "notFound"
        ? fail(target, "storehub.error.locationNotFound", 404)
        : fail(target, "storehub.storage.error.inUse", 409);
    }
    logger.info({ shopId, userId: user.id, locationId }, "location deleted");
    return back("deleted");
  }

  if (intent === "reverse") {
    // Stock staff reverse only when the owner allows it; owners and managers always may.
    if (!mayReverseDocuments(active)) {
      return fail("reverse", REVERSAL_REFUSED.notAllowed, 403);
    }
    const read = readForm(form, reverseSchema);
    if (!read.ok) return fail("reverse", "storehub.storage.error.badRequest", 404);
    const { documentId, reason } = read.data;
    const document = await getStockDocument(db, shopId, documentId, lang);
    if (!document) return fail("reverse", "storehub.storage.error.badRequest", 404);
    const confirm = reversalPreview(document, documentNumber(document.kind, document.number));
    const refused = documentRefusal(document);
    if (refused) {
      return data<ActionData>(
        { confirmReverse: confirm, error: { key: REVERSAL_REFUSED[refused] } },
        { status: 409 },
      );
    }
    if (!confirmed) return data<ActionData>({ confirmReverse: confirm });
    if (!reason) {
      return data<ActionData>(
        {
          confirmReverse: confirm,
          error: { key: "storehub.storage.error.reverseReasonRequired" },
          reason,
        },
        { status: 400 },
      );
    }
    const reversed = await reverseStockDocument(db, {
      shopId,
      userId: user.id,
      documentId: document.id,
      reason,
    });
    if (!reversed.ok) {
      const error = reversed.error;
      let message: Message = { key: REVERSAL_REFUSED.notReversible };
      if (error.code === "alreadyReversed") message = { key: REVERSAL_REFUSED.alreadyReversed };
      if (error.code === "insufficient") {
        message = shortageMessage(await explainShortage(db, shopId, error, lang));
      }
      return data<ActionData>({ confirmReverse: confirm, error: message, reason }, { status: 409 });
    }
    logger.info(
      { shopId, userId: user.id, documentId: document.id, reversal: reversed.documentId },
      "stock document reversed",
    );
    return back("reversed", { number: documentNumber("reversal", reversed.number) });
  }

  return fail("add", "storehub.storage.error.badRequest", 400);
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  storehubPageMeta(matches, location.pathname, "storehub.storage.title");

export default function Storage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { canWrite, showCosts, item, location, tree, ledger, done, q, matches } = loaderData;
  const result = actionData as ActionData | undefined;
  const here = href({});
  const errorFor = (target: Target) =>
    result && "target" in result && result.target === target ? result : null;
  const confirmDelete = result && "confirmDelete" in result ? result.confirmDelete : null;
  const confirmReverse = result && "confirmReverse" in result ? result : null;

  return (
    <>
      <LiveStock />
      <h1 className="h3 mb-3">{t("storehub.storage.title")}</h1>
      <ShopChangedNotice />
      {/* An answer to a later submit replaces the earlier success: never both at once. */}
      {done && !result && (
        <div className="alert alert-success" role="status" data-testid="storage-done">
          {t(`storehub.storage.done.${done.what}`, { number: done.number })}
        </div>
      )}
      <LocationsSection
        tree={tree}
        item={item}
        canWrite={canWrite}
        here={here}
        errorFor={errorFor}
        confirmDelete={confirmDelete}
        done={done}
        answered={Boolean(result)}
      />
      <ItemPicker q={q} matches={matches} location={location} />
      <LedgerSection
        item={item}
        location={location}
        tree={tree}
        ledger={ledger}
        showCosts={showCosts}
        here={here}
        confirmReverse={confirmReverse}
        reverseError={errorFor("reverse")?.error}
      />
    </>
  );
}
