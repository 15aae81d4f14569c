import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The site's URL map. Each area adds its routes here.
export default [
  // Company site
  index("routes/site/home.tsx"),
  route("article", "routes/site/article-list.tsx"),
  route("article/:slug", "routes/site/article.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("shophub", "routes/site/shophub.tsx"),
  route("test", "routes/site/self-check.tsx"),
  route("terms", "routes/site/legal.tsx", { id: "terms" }),
  route("privacy", "routes/site/legal.tsx", { id: "privacy" }),

  // Accounts
  route("register", "routes/accounts/register.tsx"),
  route("user/signIn", "routes/accounts/sign-in.tsx"),
  route("user/signOut", "routes/accounts/sign-out.ts"),
  route("user/resetPw", "routes/accounts/reset-password.tsx"),
  route("user/profile", "routes/accounts/profile.tsx"),

  // Shops: the public /shophub page lists a member's shops; these create and manage them
  // (every loader and action checks the member, the shop and the role on the server)
  route("shophub/switch", "routes/shophub/switch.ts"),
  route("shophub/invitation", "routes/shophub/invitation.ts"),
  layout("routes/shophub/layout.tsx", [
    route("shophub/new", "routes/shophub/new.tsx"),
    route("shophub/members", "routes/shophub/members.tsx"),
    route("shophub/settings", "routes/shophub/settings.tsx"),
  ]),

  // Listings: members post assets, anyone browses and searches (the layout sends the texts)
  layout("routes/listings/layout.tsx", [
    route("asset", "routes/listings/browse.tsx"),
    route("asset/:id", "routes/listings/detail.tsx"),
    route("search/:keyword?", "routes/listings/search.tsx"),
    route("user/bhPost", "routes/listings/post.tsx"),
    route("user/listings", "routes/listings/mine.tsx"),
  ]),

  // Resource routes
  route("lang", "routes/api/lang.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("media/*", "routes/api/media.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),

  // Admin (every loader and action checks requireAdmin) and the notices it publishes
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("notice", "routes/admin/notice.tsx"),
  ]),
  route("api/notices", "routes/api/notices.ts"),

  // storehub: the stock tool (every loader and action checks requireStorehubShop)
  route("storehub", "routes/storehub/layout.tsx", [
    index("routes/storehub/overview.tsx"),
    route("add", "routes/storehub/add.tsx"),
    route("edit", "routes/storehub/edit.tsx"),
    route("delete", "routes/storehub/delete.tsx"),
    route("import", "routes/storehub/import.tsx"),
    route("export/items.csv", "routes/storehub/export-items.ts"),
    route("export/balances.csv", "routes/storehub/export-balances.ts"),
    // A folder per big screen; the id stays the file's old one (tests and logs name it).
    route("inout", "routes/storehub/inout/route.tsx", { id: "routes/storehub/inout" }),
    route("storage", "routes/storehub/storage/route.tsx", { id: "routes/storehub/storage" }),
    route("live", "routes/storehub/live.ts"),
    route("lookup", "routes/storehub/lookup.ts"),
  ]),

  // Anything else: a real 404 inside the site's layout
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
