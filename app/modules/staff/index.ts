// The staff module's public surface (client-safe): the till PIN's rules.
export * from "./till-pin";
