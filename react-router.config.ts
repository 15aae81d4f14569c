import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressAssets } from "./scripts/precompress-assets.ts";

export default {
  // Server-side rendering: every page is HTML first, forms work before JavaScript loads.
  ssr: true,
  // Brotli and gzip copies of the client's hashed assets at the strongest settings, which the
  // server sends as they are (scripts/precompress-assets.ts, decision 0052). Here rather than in
  // a Vite plugin: the route manifest is written into the client's folder after its build.
  async buildEnd({ viteConfig }) {
    const client = viteConfig.environments.client?.build.outDir ?? "build/client";
    await precompressAssets(path.resolve(viteConfig.root, client, "assets"));
  },
} satisfies Config;
