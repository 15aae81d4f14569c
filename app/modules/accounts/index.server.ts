// The public surface of this module: other folders import only this file (see
// docs/decisions/0016-modules-public-surface-and-layers.md). Kept by
// scripts/rewrite-module-imports.mjs, which adds a line when something outside the
// module starts using one of its files.
export * from "./index";
export * from "./account-commands.server";
export * from "./account-emails.server";
export * from "./admin-role.server";
export * from "./auth.server";
export * from "./disabled-sessions.server";
export * from "./password-policy.server";
export * from "./password-strength.server";
export * from "./profile-commands.server";
export * from "./profile-photo.server";
export * from "./session.server";
// The admin's users page.
export * from "./users.server";
