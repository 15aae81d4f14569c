import type { Route } from "../+types/route";

/** What the reports page's loader sends: each section takes the part it shows. */
export type ReportData = Route.ComponentProps["loaderData"];
export type Pnl = ReportData["pnl"];
