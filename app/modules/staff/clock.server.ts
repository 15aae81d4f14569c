import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { addDays, bangkokDayStart } from "~/lib/dates";
import { tillOfDevice } from "~/modules/tills/index.server";
import { staffClock } from "./schema";
import { checkTillPin, type TillPinRefusal } from "./till-pin.server";

/*
 * Clocking in and out at a registered till with the member's till PIN (issue 37, decision
 * 0088), and the hours each member worked in a week for the owner and the managers.
 */

export type ClockDirection = "in" | "out";

export type ClockRefusal =
  | TillPinRefusal
  | { code: "tillNotRegistered" }
  /** Clocking in while clocked in, or out while not. */
  | { code: "alreadyIn" }
  | { code: "notIn" };

export type ClockResult =
  | { ok: true; name: string; at: string; direction: ClockDirection; minutes: number | null }
  | { ok: false; error: ClockRefusal };

/** The member clocks in or out at the registered till with their PIN. */
export async function clockByPin(
  db: Database,
  shopId: string,
  input: {
    tillId: string;
    token: string;
    memberId: string;
    pin: string;
    direction: ClockDirection;
  },
): Promise<ClockResult> {
  const till = await tillOfDevice(db, shopId, input.tillId, input.token);
  if (!till) return { ok: false, error: { code: "tillNotRegistered" } };
  const checked = await checkTillPin(db, {
    shopId,
    tillKey: till.id,
    userId: input.memberId,
    pin: input.pin,
  });
  if (!checked.ok) return checked;
  const { member } = checked;
  if (input.direction === "in") {
    const [row] = await db
      .insert(staffClock)
      .values({ shopId, userId: member.userId, memberName: member.name, tillId: till.id })
      .onConflictDoNothing()
      .returning({ at: staffClock.clockIn });
    if (!row) return { ok: false, error: { code: "alreadyIn" } };
    return {
      ok: true,
      name: member.name,
      at: row.at.toISOString(),
      direction: "in",
      minutes: null,
    };
  }
  const [row] = await db
    .update(staffClock)
    .set({ clockOut: sql`now()` })
    .where(
      and(
        eq(staffClock.shopId, shopId),
        eq(staffClock.userId, member.userId),
        isNull(staffClock.clockOut),
      ),
    )
    .returning({ in: staffClock.clockIn, out: staffClock.clockOut });
  if (!row?.out) return { ok: false, error: { code: "notIn" } };
  return {
    ok: true,
    name: member.name,
    at: row.out.toISOString(),
    direction: "out",
    minutes: Math.floor((row.out.getTime() - row.in.getTime()) / 60_000),
  };
}

export interface WeekHoursRow {
  userId: string;
  name: string;
  /** Minutes worked on each day of the week, Monday first (Bangkok days). */
  days: number[];
  totalMinutes: number;
  /** Still clocked in: the time until now counts. */
  open: boolean;
}

/**
 * The minutes each member worked in the week that starts on `monday` (a Bangkok date), day by
 * day: a clock that runs over midnight counts on both days, one still open counts until now.
 */
export async function weekHours(
  db: DbExecutor,
  shopId: string,
  monday: string,
  now: Date = new Date(),
): Promise<WeekHoursRow[]> {
  // The moments the week's eight day boundaries fall on (Monday 00:00 to next Monday 00:00).
  const bounds: number[] = [];
  for (let day = 0; day <= 7; day += 1) {
    const start = bangkokDayStart(addDays(monday, day));
    if (!start) return [];
    bounds.push(start.getTime());
  }
  const weekStart = new Date(bounds[0] ?? 0);
  const weekEnd = new Date(bounds[7] ?? 0);
  const rows = await db
    .select({
      userId: staffClock.userId,
      name: staffClock.memberName,
      clockIn: staffClock.clockIn,
      clockOut: staffClock.clockOut,
    })
    .from(staffClock)
    .where(
      and(
        eq(staffClock.shopId, shopId),
        sql`${staffClock.clockIn} < ${weekEnd.toISOString()}::timestamptz`,
        sql`COALESCE(${staffClock.clockOut}, ${now.toISOString()}::timestamptz)
          > ${weekStart.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(staffClock.memberName), asc(staffClock.clockIn));
  const byMember = new Map<string, WeekHoursRow>();
  for (const row of rows) {
    const found = byMember.get(row.userId) ?? {
      userId: row.userId,
      name: row.name,
      days: [0, 0, 0, 0, 0, 0, 0],
      totalMinutes: 0,
      open: false,
    };
    const start = row.clockIn.getTime();
    const end = (row.clockOut ?? now).getTime();
    if (!row.clockOut) found.open = true;
    for (let day = 0; day < 7; day += 1) {
      const from = Math.max(start, bounds[day] ?? 0);
      const to = Math.min(end, bounds[day + 1] ?? 0);
      if (to > from) found.days[day] = (found.days[day] ?? 0) + (to - from) / 60_000;
    }
    byMember.set(row.userId, found);
  }
  return [...byMember.values()].map((row) => {
    const days = row.days.map((minutes) => Math.floor(minutes));
    return { ...row, days, totalMinutes: days.reduce((sum, minutes) => sum + minutes, 0) };
  });
}
