import type { ShophubPageKey } from "./th-shophub-page";

/**
 * English copy of the public /shophub page (see th-shophub-page.ts).
 */
export const enShophubPage: Record<ShophubPageKey, string> = {
  // The member's shops, and the way in for visitors.
  "shophubPage.myShopsTitle": "My shops",
  "shophubPage.myShopsLead":
    "Open storehub for the shop you want. Owners manage members and the shop's details from here.",
  "shophubPage.noShops":
    "You have no shop yet. Create your first one now. If a shop owner invited you, the shop appears here once your e-mail is confirmed.",
  "shophubPage.active": "Active",
  "shophubPage.role.owner": "Owner",
  "shophubPage.role.manager": "Manager",
  "shophubPage.role.cashier": "Cashier",
  "shophubPage.role.stock": "Stock keeper",
  "shophubPage.openStorehub": "Open storehub",
  "shophubPage.members": "Members",
  "shophubPage.settings": "Shop settings",
  "shophubPage.invoices": "Sales and invoices",
  "shophubPage.sell": "Open the till",
  "shophubPage.newShop": "Create a new shop",
  "shophubPage.visitorTitle": "Start using shophub in your shop",
  "shophubPage.visitorLead":
    "Register for free and create your shop in a few minutes, or sign in if you already have an account.",
  "shophubPage.register": "Register for free",
  "shophubPage.signIn": "Sign in",
  // The page's copy.
  "shophubPage.title": "shophub: point of sale (POS) for small shops",
  "shophubPage.lead":
    "Sell, take cash, bank transfers, PromptPay and cards, print receipts, and see your stock, income, expenses and profit in one place. It runs in the web browser on the computer, tablet or phone your shop already has. Start for free.",
  "shophubPage.heroCta": "Sign up free",
  "shophubPage.heroSecondary": "See pricing",
  "shophubPage.what.heading": "What is shophub?",
  "shophubPage.what.p1":
    "shophub is a point-of-sale (POS) app that DP Tech built for small shops in Thailand, such as grocery stores, cafés, cosmetics shops, hardware stores and clothing shops. Every screen, receipt and report is in Thai, so new staff pick it up quickly.",
  "shophubPage.what.p2":
    "shophub runs in the web browser: there is nothing to install and no special POS terminal to buy. It works on computers, tablets and mobile phones, so owners can check sales even when they are away from the shop.",
  "shophubPage.what.p3":
    "shophub works together with storehub, the stock tool that shares the same items and ledger. Every sale deducts stock automatically, and stock balances update instantly so every cashier sees the same numbers.",
  "shophubPage.why.heading": "Why small shops choose shophub",
  "shophubPage.why.1.title": "Know your real profit, not just sales",
  "shophubPage.why.1.text":
    "Every sale is recorded with the cost of the goods. Add shop expenses such as rent, electricity and wages, and you see a clear daily and monthly net profit.",
  "shophubPage.why.2.title": "Stock doesn't go missing unnoticed",
  "shophubPage.why.2.text":
    "Stock is deducted with every sale. Count the shelves, compare with the system and the difference shows right away, and you know what to reorder before it runs out.",
  "shophubPage.why.3.title": "Fast checkout, no waiting",
  "shophubPage.why.3.text":
    "Scan barcodes instead of tapping a calculator, which is quicker and avoids pricing mistakes. New staff charge the right price from day one because the prices are already in the system.",
  "shophubPage.why.4.title": "Accept the payments customers use",
  "shophubPage.why.4.text":
    "Cash with change shown, bank transfer, a PromptPay QR for the exact bill amount, and card. Totals are split by payment method, so they are easy to check.",
  "shophubPage.why.5.title": "Use the devices you already own",
  "shophubPage.why.5.text":
    "Start with a single tablet or computer on the counter, then add a receipt printer and barcode scanner when you are ready.",
  "shophubPage.why.6.title": "Hand work to staff with confidence",
  "shophubPage.why.6.text":
    "Everyone signs in with their own account and the role the owner gives them. Voiding a bill needs a reason and is done by an owner or manager (and by cashiers for their own bills of the same shift, if the owner allows it). Every bill records who sold it and who voided it.",
  "shophubPage.features.heading": "What shophub does",
  "shophubPage.features.1.title": "An easy selling screen",
  "shophubPage.features.1.text":
    "Pick items from a grid with photos, sorted by category, or search by name, item code or barcode. Add items with a barcode scanner, the camera of a tablet or phone, or the barcode label from a weighing scale, and use the F2, F4, F8 and F9 shortcuts.",
  "shophubPage.features.2.title": "Bills, discounts and parked bills",
  "shophubPage.features.2.text":
    "Change quantities right in the bill, sell weighed items with decimals, give a line or whole-bill discount in baht or as a percentage, and park a bill on the till to serve the next customer first.",
  "shophubPage.features.3.title": "Several ways to pay",
  "shophubPage.features.3.text":
    "Cash with quick-tender buttons and the change shown, a PromptPay QR code for exactly the amount due, bank transfer with its reference and card with its last four digits. Split one bill across several methods, such as part by card and the rest by PromptPay.",
  "shophubPage.features.4.title": "Receipts, tax invoices and VAT",
  "shophubPage.features.4.text":
    "Shops without VAT issue receipts; VAT-registered shops issue abbreviated tax invoices at the till and full tax invoices later to customers who ask. Returns issue credit notes. Numbers run without gaps per document type and year. Print on 58 mm, 80 mm or A4 paper or download a PDF, with the amount in Thai words.",
  "shophubPage.features.5.title": "Open voids and returns",
  "shophubPage.features.5.text":
    "Voiding a bill needs a reason, the items go back into stock by themselves and the bill shows who voided it. Customers can return some items of a bill: shophub issues a credit note and refunds that part of the bill exactly.",
  "shophubPage.features.6.title": "Income, expenses and profit",
  "shophubPage.features.6.text":
    "Record other income and expenses with a photo of the receipt. See profit and loss by day, by month or for any range of dates: net revenue, cost of goods at moving-average cost, gross profit, expenses and net profit against the previous period, with a chart and breakdowns by item, cashier and payment method. Print it on A4 or download CSV.",
  "shophubPage.features.7.title": "Stock with storehub",
  "shophubPage.features.7.text":
    "Uses the same item list as the till: receive goods, see stock balances, their value and how many days they will last, get flagged when an item reaches its reorder level, and see stock change live on every till.",
  "shophubPage.features.8.title": "Members and roles",
  "shophubPage.features.8.text":
    "Invite staff to your shop as owner, manager, cashier or stock staff. Each person sees and does only what their job needs.",
  "shophubPage.features.9.title": "Shifts and the cash drawer",
  "shophubPage.features.9.text":
    "Open a shift with the starting cash, record pay-ins and pay-outs with a reason, close it by counting the cash against what the drawer should hold, and print the shift report. The owner decides whether a shift must be open to sell.",
  "shophubPage.features.10.title": "The shop today",
  "shophubPage.features.10.text":
    "Sales, bills, gross profit and the cash expected in the drawer, beside yesterday and the same day last week, with today's best sellers and the items running low, updated with every sale.",
  "shophubPage.pricing.heading": "shophub pricing",
  "shophubPage.pricing.lead": "Everything available today is free, with no monthly fee.",
  "shophubPage.pricing.free.name": "Free",
  "shophubPage.pricing.free.price": "Free",
  "shophubPage.pricing.free.period": "no monthly fee",
  "shophubPage.pricing.free.feature1": "As many shops as you need, with staff invited by role",
  "shophubPage.pricing.free.feature2": "Stock management with storehub, unlimited items",
  "shophubPage.pricing.free.feature3": "Items and stock balances in and out as CSV files",
  "shophubPage.pricing.free.feature4": "Works in the web browser on any device, nothing to install",
  "shophubPage.pricing.note1":
    "There are no paid plans yet: everything available today is free, and no credit card is needed.",
  "shophubPage.pricing.note2":
    "If paid plans come, we will announce them in advance, and no shop will be charged for anything it did not sign up for.",
  "shophubPage.cta.myShop": "Go to your shop's stock",
  "shophubPage.cta.openShop": "Open your shop",
  "shophubPage.register.heading": "How to sign up",
  "shophubPage.register.1.title": "Create your user account",
  "shophubPage.register.1.text":
    "Press “Sign up”, enter your name and e-mail and choose a strong password. This account is yours personally and can be a member of several shops.",
  "shophubPage.register.2.title": "Confirm your e-mail",
  "shophubPage.register.2.text":
    "Open the confirmation link in the e-mail we send you (check your junk folder if you don't see it), then sign in with your e-mail and password.",
  "shophubPage.register.3.title": "Create your shop",
  "shophubPage.register.3.text":
    "Press “Create new shop” and enter the shop name, business type, address and phone number. These details are printed on your receipts.",
  "shophubPage.register.4.title": "Add your tax ID (optional)",
  "shophubPage.register.4.text":
    "If your shop is VAT-registered, enter its 13-digit tax ID now. If not, leave it blank and add it later.",
  "shophubPage.register.5.title": "Start selling",
  "shophubPage.register.5.text":
    "Everything available today is free. Set up selling, add your items, invite your staff and start selling on day one.",
  "shophubPage.howToUse.heading": "A day with shophub",
  "shophubPage.howToUse.1.title": "Open the shop",
  "shophubPage.howToUse.1.text":
    "Sign in on the counter device, open a shift with the starting cash in the drawer, and check the items running low on the dashboard, so you can restock or reorder in time.",
  "shophubPage.howToUse.2.title": "Sell at the counter",
  "shophubPage.howToUse.2.text":
    "Scan barcodes or tap items to add them to the bill, change quantities, add discounts or park the bill, then check the amount due before taking payment.",
  "shophubPage.howToUse.3.title": "Take payment and print the receipt",
  "shophubPage.howToUse.3.text":
    "Choose cash, PromptPay, transfer or card, or split the bill across several, complete the sale and print the receipt. VAT-registered shops issue a full tax invoice to a customer who asks from the sales page.",
  "shophubPage.howToUse.4.title": "Receive goods and record expenses",
  "shophubPage.howToUse.4.text":
    "When a supplier delivers, record the goods received in storehub, and record shop expenses with a photo of the receipt.",
  "shophubPage.howToUse.5.title": "Voids and returns",
  "shophubPage.howToUse.5.text":
    "If a price was wrong or an item was scanned twice, void the bill from the sales page with a reason. If a customer returns some items, record a return, which issues a credit note. The items go back into stock by themselves.",
  "shophubPage.howToUse.6.title": "Close the day",
  "shophubPage.howToUse.6.text":
    "Close the shift by counting the cash in the drawer: shophub shows the cash expected and the difference. Check sales by payment method in the shift report and look at today's profit before you close.",
  "shophubPage.tutorial.heading": "Your first sale, step by step",
  "shophubPage.tutorial.lead":
    "Follow these steps in order, then add the rest of your items later. The pictures below are shophub's real screens.",
  "shophubPage.tutorial.guided":
    "Once your shop is created, the shop also offers a guided first sale to try.",
  "shophubPage.tutorial.step1":
    "Sign up with your e-mail and open the confirmation link you receive.",
  "shophubPage.tutorial.step2":
    "Press “Create a new shop” and enter the shop's name, business type, address and phone number; they are printed at the top of the receipt.",
  "shophubPage.tutorial.step3":
    "Open the shop's “Selling” tab: enter the shop's PromptPay ID and scan the 1 baht test QR, say whether the shop is VAT-registered, and choose the receipt paper width.",
  "shophubPage.tutorial.step4":
    "Open storehub and add 3 to 5 best-selling items with their price, cost, barcode and opening quantity.",
  "shophubPage.tutorial.step5":
    "Open the “Till”. If your shop uses shifts, press “Shift” and open one with the starting cash in the drawer.",
  "shophubPage.tutorial.step6":
    "Scan barcodes or tap items to add them to the bill; change quantities or add discounts in the current bill.",
  "shophubPage.tutorial.step7":
    "Press “Pay” (F4). Choose cash and enter the amount received to see the change, or choose PromptPay for the customer to scan a QR of the exact amount, then press “Complete sale”.",
  "shophubPage.tutorial.step8":
    "Press “Print receipt” (F9): the receipt prints through the browser's print window, or at once if you have picked a receipt printer.",
  "shophubPage.tutorial.step9":
    "Open the “Dashboard” to see today's sales and “Profit and loss” to see the profit of your first bill.",
  "shophubPage.tutorial.shots": "shophub's real screens",
  "shophubPage.tutorial.shot.till.caption": "The till: the item grid and the current bill",
  "shophubPage.tutorial.shot.till.alt":
    "shophub's till with the barcode field, a coffee shop's item grid and a current bill of three lines",
  "shophubPage.tutorial.shot.pay.caption": "Paying by PromptPay QR",
  "shophubPage.tutorial.shot.pay.alt":
    "The payment window with PromptPay chosen, showing a QR code for 145 baht and the Complete sale button",
  "shophubPage.tutorial.shot.receipt.caption": "A receipt on 80 mm paper",
  "shophubPage.tutorial.shot.receipt.alt":
    "A sample 80 mm receipt with the shop's name, the items, the total, the cash received and the change",
  "shophubPage.tutorial.shot.dashboard.caption": "The shop today",
  "shophubPage.tutorial.shot.dashboard.alt":
    "The shop's dashboard showing sales, bills, gross profit and the cash expected in the drawer, beside yesterday",
  "shophubPage.tutorial.shot.report.caption": "Profit and loss",
  "shophubPage.tutorial.shot.report.alt":
    "The monthly profit and loss page with the period pickers, the Print (A4) and Download CSV buttons and the summary table",
  "shophubPage.manual.heading": "Manual and guides",
  "shophubPage.manual.text":
    "The user manual walks through every screen: selling settings, adding items, the till and its shortcuts, taking payment, setting up a receipt printer, each tax document, voids and returns, shifts and the cash drawer, income and expenses, profit and loss and the members' roles. The manual and the overview article are written in Thai.",
  "shophubPage.manual.manualLink": "Read the shophub user manual",
  "shophubPage.manual.articleLink": "Read shophub: POS for small shops",
  "shophubPage.faq.heading": "Frequently asked questions",
  "shophubPage.faq.1.question": "Do I need to buy a new POS terminal?",
  "shophubPage.faq.1.answer":
    "No. shophub runs in the web browser on the computer, tablet or phone you already have. You can add a 58 or 80 mm thermal receipt printer and a barcode scanner later.",
  "shophubPage.faq.2.question": "Do I need an internet connection all the time?",
  "shophubPage.faq.2.answer":
    "Yes. shophub works online through the web, so your shop needs an internet connection. We recommend keeping mobile data as a backup in case your main connection goes down.",
  "shophubPage.faq.3.question": "Can I issue tax invoices?",
  "shophubPage.faq.3.answer":
    "Yes. A VAT-registered shop turns VAT on in the selling settings (after entering the shop's tax ID). The till then issues abbreviated tax invoices, and a full A4 tax invoice can be issued from the sales page to a customer who asks, with the amount written in Thai words. Prices can include VAT or have it added.",
  "shophubPage.faq.4.question": "My shop has hundreds of items. Is that a problem?",
  "shophubPage.faq.4.answer":
    "No. There is no limit on the number of items, and you can import your whole item list from a CSV file at once.",
  "shophubPage.faq.5.question": "Can several staff use it at the same time?",
  "shophubPage.faq.5.answer":
    "Yes. Invite staff to your shop and give each a role. Several devices can work at once, and stock updates instantly so every device sees the same numbers.",
  "shophubPage.faq.6.question": "Can your team help me set up?",
  "shophubPage.faq.6.answer":
    "Yes. The DP Tech team can help import your item list and help you choose a compatible receipt printer and scanner. Call 02-114-7788, Monday to Saturday, 08:30–17:30.",
  "shophubPage.finalCta.heading": "Start selling the organised way today",
  "shophubPage.finalCta.text": "Sign up free and set up your shop in minutes, with no monthly fee.",
  "shophubPage.finalCta.textMember": "Everything available today is free, with no monthly fee.",
  "shophubPage.finalCta.button": "Sign up free",
  "shophubPage.finalCta.contact": "Questions? Contact DP Tech, Monday to Saturday, 08:30–17:30.",
};
