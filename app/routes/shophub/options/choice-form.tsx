import { Button } from "react-bootstrap";
import { Form } from "react-router";
import { ShopIdField } from "~/features/shops/shop-form";
import { useT } from "~/lib/i18n/use-translation";
import type { OptionGroupRow } from "~/modules/sales/index.server";
import { TextField } from "~/ui/text-field";
import { failureFor, type OptionsFailure } from "./option-failure";

/** A choice of a group (its name, price and what it consumes from stock): a new one, or one to edit. */
export function ChoiceForm({
  shopId,
  groupId,
  choice,
  failure,
  busy,
}: {
  shopId: string;
  groupId: number;
  choice: OptionGroupRow["choices"][number] | null;
  failure: OptionsFailure | undefined;
  busy: boolean;
}) {
  const t = useT();
  const target = choice ? `choice-${choice.id}` : `choice-new-${groupId}`;
  const f = failureFor(failure, target, t);
  return (
    <Form
      method="post"
      noValidate
      className="d-flex flex-wrap gap-2 align-items-start"
      data-testid={choice ? "option-choice" : "option-choice-new"}
      data-name={choice?.name}
    >
      <ShopIdField shopId={shopId} />
      <input type="hidden" name="intent" value={choice ? "updateChoice" : "addChoice"} />
      <input type="hidden" name="groupId" value={groupId} />
      {choice && <input type="hidden" name="choiceId" value={choice.id} />}
      <TextField
        idPrefix={target}
        name="name"
        label={t("shops.options.field.choiceName")}
        maxLength={60}
        defaultValue={f.value("name", choice?.name ?? "")}
        error={f.error("name")}
        data-testid="option-choice-name"
      />
      <TextField
        idPrefix={target}
        name="price"
        label={t("shops.options.field.price")}
        hint={t("shops.options.field.priceHint")}
        inputMode="decimal"
        defaultValue={f.value("price", choice ? String(choice.priceSatang / 100) : "")}
        error={f.error("price")}
        data-testid="option-choice-price"
      />
      <TextField
        idPrefix={target}
        name="stockSku"
        label={t("shops.options.field.stockSku")}
        hint={t("shops.options.field.stockSkuHint")}
        defaultValue={f.value("stockSku", choice?.stock?.sku ?? "")}
        error={f.error("stockSku")}
        data-testid="option-choice-stock-sku"
      />
      <TextField
        idPrefix={target}
        name="stockQty"
        label={t("shops.options.field.stockQty")}
        hint={
          choice?.stock
            ? t("shops.options.field.stockQtyUnit", { unit: choice.stock.unit })
            : t("shops.options.field.stockQtyHint")
        }
        inputMode="decimal"
        defaultValue={f.value(
          "stockQty",
          choice?.stock ? String(choice.stock.qtyMilli / 1000) : "",
        )}
        error={f.error("stockQty")}
        data-testid="option-choice-stock-qty"
      />
      <Button
        type="submit"
        disabled={busy}
        className="mt-4"
        variant="outline-primary"
        data-testid={choice ? "option-choice-save" : "option-choice-add"}
      >
        {choice ? t("shops.options.save") : t("shops.options.addChoice")}
      </Button>
    </Form>
  );
}
