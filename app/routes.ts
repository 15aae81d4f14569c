import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The site's URL map. Each area adds its routes here.
//
// Access is decided by the middleware of the layout a route sits under (app/routes/_gates/),
// once per request, before any loader or action runs: a route added under a private area's
// layout is protected without its loader or action checking anything. Loaders and actions read
// what the gate admitted (memberOf, storehubOf, chosenShopOf) from the router context. A page
// that needs a stricter role declares it in one line (`export const middleware = [...]`).
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
  // The visitor's cookie choice (PDPA): the banner posts here, the footer links here
  route("consent", "routes/site/consent.tsx"),

  // Accounts
  route("register", "routes/accounts/register.tsx"),
  route("user/signIn", "routes/accounts/sign-in.tsx"),
  route("user/signOut", "routes/accounts/sign-out.ts"),
  route("user/resetPw", "routes/accounts/reset-password.tsx"),
  // A member's own pages: the member gate sends visitors to sign in
  layout("routes/_gates/member-area.ts", { id: "member-area/accounts" }, [
    route("user/profile", "routes/accounts/profile.tsx"),
  ]),

  // Shops: the public /shophub page lists a member's shops; these create and manage them
  // (the layout's gate checks the member; members and settings declare their shop and role)
  layout("routes/shophub/layout.tsx", [
    route("shophub/switch", "routes/shophub/switch.ts"),
    // The guided first sale's commands (walkthrough steps, sample items)
    route("shophub/guide", "routes/shophub/guide.ts"),
    route("shophub/invitation", "routes/shophub/invitation.ts"),
    route("shophub/new", "routes/shophub/new.tsx"),
    route("shophub/members", "routes/shophub/members.tsx"),
    route("shophub/settings", "routes/shophub/settings.tsx"),
    route("shophub/invoices", "routes/shophub/invoices/list.tsx"),
    route("shophub/invoices/:id", "routes/shophub/invoices/detail.tsx"),
    // The e-receipt link by e-mail (decision 0094): the sale's page and the till post here
    route("shophub/invoices/:id/email", "routes/shophub/invoices/email.ts"),
    // Profit and loss: owners and managers (the pages declare their roles)
    route("shophub/reports", "routes/shophub/reports/route.tsx", {
      id: "routes/shophub/reports",
    }),
    route("shophub/reports/export", "routes/shophub/reports/export.ts"),
    // Monthly tax reports: the ภ.พ.30 figures, the sales and the purchase tax report, and their
    // files; owners and managers (one page module for the three, the report read from the address)
    route("shophub/tax", "routes/shophub/tax/route.tsx", { id: "routes/shophub/tax/vat" }),
    route("shophub/tax/sales", "routes/shophub/tax/route.tsx", { id: "routes/shophub/tax/sales" }),
    route("shophub/tax/purchases", "routes/shophub/tax/route.tsx", {
      id: "routes/shophub/tax/purchases",
    }),
    route("shophub/tax/export", "routes/shophub/tax/export.ts"),
    route("shophub/zreports", "routes/shophub/till-days/list.tsx"),
    route("shophub/journal", "routes/shophub/journal/route.tsx"),
    route("shophub/settings/selling", "routes/shophub/selling-settings/route.tsx", {
      id: "routes/shophub/selling-settings",
    }),
    // e-Tax Invoice by Time Stamp: the owner's settings (decision 0074)
    route("shophub/settings/etax", "routes/shophub/selling-settings/etax.tsx"),
    route("shophub/settings/etax/places", "routes/shophub/selling-settings/etax-places.ts"),
    // The till: owners, managers and cashiers sell (the page declares its roles)
    route("shophub/sell", "routes/shophub/sell/route.tsx"),
    route("shophub/sell/approve", "routes/shophub/sell/approve-discount.ts"),
    route("shophub/sell/shift", "routes/shophub/sell/shift.ts"),
    route("shophub/sell/claim", "routes/shophub/sell/claim-till.ts"),
    route("shophub/sell/sync", "routes/shophub/sell/sync.ts"),
    route("shophub/sell/customer", "routes/shophub/sell/customer.ts"),
    route("shophub/sell/account-payment", "routes/shophub/sell/account-payment.ts"),
    // Staff at a registered till (issue 37, decision 0088): PIN switch and clock in/out
    route("shophub/sell/staff", "routes/shophub/sell/staff.ts"),
    route("shophub/sell/recent", "routes/shophub/sell/recent.ts"),
    route("shophub/till-pin", "routes/shophub/till-pin.tsx"),
    route("shophub/staff-hours", "routes/shophub/staff-hours.tsx"),
    route("shophub/approval-pin", "routes/shophub/approval-pin.tsx"),
    // The shop's customers (issue 37, decision 0082): everyone who sells; deleting is the owner's or a manager's
    route("shophub/customers", "routes/shophub/customers/list.tsx"),
    route("shophub/customers/:id", "routes/shophub/customers/detail.tsx"),
    // Selling on account (issue 37, decision 0083): the statement and receipts as PDF; the
    // receivables for owners and managers
    route("shophub/customers/:id/statement.pdf", "routes/shophub/customers/statement-pdf.ts"),
    route(
      "shophub/customers/:id/receipts/:paymentId/receipt.pdf",
      "routes/shophub/customers/receipt-pdf.ts",
    ),
    route("shophub/receivables", "routes/shophub/receivables/route.tsx", {
      id: "routes/shophub/receivables",
    }),
    route("shophub/receivables/receivables.csv", "routes/shophub/receivables/csv.ts"),
    // Price levels and quantity breaks (issue 37, decision 0089): the owner's and managers'
    route("shophub/price-levels", "routes/shophub/price-levels/route.tsx", {
      id: "routes/shophub/price-levels",
    }),
    // Options (modifiers, issue 37, decision 0092): the owner's and managers'
    route("shophub/options", "routes/shophub/options/route.tsx", {
      id: "routes/shophub/options",
    }),
    route("shophub/tills", "routes/shophub/tills/route.tsx", { id: "routes/shophub/tills" }),
    // Today's figures for everyone who sells; the stock balance (a cashier without costs)
    route("shophub/dashboard", "routes/shophub/dashboard/route.tsx", {
      id: "routes/shophub/dashboard",
    }),
    route("shophub/stock", "routes/shophub/stock/route.tsx", { id: "routes/shophub/stock" }),
    // Shifts and the cash drawer: owners and managers see all, a cashier their own
    route("shophub/shifts", "routes/shophub/shifts/list.tsx"),
    // Income and expenses: one module per page serves both (the page reads which from its address)
    route("shophub/expenses", "routes/shophub/finance/list.tsx", {
      id: "routes/shophub/finance/expenses",
    }),
    route("shophub/expenses/csv", "routes/shophub/finance/export.ts", {
      id: "routes/shophub/finance/expenses-csv",
    }),
    route("shophub/expenses/:id", "routes/shophub/finance/edit.tsx", {
      id: "routes/shophub/finance/expense",
    }),
    route("shophub/income", "routes/shophub/finance/list.tsx", {
      id: "routes/shophub/finance/income",
    }),
    route("shophub/income/csv", "routes/shophub/finance/export.ts", {
      id: "routes/shophub/finance/income-csv",
    }),
    route("shophub/income/:id", "routes/shophub/finance/edit.tsx", {
      id: "routes/shophub/finance/income-one",
    }),
  ]),

  // Printed documents of a sale (the till, the invoices pages): outside the shop pages' frame,
  // behind the member gate; each route declares its shop and roles
  layout("routes/_gates/member-area.ts", { id: "member-area/sale-documents" }, [
    route("shophub/invoices/:id/print", "routes/shophub/invoices/print.tsx"),
    route("shophub/invoices/:id/invoice.pdf", "routes/shophub/invoices/pdf.ts"),
    route("shophub/stock/export.csv", "routes/shophub/stock/export.ts"),
    route("shophub/shifts/:id", "routes/shophub/shifts/report.tsx"),
    route("shophub/zreports/x", "routes/shophub/till-days/report.tsx", {
      id: "routes/shophub/till-days/x",
    }),
    route("shophub/zreports/:id", "routes/shophub/till-days/report.tsx"),
    route("shophub/zreports/x/report.pdf", "routes/shophub/till-days/pdf.ts", {
      id: "routes/shophub/till-days/x-pdf",
    }),
    route("shophub/zreports/:id/report.pdf", "routes/shophub/till-days/pdf.ts"),
    route("shophub/journal/export.csv", "routes/shophub/journal/export.ts"),
    route("shophub/journal/slips.pdf", "routes/shophub/journal/slips.ts"),
  ]),

  // Listings: members post assets, anyone browses and searches (the layout sends the texts)
  layout("routes/listings/layout.tsx", [
    route("asset", "routes/listings/browse.tsx"),
    route("asset/:id", "routes/listings/detail.tsx"),
    route("search/:keyword?", "routes/listings/search.tsx"),
    layout("routes/_gates/member-area.ts", { id: "member-area/listings" }, [
      route("user/bhPost", "routes/listings/post.tsx"),
      route("user/listings", "routes/listings/mine.tsx"),
    ]),
  ]),

  // Resource routes
  route("lang", "routes/api/lang.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  // A shop's private files (expense receipts, its receipt logo): its members only, by role
  route("media/private/*", "routes/api/shop-file.ts"),
  route("media/*", "routes/api/media.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),

  // Admin (the layout's gate admits administrators only) and the notices it publishes
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("notice", "routes/admin/notice.tsx"),
    route("analytics", "routes/admin/analytics/route.tsx", { id: "routes/admin/analytics" }),
    // Remote config: typed settings with their trail (issue 36, decision 0079)
    route("settings", "routes/admin/settings.tsx"),
  ]),
  route("api/notices", "routes/api/notices.ts"),
  // Page views and Web Vitals of visitors who opted in (app/modules/analytics)
  route("api/analytics", "routes/api/analytics.ts"),
  // The public part of the settings, for the browser (app/features/remote-config/remote-config.ts)
  route("api/config", "routes/api/config.ts"),

  // storehub: the stock tool (the layout's gate admits the members of the active shop; the
  // introduction at /storehub also shows visitors and members without a shop what it is)
  route("storehub", "routes/storehub/layout.tsx", [
    index("routes/storehub/overview.tsx"),
    route("add", "routes/storehub/add.tsx"),
    route("variants", "routes/storehub/variants.tsx"),
    route("recipes", "routes/storehub/recipes.tsx"),
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

  // The e-receipt (issue 37, decision 0094): a sale's receipt for whoever holds the link from
  // the slip's QR or the e-mail. Open on purpose, outside every gate: the unguessable token is
  // the key (its hash is looked up), and the page is rate limited and never indexed or kept.
  route("r/:token", "routes/shophub/ereceipt/page.tsx"),
  route("r/:token/receipt.pdf", "routes/shophub/ereceipt/pdf.ts"),

  // Anything else: a real 404 inside the site's layout
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
