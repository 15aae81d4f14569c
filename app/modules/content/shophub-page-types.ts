/** Text of the public /shophub page, one object per language (see shophub-page.ts). */
export interface ShophubPageText {
  title: string;
  lead: string;
  heroCta: string;
  heroSecondary: string;
  /** "What shophub is": a heading and 2–3 paragraphs. */
  what: { heading: string; paragraphs: string[] };
  /** "Why a shop would use it": 6 reasons. */
  why: { heading: string; items: { title: string; text: string }[] };
  features: { heading: string; items: { title: string; text: string }[] };
  pricing: {
    heading: string;
    lead: string;
    plans: {
      id: "starter" | "standard" | "pro";
      name: string;
      price: string;
      period: string;
      highlight: boolean;
      features: string[];
    }[];
    notes: string[];
  };
  /** "How to register": numbered steps. */
  register: { heading: string; steps: { title: string; text: string }[] };
  /** "How to use": the daily routine, numbered steps. */
  howToUse: { heading: string; steps: { title: string; text: string }[] };
  /** A short tutorial: the first sale in 10 minutes. */
  tutorial: { heading: string; lead: string; steps: string[] };
  manual: { heading: string; text: string; manualLink: string; articleLink: string };
  faq: { heading: string; items: { question: string; answer: string }[] };
  finalCta: { heading: string; text: string; button: string; contact: string };
}
