// The tills module's public surface (client-safe): the types and limits the pages share.
export * from "./till-types";
export type { TillStatus } from "./schema";
export {
  isNextInSeries,
  nextInSeries,
  type SeriesPosition,
  TILL_CODE_PATTERN,
  tillCodeOf,
  tillDocumentNumber,
} from "./till-series";
