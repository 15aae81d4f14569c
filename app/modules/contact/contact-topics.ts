// Kept apart from the form schema so the contact page's browser bundle does not carry
// zod and the phone library.
export const CONTACT_TOPICS = [
  "product",
  "quotation",
  "demo",
  "service",
  "shophub",
  "other",
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_FIELDS = ["name", "email", "phone", "topic", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
