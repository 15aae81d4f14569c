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

  // Anything else: a real 404 inside the site's layout
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
