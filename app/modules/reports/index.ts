// The reports module's client-safe surface: ranges of days, and the texts and names the page
// and the CSV share.
export * from "./range";
export * from "./report-texts";
