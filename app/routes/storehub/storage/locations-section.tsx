import { Fragment } from "react";
import { Form, Link, useLocation } from "react-router";
import { ShopIdField, useFormShopId } from "~/features/shops/shop-form";
import { useLang, useT } from "~/lib/i18n/use-translation";
import { formatQuantityMilli } from "~/lib/quantity";
import { LOCATION_NAME_MAX } from "~/modules/stock";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { say } from "../stock-text";
import { ErrorText } from "./error-text";
import { LocationManager } from "./location-manager";
import type { ActionData, ChosenItem, Done, Target, TreeNode } from "./page-data";
import { useHref } from "./use-href";

/** The places as a tree with their quantities, and (for writers) their forms. */
export function LocationsSection({
  tree,
  item,
  canWrite,
  here,
  errorFor,
  confirmDelete,
  done,
  answered,
}: {
  tree: TreeNode[];
  item: ChosenItem | null;
  canWrite: boolean;
  here: string;
  errorFor: (target: Target) => Extract<ActionData, { target: Target }> | null;
  confirmDelete: { id: number; path: string } | null;
  done: { what: Done; number: string } | null;
  /** The action answered this page (an error or a confirmation), not a fresh success. */
  answered: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const href = useHref();
  const formShopId = useFormShopId();
  const addError = errorFor("add");
  // Each success arrives as a new page (a redirect with ?done=), so the add boxes are keyed by
  // it: they come back empty after a location was added and keep what was typed after an error.
  const routerLocation = useLocation();
  const resetKey = done && !answered ? `${done.what}-${routerLocation.key}` : "editing";
  return (
    <section className="mb-4" aria-labelledby="storage-locations">
      <h2 id="storage-locations" className="h5">
        {t("storehub.storage.locations")}
      </h2>
      <p className="small text-secondary">
        {item
          ? t("storehub.storage.locationsHintItem", { name: item.name, unit: item.unit })
          : t("storehub.storage.locationsHint")}
      </p>
      <div className="table-responsive">
        <table className="table table-sm align-middle" data-testid="location-tree">
          <thead>
            <tr>
              <th scope="col">{t("storehub.storage.column.location")}</th>
              <th scope="col" className="text-end text-nowrap">
                {t("storehub.storage.column.here")}
              </th>
              <th scope="col" className="text-end text-nowrap">
                {t("storehub.storage.column.total")}
              </th>
              {canWrite && <th scope="col">{t("storehub.storage.manage")}</th>}
            </tr>
          </thead>
          <tbody>
            {tree.map((node) => {
              const rowError = errorFor(`location-${node.id}`);
              return (
                <Fragment key={node.id}>
                  <tr
                    data-testid="location-row"
                    data-location-id={node.id}
                    data-location-path={node.path}
                  >
                    <td style={{ paddingInlineStart: `${0.5 + node.depth * 1.5}rem` }}>
                      <span className="fw-semibold" data-testid="location-name">
                        {node.name}
                      </span>{" "}
                      <span className="badge text-bg-light">
                        {t(`storehub.locationKind.${node.kind}`)}
                      </span>
                      {node.isDefault && (
                        <span className="badge text-bg-info ms-1">
                          {t("storehub.storage.default")}
                        </span>
                      )}{" "}
                      <Link
                        to={href({ location: node.id, page: null })}
                        className="small ms-1"
                        data-testid="location-ledger-link"
                      >
                        {t("storehub.storage.showLedger")}
                      </Link>
                    </td>
                    <td className="text-end" data-testid="location-qty">
                      {formatQuantityMilli(node.qty, lang)}
                    </td>
                    <td className="text-end" data-testid="location-total">
                      {formatQuantityMilli(node.totalQty, lang)}
                    </td>
                    {canWrite && (
                      <td>
                        <details open={Boolean(rowError) || undefined}>
                          <summary className="small">{t("storehub.storage.manage")}</summary>
                          <LocationManager
                            node={node}
                            action={here}
                            error={rowError ? say(t, lang, rowError.error) : undefined}
                            typedName={rowError?.name}
                            adding={Boolean(rowError?.adding)}
                            resetKey={resetKey}
                          />
                        </details>
                      </td>
                    )}
                  </tr>
                  {confirmDelete?.id === node.id && (
                    <tr>
                      <td colSpan={canWrite ? 4 : 3}>
                        <ConfirmPanel
                          action={here}
                          message={t("storehub.storage.confirmDelete", {
                            path: confirmDelete.path,
                          })}
                          fields={{
                            shopId: formShopId,
                            intent: "deleteLocation",
                            locationId: String(node.id),
                          }}
                          confirmLabel={t("storehub.storage.confirmDeleteButton")}
                          cancelLabel={t("storehub.cancel")}
                          cancelTo={here}
                          testId="storage-confirm"
                          tone="warning"
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {canWrite && (
        <Form method="post" action={here} className="row g-2 align-items-end" noValidate>
          <ShopIdField />
          <input type="hidden" name="intent" value="addLocation" />
          <input type="hidden" name="parentId" value="" />
          <div className="col-sm-6 col-md-4">
            <label htmlFor="storage-new-warehouse" className="form-label">
              {t("storehub.storage.newWarehouse")}
            </label>
            <input
              key={resetKey}
              id="storage-new-warehouse"
              name="name"
              className={`form-control${addError ? " is-invalid" : ""}`}
              maxLength={LOCATION_NAME_MAX}
              defaultValue={addError?.name ?? ""}
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? "storage-new-warehouse-error" : undefined}
              data-testid="new-warehouse-name"
            />
            {addError && (
              <ErrorText id="storage-new-warehouse-error">{say(t, lang, addError.error)}</ErrorText>
            )}
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-outline-primary">
              {t("storehub.storage.addWarehouse")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
