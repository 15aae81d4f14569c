/** The 12 article addresses of the seed (/article/{slug}); each has a file in content/articles. */
export const SEED_ARTICLE_SLUGS = [
  "ai",
  "airRob",
  "amr",
  "buy-house-or-car",
  "dpTechLaser",
  "dpTechProfile",
  "machineVision",
  "medicine",
  "pos-manual",
  "sensor",
  "shophub-pos",
  "wire",
] as const;
