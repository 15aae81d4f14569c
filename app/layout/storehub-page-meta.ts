import { privatePageMeta } from "~/lib/area-meta";

/** Title tags of a storehub page (its text comes with the storehub layout); never indexed. */
export const storehubPageMeta = privatePageMeta;
