import type { thShophubStaff } from "./th-shophub-staff";

/** English text of staff at a shared till (issue 37): till PINs, the cashier switch, clocking. */
export const enShophubStaff: Record<keyof typeof thShophubStaff, string> = {
  "shops.staff.pin.title": "Till PIN",
  "shops.staff.pin.lead":
    "Your PIN works only at this shop's tills: to take over as the seller without signing in again, and to clock in and out. A PIN opens no other page",
  "shops.staff.pin.state.set": "You have set a till PIN",
  "shops.staff.pin.state.none": "You have not set a till PIN yet",
  "shops.staff.pin.state.locked": "Your PIN is locked until {until} after too many wrong tries",
  "shops.staff.pin.pin": "New PIN (4–6 digits)",
  "shops.staff.pin.pinHint": "Avoid easy guesses such as 1234, 0000 or 111111",
  "shops.staff.pin.confirm": "Type the PIN again",
  "shops.staff.pin.set": "Set PIN",
  "shops.staff.pin.change": "Change PIN",
  "shops.staff.pin.remove": "Remove my PIN",
  "shops.staff.pin.done.set": "PIN saved: it works at the tills at once",
  "shops.staff.pin.done.remove": "PIN removed",
  "shops.staff.pin.done.unlock": "PIN unlocked",
  "shops.staff.pin.error.format": "A PIN is 4 to 6 digits",
  "shops.staff.pin.error.guessable":
    "This PIN is too easy to guess (like 1234, 0000, 111111): choose digits that do not run or repeat",
  "shops.staff.pin.error.confirm": "The two PINs do not match",
  "shops.staff.pin.error.noMember": "No such member in this shop, or they have no PIN",
  "shops.staff.pin.members.heading": "Members' PINs",
  "shops.staff.pin.members.name": "Member",
  "shops.staff.pin.members.state": "PIN",
  "shops.staff.pin.members.hasPin": "Set",
  "shops.staff.pin.members.noPin": "Not set",
  "shops.staff.pin.members.locked": "Locked until {until}",
  "shops.staff.pin.members.unlock": "Unlock",
  "shops.staff.hours.title": "Hours per week",
  "shops.staff.hours.lead":
    "The time members clocked in and out with their PIN at the tills, by Bangkok days; someone still clocked in counts until now",
  "shops.staff.hours.week": "{from} – {to}",
  "shops.staff.hours.previous": "‹ Previous week",
  "shops.staff.hours.next": "Next week ›",
  "shops.staff.hours.member": "Member",
  "shops.staff.hours.total": "Total (h:mm)",
  "shops.staff.hours.none": "Nobody clocked in this week",
  "shops.staff.hours.clockedIn": "Still clocked in",
  "shops.sell.staff.button": "Staff",
  "shops.sell.staff.title": "Staff at this till",
  "shops.sell.staff.switchTab": "Change seller",
  "shops.sell.staff.clockTab": "Clock in/out",
  "shops.sell.staff.who": "Who",
  "shops.sell.staff.pin": "PIN",
  "shops.sell.staff.switch": "Take over the till",
  "shops.sell.staff.clockIn": "Clock in",
  "shops.sell.staff.clockOut": "Clock out",
  "shops.sell.staff.locked": "locked",
  "shops.sell.staff.back":
    "The till's owner ({name}) picks their own name and types their own PIN to take it back",
  "shops.sell.staff.noMembers":
    "Nobody has a till PIN yet: each member sets theirs on the “Till PIN” page",
  "shops.sell.staff.pinPage": "Till PIN",
  "shops.sell.staff.loading": "Loading names…",
  "shops.sell.staff.offline":
    "Changing the seller or clocking needs the network (PINs are checked on the server only). Selling goes on under the current seller",
  "shops.sell.staff.notBound":
    "Changing the seller by PIN works on a registered till only: the owner binds this device on the “Tills” page",
  "shops.sell.staff.ownerOnly":
    "Changing the seller by PIN works when the till is signed in as the shop's owner or a manager",
  "shops.sell.staff.clockedIn": "{name} clocked in at {time}",
  "shops.sell.staff.clockedOut": "{name} clocked out at {time} ({hours} worked)",
  "shops.sell.staff.error.pinRequired": "Type a PIN of 4–6 digits",
  "shops.sell.staff.error.memberRequired": "Pick a name first",
  "shops.sell.staff.error.wrongPin": "Wrong PIN",
  "shops.sell.staff.error.triesLeft": "Wrong PIN: {count} more tries before it locks",
  "shops.sell.staff.error.locked":
    "This PIN is locked after 5 wrong tries: wait 30 minutes, or an owner or manager unlocks it on the “Till PIN” page",
  "shops.sell.staff.error.tooManyTries":
    "Too many PIN tries at this till: wait a moment and try again",
  "shops.sell.staff.error.notTillSession":
    "The seller changes by PIN only while the till is signed in as the owner or a manager",
  "shops.sell.staff.error.tillNotRegistered":
    "This device is no longer one of the shop's registered tills",
  "shops.sell.staff.error.notSeller": "Stock staff clock in here but do not sell",
  "shops.sell.staff.error.sessionWithoutPin":
    "The owner or manager signed in on this till sets their own till PIN first (to take the till back), on the “Till PIN” page",
  "shops.sell.staff.error.alreadyIn": "Already clocked in (not clocked out yet)",
  "shops.sell.staff.error.notIn": "Not clocked in",
  "shops.sell.staff.error.failed": "The server could not be reached: try again",
  "shops.sell.recent.button": "Last receipts",
  "shops.sell.recent.title": "This till's last receipts",
  "shops.sell.recent.lead":
    "Pick a bill to take goods back: the credit note follows the current seller's rights (a cashier takes back only their own bills in a shift still open, when the shop allows it)",
  "shops.sell.recent.none": "This till has no bills on the server yet",
  "shops.sell.recent.failed": "The bills could not be loaded (the network is needed): try again",
  "shops.sell.recent.return": "Return / open",
  "shops.sell.recent.returned": "{amount} returned",
  "shops.sell.recent.void": "void",
  "shops.sell.error.cashierSwitchInvalid":
    "This till's change of seller has expired or is not valid: the seller types their PIN again",
  "shops.sell.queue.reason.cashierSwitchInvalid": "the change of seller by PIN is no longer valid",
  "shops.staff.held.refused":
    "{name} is selling on this device with their PIN, so it opens only the till and the bills opened from it. The owner or a manager takes the device back with their own PIN at the till first",
};
