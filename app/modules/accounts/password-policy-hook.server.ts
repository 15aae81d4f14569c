import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { passwordRefusal, type PasswordOwner } from "./password-policy.server";

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;

/**
 * better-auth's `hooks.before`: the password rule on its own HTTP endpoints under /api/auth.
 * Our pages check the rule before they call better-auth (with the message next to the field),
 * but those endpoints are public and a script could post a weak password to them directly.
 * Calls from our own server code (`auth.api.*`, no request) are left to those pages' checks.
 */
export const passwordPolicyHook = createAuthMiddleware(async (ctx) => {
  if (!ctx.request) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  let password: string | undefined;
  let owner: PasswordOwner = {};
  switch (ctx.path) {
    case "/sign-up/email":
    case "/admin/create-user":
      password = text(body.password);
      owner = { email: text(body.email), name: text(body.name) };
      break;
    case "/reset-password": {
      password = text(body.newPassword);
      const token = text(body.token) ?? text(ctx.query?.token);
      const link = token
        ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
        : null;
      const member = link ? await ctx.context.internalAdapter.findUserById(link.value) : null;
      owner = member ?? {};
      break;
    }
    case "/change-password": {
      password = text(body.newPassword);
      const session = await getSessionFromCtx(ctx);
      owner = session?.user ?? {};
      break;
    }
    case "/admin/set-user-password":
      password = text(body.newPassword);
      break;
    default:
      return;
  }
  if (password === undefined) return;
  const refusal = passwordRefusal(password, owner);
  if (refusal) {
    throw new APIError("BAD_REQUEST", {
      code: refusal === "auth.error.password-common" ? "PASSWORD_COMPROMISED" : "PASSWORD_PERSONAL",
      message: serverTranslate("en")(refusal),
    });
  }
});
