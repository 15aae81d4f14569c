// The public surface of this module for the browser and the server (decision 0016).
export * from "./site-settings";
