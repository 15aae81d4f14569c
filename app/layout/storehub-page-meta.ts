import { privatePageMeta } from "~/lib/seo";

/** Title tags of a storehub page (its text comes with the storehub layout); never indexed. */
export const storehubPageMeta = privatePageMeta;
