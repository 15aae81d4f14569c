import { memberGate } from "./member.server";

/**
 * A pathless layout around a member's own pages (app/routes.ts): whatever is added under it
 * is for signed-in members only, without its loader or action checking anything.
 */
export const middleware = [memberGate];
