// Moved to ./fixtures/browser (one set of end-to-end fixtures). Kept as a re-export for the
// HTTP helper (`http-member.ts`) and tests written on other branches at the same time.
export * from "./fixtures/browser";
