import type { thShophubGuide } from "./th-shophub-guide";

/** English text of the guided first sale (same keys as the Thai file). */
export const enShophubGuide: Record<keyof typeof thShophubGuide, string> = {
  "shops.guide.help": "Help: first sale, step by step",
  "shops.guide.card.title": "Your first sale, guided",
  "shops.guide.card.newShop":
    "This shop has no items yet. Add sample items with stock to try selling at once, then follow the steps on the real screens: add an item, open a shift, sell, take cash, print the receipt and see the dashboard. The samples can be removed in one click later.",
  "shops.guide.card.cashier":
    "Follow the steps on the real screens: open a shift, sell, take cash and print the receipt.",
  "shops.guide.card.samples":
    "{count, plural, one {This shop has # sample item} other {This shop has # sample items}} (codes starting with SAMPLE-); they sell like real items.",
  "shops.guide.card.archivedSamples":
    "{count, plural, one {# sample item is hidden from selling} other {# sample items are hidden from selling}}; their sales history is kept.",
  "shops.guide.addSamples": "Add sample items",
  "shops.guide.start": "Start the walkthrough",
  "shops.guide.restart": "Restart the walkthrough",
  "shops.guide.removeSamples": "Remove all sample items",
  "shops.guide.archiveSamples": "Hide the sample items from selling",
  "shops.guide.outcome.added":
    "Sample items added with opening stock. Start the walkthrough, or go to the till and try a sale.",
  "shops.guide.outcome.removed": "The sample items and their opening stock were removed.",
  "shops.guide.outcome.sold":
    "The sample items cannot be removed: some were sold, and a sale is the shop's record and stays. You can hide them from selling instead.",
  "shops.guide.outcome.moved":
    "The sample items cannot be removed: stock of some was received, issued, transferred or counted. You can hide them from selling instead.",
  "shops.guide.outcome.archived":
    "The sample items are hidden from selling; their sales and stock history is kept.",
  "shops.guide.outcome.notNew": "This shop already has items, so no samples were added.",
  "shops.guide.outcome.taken":
    "The sample items could not be added: a code or barcode is already used by an item of the shop.",
  "shops.guide.outcome.opening":
    "The samples' opening stock could not be recorded; nothing was added. Please try again.",
  "shops.guide.dialog": "First sale walkthrough",
  "shops.guide.progress": "Step {n} of {total}",
  "shops.guide.next": "Next",
  "shops.guide.back": "Back",
  "shops.guide.skip": "Skip the walkthrough",
  "shops.guide.finish": "Finish",
  "shops.guide.goThere": "Go to this step's page",
  "shops.guide.elsewhere": "This step happens on another page.",
  "shops.guide.notShown":
    "This step's button is not on the screen yet. Finish the step before, or press Next.",
  "shops.guide.escape": "Press Esc to close the walkthrough; restart it from the Help button.",
  "shops.guide.title.add-item": "Add an item",
  "shops.guide.body.add-item":
    "Enter the item's name, code, unit, price, cost and opening stock, then press Save. If you added the sample items, just press Next.",
  "shops.guide.title.open-shift": "Open a shift",
  "shops.guide.body.open-shift":
    "Press Shift, enter the change float in the drawer and press Open shift. When you close the shift, you are told how much cash there should be.",
  "shops.guide.title.sell": "Sell",
  "shops.guide.body.sell":
    "Tap an item to put it on the bill, or scan its barcode, or type its code in the search box and press Enter.",
  "shops.guide.title.cash": "Take cash",
  "shops.guide.body.cash":
    "Press Pay, choose cash, enter the amount the customer gave: the change is worked out for you. Then press Confirm sale.",
  "shops.guide.title.print": "Print the receipt",
  "shops.guide.body.print":
    "The sale is done. Press Print to open this bill's receipt and print it (on a receipt printer or through the browser's print dialog).",
  "shops.guide.title.dashboard": "See the dashboard",
  "shops.guide.body.dashboard":
    "Today's sales, bills and profit show here right after a sale. This is the last step: press Finish.",
};
