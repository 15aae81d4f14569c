import type { ClientActionFunctionArgs, ShouldRevalidateFunctionArgs } from "react-router";
import { isNetworkError } from "./describe-error";

/**
 * A route's `clientAction`: when the form cannot reach the server, answer like the server
 * would with a form-level error, so the page (and everything typed) stays, with the seed's
 * network-request-failed message above the form. Passwords are not sent back.
 */
export async function keepFormOnNetworkError({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const values: Record<string, string> = {};
    for (const [key, value] of form)
      if (typeof value === "string" && !/password/i.test(key)) values[key] = value;
    return {
      values,
      errors: {},
      formError: "auth.error.network-request-failed" as const,
      intent: typeof form.get("intent") === "string" ? String(form.get("intent")) : undefined,
    };
  }
}

/**
 * A route's `shouldRevalidate`: after a network failure, reloading the page's data would
 * fail as well and replace the form with an error page; keep what is on screen instead.
 */
export function skipRevalidationAfterNetworkFailure({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const failed =
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as { formError?: unknown }).formError === "auth.error.network-request-failed";
  return failed ? false : defaultShouldRevalidate;
}
