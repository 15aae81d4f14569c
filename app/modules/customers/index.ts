// The customers module's public surface (client-safe): the form's rules and the row types.
export * from "./customer-form";
export * from "./points-scheme";
export * from "./points-form";
export * from "./account-methods";
export * from "./account-form";
export * from "./account-ageing";
