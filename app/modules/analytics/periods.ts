/** The periods of /admin/analytics: the last 24 hours, 7 days or 30 days. */
export const PERIODS = ["day", "week", "month"] as const;
export type Period = (typeof PERIODS)[number];

/** The vitals row that sums every route. */
export const ALL_ROUTES = "*all*";
