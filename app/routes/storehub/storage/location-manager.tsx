import { Form } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { useT } from "~/lib/i18n/use-translation";
import { LOCATION_NAME_MAX } from "~/modules/stock";
import { ErrorText } from "./error-text";

/** A place's own forms: rename it, add a place inside it, delete it (when empty). */
export function LocationManager({
  node,
  action,
  error,
  typedName,
  adding,
  resetKey,
}: {
  node: { id: number; kind: string; name: string; isDefault: boolean; hasChildren: boolean };
  action: string;
  error: string | undefined;
  typedName: string | undefined;
  /** The typed name belongs to the add box (a place inside this one), not to the rename box. */
  adding: boolean;
  /** Changes with every success: the add box then starts empty again. */
  resetKey: string;
}) {
  const t = useT();
  const errorId = `location-${node.id}-error`;
  return (
    <div className="d-grid gap-2 py-2" style={{ minWidth: "16rem" }}>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
      <Form method="post" action={action} className="input-group input-group-sm" noValidate>
        <ShopIdField />
        <input type="hidden" name="intent" value="renameLocation" />
        <input type="hidden" name="locationId" value={node.id} />
        <input
          name="name"
          defaultValue={adding ? node.name : (typedName ?? node.name)}
          maxLength={LOCATION_NAME_MAX}
          className="form-control"
          aria-label={t("storehub.storage.name")}
          aria-describedby={error ? errorId : undefined}
          data-testid="rename-location-name"
        />
        <button type="submit" className="btn btn-outline-secondary">
          {t("storehub.storage.rename")}
        </button>
      </Form>
      {node.kind !== "bin" && (
        <Form method="post" action={action} className="input-group input-group-sm" noValidate>
          <ShopIdField />
          <input type="hidden" name="intent" value="addLocation" />
          <input type="hidden" name="parentId" value={node.id} />
          <input
            key={resetKey}
            name="name"
            defaultValue={adding ? typedName : undefined}
            maxLength={LOCATION_NAME_MAX}
            className="form-control"
            aria-describedby={error && adding ? errorId : undefined}
            aria-label={t(
              node.kind === "warehouse" ? "storehub.storage.addZone" : "storehub.storage.addBin",
            )}
            placeholder={t("storehub.storage.name")}
            data-testid="add-child-name"
          />
          <button type="submit" className="btn btn-outline-primary" data-testid="add-child">
            {t(node.kind === "warehouse" ? "storehub.storage.addZone" : "storehub.storage.addBin")}
          </button>
        </Form>
      )}
      {!node.isDefault && !node.hasChildren && (
        <Form method="post" action={action}>
          <ShopIdField />
          <input type="hidden" name="intent" value="deleteLocation" />
          <input type="hidden" name="locationId" value={node.id} />
          <button
            type="submit"
            className="btn btn-sm btn-outline-danger"
            data-testid="delete-location"
          >
            {t("storehub.storage.delete")}
          </button>
        </Form>
      )}
    </div>
  );
}
