// The reports module's client-safe surface: ranges of days, and the texts and names the page
// and the CSV share.
export * from "./range";
export * from "./report-texts";
// The monthly tax reports' month and tables (decision 0068).
export * from "./tax-month";
export * from "./tax-sheet";
