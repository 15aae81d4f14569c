import type { thShops } from "./th-shops";

/** English interface text of the shops area; a missing key is a type error. */
export const enShops: Record<keyof typeof thShops, string> = {
  "shops.backToShophub": "All my shops",
  "shops.tabs.label": "Shop management menu",
  "shops.tabs.members": "Members",
  "shops.tabs.settings": "Shop settings",
  "shops.fixErrors": "Please correct the fields marked in red below",
  "shops.cancel": "Cancel",
  "shops.pagination.nav": "Pages",
  "shops.pagination.previous": "Previous",
  "shops.pagination.next": "Next",
  "shops.pagination.page": "Page {n}",
  "shops.dayInput.day": "dd/mm/yyyy",
  "shops.dayInput.month": "mm/yyyy",

  "shops.role.owner": "Owner",
  "shops.role.manager": "Manager",
  "shops.role.cashier": "Cashier",
  "shops.role.stock": "Stock keeper",
  "shops.roleHelp.owner":
    "Can do everything, including inviting and removing members and editing the shop's details",
  "shops.roleHelp.manager": "Looks after items, stock and sales, but cannot manage members",
  "shops.roleHelp.cashier": "Looks up items and stock, without seeing costs",
  "shops.roleHelp.stock": "Receives, issues, transfers and counts stock",

  "shops.businessType.grocery": "Grocery, minimart",
  "shops.businessType.cafe": "Café, drinks, bakery",
  "shops.businessType.restaurant": "Restaurant",
  "shops.businessType.beauty": "Beauty salon, spa",
  "shops.businessType.fashion": "Clothing, shoes, fashion",
  "shops.businessType.hardware": "Building materials, hardware",
  "shops.businessType.pharmacy": "Pharmacy",
  "shops.businessType.electronics": "Phones, electronics",
  "shops.businessType.other": "Other business",

  "shops.field.name": "Shop name",
  "shops.field.nameHint": "The name customers see on receipts, e.g. Jaidee Minimart",
  "shops.field.businessType": "Type of business",
  "shops.field.businessTypeChoose": "Choose a type of business",
  "shops.field.address": "Shop address",
  "shops.field.addressHint": "House number, road, subdistrict, district, province and postal code",
  "shops.field.phone": "Shop phone number",
  "shops.field.phoneHint": "e.g. 081-234-5678 or 02-123-4567",
  "shops.field.taxId": "13-digit tax ID (optional)",
  "shops.field.taxIdHint":
    "Needed when the shop issues tax invoices. Dashes and spaces are fine, e.g. 0-1055-12345-67-1",
  "shops.field.allowNegativeStock": "Allow negative stock",
  "shops.field.allowNegativeStockHint":
    "When on, the shop can still sell or issue items when the system shows too few (e.g. goods received but not yet recorded). When off, quantities never go below zero.",
  "shops.field.stockMayReverse": "Stock staff may reverse documents",
  "shops.field.stockMayReverseHint":
    "When on, members with the stock role can reverse receipts, issues and transfers. When off, only owners and managers can.",

  "shops.error.lastOwner":
    "A shop needs at least one owner: the last owner cannot be changed or removed.",
  "shops.error.notMember": "This person is no longer a member of the shop.",
  "shops.error.taxIdInvalid": "The tax ID is not valid: it has 13 digits and a check digit.",
  "shops.error.nameRequired": "Please enter the shop's name",
  "shops.error.nameTooLong": "The shop's name is too long (120 characters at most)",
  "shops.error.businessTypeRequired": "Please choose a type of business",
  "shops.error.addressRequired": "Please enter the shop's address",
  "shops.error.addressTooLong": "The address is too long (500 characters at most)",
  "shops.error.phoneRequired": "Please enter the shop's phone number",
  "shops.error.phoneInvalid":
    "This phone number is not valid. Please write it like 081-234-5678 or 02-123-4567",
  "shops.error.roleRequired": "Please choose a role",
  "shops.error.alreadyMember": "The person with this e-mail is already a member of the shop",
  "shops.error.tooManyShops":
    "You have created as many shops as allowed today. Please try again in about {hours, plural, one {# hour} other {# hours}}.",
  "shops.error.tooManyInvitations":
    "This shop has sent as many invitations as allowed today. Please try again in about {hours, plural, one {# hour} other {# hours}}.",
  "shops.error.invitationNotFound":
    "This invitation was not found; it may have been cancelled or accepted.",
  "shops.error.badRequest": "This request was not valid. Please reload the page and try again.",

  "shops.new.title": "Create a new shop",
  "shops.new.lead":
    "Fill in your shop's details. You become its owner and can invite your staff later. You can start using storehub as soon as the shop exists.",
  "shops.new.submit": "Create the shop",

  "shops.settings.title": "Shop settings",
  "shops.settings.lead":
    "The shop's details used on receipts and documents, and the stock settings",
  "shops.settings.stockTitle": "Stock",
  "shops.settings.save": "Save the shop's details",
  "shops.settings.saved": "The shop's details are saved",

  "shops.members.title": "Shop members",
  "shops.members.lead":
    "Invite your staff by e-mail and give each of them a role. Only owners can manage members.",
  "shops.members.count": "{count, plural, one {# member} other {# members}}",
  "shops.members.name": "Name",
  "shops.members.email": "E-mail",
  "shops.members.role": "Role",
  "shops.members.actions": "Actions",
  "shops.members.you": "You",
  "shops.members.roleFor": "Role of {name}",
  "shops.members.changeRole": "Change role",
  "shops.members.remove": "Remove from the shop",
  "shops.members.confirmRemove":
    "Remove {name} ({email}) from {shop}? They can no longer see this shop's data unless they are invited again.",
  "shops.members.confirmRemoveSelf":
    "Remove yourself from {shop}? You can no longer see this shop's data unless another owner invites you again.",
  "shops.members.confirmRemoveButton": "Yes, remove from the shop",
  "shops.members.rolesTitle": "Roles in the shop",
  "shops.members.done.invite":
    "The invitation was sent by e-mail. The person joins the shop when they sign in with that address.",
  "shops.members.done.role": "The role was changed",
  "shops.members.done.remove": "The member was removed from the shop",
  "shops.members.done.cancelInvite": "The invitation was cancelled",

  "shops.invite.title": "Invite a new member",
  "shops.invite.lead":
    "We send an invitation by e-mail. The person joins the shop when they sign in, or register and confirm their e-mail, with this address. An invitation is valid for 14 days.",
  "shops.invite.email": "E-mail of the person to invite",
  "shops.invite.emailHint": "e.g. somchai@example.com",
  "shops.invite.role": "Role",
  "shops.invite.submit": "Send the invitation",

  "shops.invitations.title": "Invitations waiting for an answer",
  "shops.invitations.none": "No invitations are waiting",
  "shops.invitations.invitedAt": "Invited",
  "shops.invitations.expiresAt": "Valid until",
  "shops.invitations.expired": "Expired: invite again with the form above",
  "shops.invitations.cancel": "Cancel the invitation",
  "shops.nav.label": "Shop tools",
  "shops.nav.dashboard": "Dashboard",
  "shops.nav.sell": "Till",
  "shops.nav.invoices": "Sales",
  "shops.nav.shifts": "Shifts",
  "shops.nav.receivables": "Receivables",
  "shops.nav.stock": "Stock",
  "shops.nav.income": "Income",
  "shops.nav.expenses": "Expenses",
  "shops.nav.reports": "Profit and loss",
  "shops.nav.tax": "VAT reports",
};
