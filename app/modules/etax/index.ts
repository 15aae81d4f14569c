// The e-Tax module's public surface (client-safe): its forms and the kinds it records.
export * from "./etax-forms";
export { ETAX_TIMESTAMP_DEFAULT, type EtaxDocumentKind } from "./schema";
