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
    "Everyone signs in with their own account and the role the owner gives them. Voiding a bill needs a reason and only a manager or owner can do it, so you can always see who did what.",
  "shophubPage.features.heading": "What shophub does",
  "shophubPage.features.1.title": "An easy selling screen",
  "shophubPage.features.1.text":
    "Pick items from a product grid, search by name, item code or barcode, and use a barcode scanner to add items to the cart instantly.",
  "shophubPage.features.2.title": "Cart, quantities and discounts",
  "shophubPage.features.2.text":
    "Change quantities right in the cart and give a discount per item or on the whole bill, as an amount or a percentage.",
  "shophubPage.features.3.title": "Several ways to pay",
  "shophubPage.features.3.text":
    "Cash with change calculated, bank transfer, a PromptPay QR code generated for the exact bill amount, and card.",
  "shophubPage.features.4.title": "Receipts, tax invoices and VAT",
  "shophubPage.features.4.text":
    "Each shop has its own running invoice numbers. Print receipts on 58 or 80 mm thermal printers, issue A4 tax invoices with the amount written in Thai words, and set 7% VAT as included in or added to your prices.",
  "shophubPage.features.5.title": "Transparent voids",
  "shophubPage.features.5.text":
    "A manager or owner can void a bill by giving a reason. The items go back into stock automatically and the bill shows who voided it.",
  "shophubPage.features.6.title": "Income, expenses and profit",
  "shophubPage.features.6.text":
    "Record expenses with a photo of the receipt and see daily and monthly profit: revenue, cost of goods by moving-average cost, gross profit, expenses and net profit, with a chart and CSV export.",
  "shophubPage.features.7.title": "Stock with storehub",
  "shophubPage.features.7.text":
    "Uses the same item list as the selling screen: receive goods, check stock balances, see low-stock flags, and get live stock updates across all cashiers.",
  "shophubPage.features.8.title": "Members and roles",
  "shophubPage.features.8.text":
    "Invite staff to your shop as owner, manager, cashier or stock staff. Each person sees and does only what their job needs.",
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
    "Everything available today is free, so you can add items, invite staff and try stock from day one.",
  "shophubPage.howToUse.heading": "A day with shophub",
  "shophubPage.howToUse.1.title": "Open the shop",
  "shophubPage.howToUse.1.text":
    "Sign in on the counter device and check the items flagged as low in stock, so you can restock the shelves or reorder in time.",
  "shophubPage.howToUse.2.title": "Sell at the counter",
  "shophubPage.howToUse.2.text":
    "Scan a barcode or tap an item to add it to the cart, adjust quantities, add discounts, then check the total before taking payment.",
  "shophubPage.howToUse.3.title": "Take payment and print the receipt",
  "shophubPage.howToUse.3.text":
    "Choose cash, transfer, PromptPay or card, confirm the sale and print the receipt, or issue an A4 tax invoice when the customer asks for one.",
  "shophubPage.howToUse.4.title": "Receive goods and record expenses",
  "shophubPage.howToUse.4.text":
    "When a supplier delivers, record the goods received in storehub, and record shop expenses with a photo of the receipt.",
  "shophubPage.howToUse.5.title": "Fix mistaken bills",
  "shophubPage.howToUse.5.text":
    "If a price was wrong or an item was scanned twice, a manager or owner voids the bill with a reason, and the items go back into stock by themselves.",
  "shophubPage.howToUse.6.title": "Close the day",
  "shophubPage.howToUse.6.text":
    "Count the cash in the drawer against the cash total in the report, check sales by payment method, and look at today's profit before you close.",
  "shophubPage.tutorial.heading": "Your first sale in 10 minutes",
  "shophubPage.tutorial.lead": "Follow these short steps, then add the rest of your items later.",
  "shophubPage.tutorial.step1": "Sign up with your e-mail and confirm it.",
  "shophubPage.tutorial.step2":
    "Create your shop with its name, business type, address and phone number.",
  "shophubPage.tutorial.step3": "Enter the shop's PromptPay number in the shop settings.",
  "shophubPage.tutorial.step4": "Add 3 to 5 best-selling items with their price, cost and barcode.",
  "shophubPage.tutorial.step5":
    "Open the selling screen and scan or tap items to add them to the cart.",
  "shophubPage.tutorial.step6":
    "Press “Pay”, choose cash and enter the amount received to see the change.",
  "shophubPage.tutorial.step7": "Press “Confirm sale” and print the receipt.",
  "shophubPage.tutorial.step8": "Open today's report to see your shop's first sale.",
  "shophubPage.manual.heading": "Manual and guides",
  "shophubPage.manual.text":
    "For step-by-step help with every menu, from adding items and entering opening stock to reading the profit report, read the user manual, or read our shophub overview for the big picture.",
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
    "Yes. shophub issues A4 tax invoices with the amount written in Thai words. Enter your shop's tax ID in the shop settings and choose whether your prices include 7% VAT.",
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
