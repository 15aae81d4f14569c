// The e-Tax module's public surface (client-safe): its forms, the time-stamp service's address
// and the kinds of document it records.
export * from "./etax-forms";
export type { EtaxDocumentKind } from "./schema";
