// The client-safe part of this module's public surface (docs/decisions/0016).
export * from "./outbox-statuses";
