/**
 * Owners and managers read, print and close a till's day reports (decision 0072). A cashier
 * does not print an X report: it shows the whole till's day, other cashiers' sales included;
 * their own drawer is in their shift report.
 */
export const DAY_REPORT_ROLES = ["owner", "manager"] as const;

/** The electronic journal is the owner's (the "owner's journal page"). */
export const JOURNAL_ROLES = ["owner"] as const;
