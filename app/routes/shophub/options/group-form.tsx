import { Button } from "react-bootstrap";
import { Form } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { useT } from "~/lib/i18n/use-translation";
import { OPTION_MAX_CHOICES } from "~/modules/sales";
import type { OptionGroupRow } from "~/modules/sales/index.server";
import { TextField } from "~/ui/text-field";
import { failureFor, type OptionsFailure } from "./option-failure";

/** A group's name and how many of its choices the till asks for: a new group, or one to edit. */
export function GroupForm({
  shopId,
  failure,
  busy,
  group,
}: {
  shopId: string;
  failure: OptionsFailure | undefined;
  busy: boolean;
  group: OptionGroupRow | null;
}) {
  const t = useT();
  const target = group ? `group-${group.id}` : "group-new";
  const f = failureFor(failure, target, t);
  return (
    <Form method="post" noValidate className="d-flex flex-wrap gap-2 align-items-start">
      <ShopIdField shopId={shopId} />
      <input type="hidden" name="intent" value={group ? "updateGroup" : "createGroup"} />
      {group && <input type="hidden" name="groupId" value={group.id} />}
      <TextField
        idPrefix={target}
        name="name"
        label={t("shops.options.field.groupName")}
        hint={t("shops.options.field.groupNameHint")}
        maxLength={60}
        defaultValue={f.value("name", group?.name ?? "")}
        error={f.error("name")}
        data-testid="option-group-name"
      />
      <TextField
        idPrefix={target}
        name="min"
        label={t("shops.options.field.min")}
        hint={t("shops.options.field.minHint")}
        inputMode="numeric"
        defaultValue={f.value("min", String(group?.min ?? 0))}
        error={f.error("min")}
        data-testid="option-group-min"
      />
      <TextField
        idPrefix={target}
        name="max"
        label={t("shops.options.field.max")}
        hint={t("shops.options.field.maxHint", { n: String(OPTION_MAX_CHOICES) })}
        inputMode="numeric"
        defaultValue={f.value("max", String(group?.max ?? 1))}
        error={f.error("max")}
        data-testid="option-group-max"
      />
      <Button
        type="submit"
        disabled={busy}
        className="mt-4"
        variant={group ? "outline-primary" : "primary"}
        data-testid={group ? "option-group-save" : "option-group-add"}
      >
        {group ? t("shops.options.save") : t("shops.options.add.submit")}
      </Button>
    </Form>
  );
}
