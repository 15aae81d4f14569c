import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering: every page is HTML first, forms work before JavaScript loads.
  ssr: true,
} satisfies Config;
