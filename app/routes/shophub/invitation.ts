import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/invitation";
import { appContext } from "~/context";
import { acceptInvitation, declineInvitation } from "~/modules/shops/index.server";
import { idField } from "~/lib/forms/fields";
import { readForm } from "~/lib/forms/read-form";
import { memberOf } from "~/routes/_gates/member.server";

// Nothing to show: the invitations are answered from the list on /shophub.
export function loader() {
  return redirect("/shophub");
}

/** The answers /shophub shows after the redirect (`?invitation=`). */
type Outcome = "accepted" | "declined" | "notFound" | "unverified";

const answerSchema = z.object({
  intent: z.enum(["accept", "decline"]),
  invitationId: idField("shops.error.badRequest"),
});

/**
 * Accepts or declines one invitation of the signed-in member (a plain form on /shophub, so
 * it works without JavaScript; a POST behind the origin check, so another site cannot make
 * anybody join a shop). Only the member the invitation was sent to, with that address
 * verified, can accept it; anyone else's answer is "not found".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = memberOf(context);
  const { db, logger } = context.get(appContext);
  const back = (outcome: Outcome) => redirect(`/shophub?invitation=${outcome}#my-shops`);
  const read = readForm(await request.formData(), answerSchema);
  if (!read.ok) return back("notFound");
  const { intent, invitationId: id } = read.data;
  if (intent === "accept") {
    const result = await acceptInvitation(db, member, id);
    if (!result.ok) {
      return back(result.error === "unverified" ? "unverified" : "notFound");
    }
    logger.info({ userId: member.id, shopId: result.shopId }, "invitation accepted");
    return back("accepted");
  }
  if (!(await declineInvitation(db, member, id))) return back("notFound");
  logger.info({ userId: member.id, invitationId: id }, "invitation declined");
  return back("declined");
}
