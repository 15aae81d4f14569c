import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { appContext } from "~/context";
import { signOut } from "~/modules/accounts/index.server";

/** POST only (a link could be triggered by another site); ends this browser's session. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, clientAddress } = context.get(appContext);
  const headers = await signOut(auth, { address: clientAddress, headers: request.headers });
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
