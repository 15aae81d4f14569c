// The reports module's client-safe surface: the texts and names the page and the CSV share.
export * from "./report-texts";
