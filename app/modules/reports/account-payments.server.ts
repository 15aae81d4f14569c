import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { bangkokDays } from "~/lib/dates";
import type { ReportRange } from "./range";

/*
 * Payments on customers' accounts received in a range, by member and method (decision 0095),
 * for the P&L and its CSV. Not revenue (the sale was, on its day: decision 0083), but money
 * taken by someone: who took how much by cash, transfer or PromptPay, how much of it a cashier
 * took with an approver's PIN, cash an owner or a manager took outside a shift (in no drawer),
 * and the voids. A payment counts on its day and a void on the void's day (as the drawer and the
 * dashboard count them), under the member who took the payment. Read by table name (the
 * customers module's tables), as the drawer and the dashboard read them.
 */

export interface AccountPaymentRow {
  receiverId: string;
  /** The name the payment was taken under, as printed on its receipt. */
  name: string;
  method: "cash" | "transfer" | "promptpay";
  payments: number;
  receivedSatang: number;
  /** Of the received: payments a cashier took with an owner's or a manager's PIN. */
  approvedSatang: number;
  /** Of the received cash: taken outside a shift, in no drawer. */
  outsideShiftSatang: number;
  voids: number;
  voidedSatang: number;
  /** Received less voided. */
  netSatang: number;
}

export async function accountPaymentsReceived(
  db: DbExecutor,
  shopId: string,
  range: ReportRange,
): Promise<AccountPaymentRow[]> {
  const days = bangkokDays(range.from, range.to);
  if (!days) throw new RangeError("accountPaymentsReceived: not a range of days");
  const from = days.start.toISOString();
  const to = days.end.toISOString();
  const result = await db.execute<{
    receiver_id: string;
    name: string;
    method: AccountPaymentRow["method"];
    payments: string;
    received: string;
    approved: string;
    outside: string;
    voids: string;
    voided: string;
  }>(sql`
    WITH rows AS (
      SELECT ap.received_by AS receiver_id, ap.received_by_name AS name, ap.method,
             1 AS payments, ap.amount_satang AS received,
             CASE WHEN a.id IS NULL THEN 0 ELSE ap.amount_satang END AS approved,
             CASE WHEN ap.method = 'cash' AND ap.shift_id IS NULL
                  THEN ap.amount_satang ELSE 0 END AS outside,
             0 AS voids, 0 AS voided
        FROM account_payment ap
        LEFT JOIN account_payment_approval a ON a.payment_id = ap.id
       WHERE ap.shop_id = ${shopId} AND ap.created_at >= ${from}::timestamptz
         AND ap.created_at < ${to}::timestamptz
      UNION ALL
      SELECT ap.received_by, ap.received_by_name, ap.method, 0, 0, 0, 0, 1, ap.amount_satang
        FROM account_payment_void v
        JOIN account_payment ap ON ap.id = v.payment_id
       WHERE v.shop_id = ${shopId} AND v.created_at >= ${from}::timestamptz
         AND v.created_at < ${to}::timestamptz
    )
    SELECT receiver_id, max(name) AS name, method, sum(payments) AS payments,
           sum(received) AS received, sum(approved) AS approved, sum(outside) AS outside,
           sum(voids) AS voids, sum(voided) AS voided
      FROM rows
     GROUP BY receiver_id, method`);
  return result.rows
    .map((row) => ({
      receiverId: row.receiver_id,
      name: row.name,
      method: row.method,
      payments: Number(row.payments),
      receivedSatang: Number(row.received),
      approvedSatang: Number(row.approved),
      outsideShiftSatang: Number(row.outside),
      voids: Number(row.voids),
      voidedSatang: Number(row.voided),
      netSatang: Number(row.received) - Number(row.voided),
    }))
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, "th") ||
        a.receiverId.localeCompare(b.receiverId) ||
        a.method.localeCompare(b.method),
    );
}
