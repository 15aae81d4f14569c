import { data, redirect } from "react-router";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { readForm, type FieldErrors, type FormValues } from "~/lib/forms/read-form";
import type { MessageKey } from "~/lib/i18n";
import { readOptionChoiceForm, readOptionGroupForm, readSkuList } from "~/modules/sales";
import {
  attachOptionGroup,
  deleteOptionChoice,
  deleteOptionGroup,
  detachOptionGroup,
  type OptionWriteError,
  saveOptionChoice,
  saveOptionGroup,
} from "~/modules/sales/index.server";
import type { OptionsFailure } from "./option-failure";

/*
 * The option groups page's posts, for a shop the route has already authorized: each form's
 * intent read with one schema, done by the sales module, answered with a redirect that says
 * what was done, or with the refusal (Thai message keys next to the field, what was typed kept).
 */

const PATH = "/shophub/options";

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().max(max, "shops.options.error.tooLong");
const groupFields = { name: text(200), min: text(10), max: text(10) };
const choiceFields = { name: text(200), price: text(30), stockSku: text(100), stockQty: text(30) };

const optionFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("createGroup"), ...groupFields }),
  z.object({ intent: z.literal("updateGroup"), groupId: id, ...groupFields }),
  z.object({ intent: z.literal("deleteGroup"), groupId: id }),
  z.object({ intent: z.literal("addChoice"), groupId: id, ...choiceFields }),
  z.object({ intent: z.literal("updateChoice"), groupId: id, choiceId: id, ...choiceFields }),
  z.object({ intent: z.literal("deleteChoice"), choiceId: id }),
  z.object({ intent: z.literal("attach"), groupId: id, skus: text(2000) }),
  z.object({ intent: z.literal("detach"), groupId: id, itemId: id }),
]);

const WRITE_REFUSALS: Record<OptionWriteError, [field: string, key: MessageKey]> = {
  nameTaken: ["name", "shops.options.error.nameTaken"],
  notFound: ["form", "shops.options.error.notFound"],
  stockSkuUnknown: ["stockSku", "shops.options.error.stockSkuUnknown"],
  stockWhole: ["stockQty", "shops.options.error.stockWhole"],
  stockIsItem: ["stockSku", "shops.options.error.stockIsItem"],
};

/** The form a post came from: a new group, a group, a group's new choice, a choice, attaching. */
function targetOf(values: FormValues): string {
  switch (values.intent) {
    case "createGroup":
      return "group-new";
    case "updateGroup":
      return `group-${values.groupId}`;
    case "addChoice":
      return `choice-new-${values.groupId}`;
    case "updateChoice":
      return `choice-${values.choiceId}`;
    case "attach":
      return `attach-${values.groupId}`;
    default:
      return "form";
  }
}

/** Reads and does one post of the page for the shop: a redirect, or the refusal. */
export async function runOptionPost(db: Database, shopId: string, formData: FormData) {
  const parsed = readForm(formData, optionFormSchema);
  if (!parsed.ok) {
    return data<OptionsFailure>(
      { errors: parsed.errors, values: parsed.values, target: targetOf(parsed.values) },
      { status: 400 },
    );
  }
  const form = parsed.data;
  const target = targetOf(parsed.values);
  const refuse = (errors: FieldErrors, status = 400, extra: Partial<OptionsFailure> = {}) =>
    data<OptionsFailure>({ errors, values: parsed.values, target, ...extra }, { status });
  const refuseWrite = (error: OptionWriteError) => {
    const [field, key] = WRITE_REFUSALS[error];
    return refuse({ [field]: key }, error === "notFound" ? 404 : 400);
  };
  const back = (done: string) =>
    redirect(`${PATH}?shop=${encodeURIComponent(shopId)}&done=${done}`);

  switch (form.intent) {
    case "createGroup":
    case "updateGroup": {
      const read = readOptionGroupForm(form);
      if (!read.ok) return refuse(read.errors);
      const saved = await saveOptionGroup(
        db,
        shopId,
        read.group,
        form.intent === "updateGroup" ? form.groupId : undefined,
      );
      return saved.ok ? back(form.intent) : refuseWrite(saved.error);
    }
    case "deleteGroup":
      return (await deleteOptionGroup(db, shopId, form.groupId))
        ? back("deleteGroup")
        : refuseWrite("notFound");
    case "addChoice":
    case "updateChoice": {
      const read = readOptionChoiceForm(form);
      if (!read.ok) return refuse(read.errors);
      const saved = await saveOptionChoice(
        db,
        shopId,
        form.groupId,
        read.choice,
        form.intent === "updateChoice" ? form.choiceId : undefined,
      );
      return saved.ok ? back(form.intent) : refuseWrite(saved.error);
    }
    case "deleteChoice":
      return (await deleteOptionChoice(db, shopId, form.choiceId))
        ? back("deleteChoice")
        : refuseWrite("notFound");
    case "attach": {
      const skus = readSkuList(form.skus);
      if (skus.length === 0) return refuse({ skus: "shops.options.error.skusEmpty" });
      if (skus.length > 200) return refuse({ skus: "shops.options.error.tooLong" });
      const attached = await attachOptionGroup(db, shopId, form.groupId, skus);
      if (attached.ok) return back("attach");
      if (attached.error === "stockIsItem") {
        return refuse({ skus: "shops.options.error.skusUsedByChoice" }, 400, {
          unknownSkus: attached.skus,
        });
      }
      return attached.unknown.length > 0
        ? refuse({ skus: "shops.options.error.skusUnknown" }, 400, {
            unknownSkus: attached.unknown,
          })
        : refuseWrite("notFound");
    }
    case "detach":
      return (await detachOptionGroup(db, shopId, form.groupId, form.itemId))
        ? back("detach")
        : refuseWrite("notFound");
  }
}
