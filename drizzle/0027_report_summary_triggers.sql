-- The profit-and-loss summaries (drizzle/0025, app/modules/reports/schema.ts) kept by the
-- rows they sum (docs/decisions/NNNN-report-summaries.md). Statement triggers with transition
-- tables: one INSERT ... SELECT of a year of sales (the benchmark, a backfill) is one pass, and
-- a sale's lines add up per item before the summary row is touched. Every change adds the new
-- rows' share and takes off the old rows' share, in the same transaction as the change itself
-- (sale_post, a void, a correction), so the summaries never disagree with the rows.
--
-- Locks: the upserts insert in key order, so two sales touching the same items lock their
-- summary rows in the same order and cannot deadlock on them. A DELETE (which the
-- application never does to a sale; a shop's deletion cascades to the summaries) only
-- updates rows that are still there, never inserts, so it cannot trip the shop's foreign key
-- halfway through a cascade. A sale deleted with its lines takes off its own totals; its lines'
-- and payments' share is taken off only when they are deleted before the sale.

CREATE FUNCTION report_day(p_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (p_at AT TIME ZONE 'Asia/Bangkok')::date $$;

-- A sale's share of report_sales_hour, times p_sign (+1 add, -1 take off).
CREATE FUNCTION report_add_sales(p_rows sale[], p_sign integer, p_insert boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_insert THEN
    INSERT INTO report_sales_hour AS t (shop_id, day, hour, cashier_id, cashier_name, bills,
        gross_satang, discount_satang, ex_vat_satang, vat_satang, cost_satang, void_bills,
        void_total_satang)
    SELECT s.shop_id, report_day(s.created_at),
           extract(hour FROM s.created_at AT TIME ZONE 'Asia/Bangkok')::smallint,
           s.cashier_id, max(s.cashier_name),
           p_sign * count(*) FILTER (WHERE s.status <> 'void'),
           p_sign * coalesce(sum(s.gross_satang) FILTER (WHERE s.status <> 'void'), 0),
           p_sign * coalesce(sum(s.line_discount_satang + s.bill_discount_satang)
                               FILTER (WHERE s.status <> 'void'), 0),
           p_sign * coalesce(sum(s.total_satang - s.vat_satang) FILTER (WHERE s.status <> 'void'), 0),
           p_sign * coalesce(sum(s.vat_satang) FILTER (WHERE s.status <> 'void'), 0),
           p_sign * coalesce(sum(s.cost_satang) FILTER (WHERE s.status <> 'void'), 0),
           p_sign * count(*) FILTER (WHERE s.status = 'void'),
           p_sign * coalesce(sum(s.total_satang) FILTER (WHERE s.status = 'void'), 0)
      FROM unnest(p_rows) AS s
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (shop_id, day, hour, cashier_id) DO UPDATE SET
      cashier_name = greatest(t.cashier_name, excluded.cashier_name),
      bills = t.bills + excluded.bills,
      gross_satang = t.gross_satang + excluded.gross_satang,
      discount_satang = t.discount_satang + excluded.discount_satang,
      ex_vat_satang = t.ex_vat_satang + excluded.ex_vat_satang,
      vat_satang = t.vat_satang + excluded.vat_satang,
      cost_satang = t.cost_satang + excluded.cost_satang,
      void_bills = t.void_bills + excluded.void_bills,
      void_total_satang = t.void_total_satang + excluded.void_total_satang;
  ELSE
    UPDATE report_sales_hour AS t SET
      bills = t.bills + d.bills, gross_satang = t.gross_satang + d.gross,
      discount_satang = t.discount_satang + d.discount, ex_vat_satang = t.ex_vat_satang + d.ex_vat,
      vat_satang = t.vat_satang + d.vat, cost_satang = t.cost_satang + d.cost,
      void_bills = t.void_bills + d.void_bills, void_total_satang = t.void_total_satang + d.void_total
      FROM (SELECT s.shop_id, report_day(s.created_at) AS day,
                   extract(hour FROM s.created_at AT TIME ZONE 'Asia/Bangkok')::smallint AS hour,
                   s.cashier_id,
                   p_sign * count(*) FILTER (WHERE s.status <> 'void') AS bills,
                   p_sign * coalesce(sum(s.gross_satang) FILTER (WHERE s.status <> 'void'), 0) AS gross,
                   p_sign * coalesce(sum(s.line_discount_satang + s.bill_discount_satang)
                                       FILTER (WHERE s.status <> 'void'), 0) AS discount,
                   p_sign * coalesce(sum(s.total_satang - s.vat_satang)
                                       FILTER (WHERE s.status <> 'void'), 0) AS ex_vat,
                   p_sign * coalesce(sum(s.vat_satang) FILTER (WHERE s.status <> 'void'), 0) AS vat,
                   p_sign * coalesce(sum(s.cost_satang) FILTER (WHERE s.status <> 'void'), 0) AS cost,
                   p_sign * count(*) FILTER (WHERE s.status = 'void') AS void_bills,
                   p_sign * coalesce(sum(s.total_satang) FILTER (WHERE s.status = 'void'), 0) AS void_total
              FROM unnest(p_rows) AS s GROUP BY 1, 2, 3, 4) AS d
     WHERE t.shop_id = d.shop_id AND t.day = d.day AND t.hour = d.hour
       AND t.cashier_id = d.cashier_id;
  END IF;
END $$;

-- Lines' share of the item summaries: lines of sales that stand, on their sale's day.
CREATE FUNCTION report_add_lines(p_rows sale_line[], p_sign integer, p_insert boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_insert THEN
    INSERT INTO report_items_day AS t (shop_id, day, item_id, item_name, lines, qty,
        ex_vat_satang, cost_satang)
    SELECT l.shop_id, report_day(s.created_at), l.item_id, max(l.item_name), p_sign * count(*),
           p_sign * sum(l.qty), p_sign * sum(l.ex_vat_satang), p_sign * sum(l.cost_satang)
      FROM unnest(p_rows) AS l JOIN sale s ON s.id = l.sale_id AND s.status <> 'void'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (shop_id, day, item_id) DO UPDATE SET
      item_name = greatest(t.item_name, excluded.item_name), lines = t.lines + excluded.lines,
      qty = t.qty + excluded.qty, ex_vat_satang = t.ex_vat_satang + excluded.ex_vat_satang,
      cost_satang = t.cost_satang + excluded.cost_satang;
    INSERT INTO report_items_month AS t (shop_id, month, item_id, item_name, lines, qty,
        ex_vat_satang, cost_satang)
    SELECT l.shop_id, date_trunc('month', report_day(s.created_at))::date, l.item_id,
           max(l.item_name), p_sign * count(*), p_sign * sum(l.qty),
           p_sign * sum(l.ex_vat_satang), p_sign * sum(l.cost_satang)
      FROM unnest(p_rows) AS l JOIN sale s ON s.id = l.sale_id AND s.status <> 'void'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (shop_id, month, item_id) DO UPDATE SET
      item_name = greatest(t.item_name, excluded.item_name), lines = t.lines + excluded.lines,
      qty = t.qty + excluded.qty, ex_vat_satang = t.ex_vat_satang + excluded.ex_vat_satang,
      cost_satang = t.cost_satang + excluded.cost_satang;
  ELSE
    UPDATE report_items_day AS t SET lines = t.lines + d.lines, qty = t.qty + d.qty,
           ex_vat_satang = t.ex_vat_satang + d.ex_vat, cost_satang = t.cost_satang + d.cost
      FROM (SELECT l.shop_id, report_day(s.created_at) AS day, l.item_id,
                   p_sign * count(*) AS lines, p_sign * sum(l.qty) AS qty,
                   p_sign * sum(l.ex_vat_satang) AS ex_vat, p_sign * sum(l.cost_satang) AS cost
              FROM unnest(p_rows) AS l JOIN sale s ON s.id = l.sale_id AND s.status <> 'void'
             GROUP BY 1, 2, 3) AS d
     WHERE t.shop_id = d.shop_id AND t.day = d.day AND t.item_id = d.item_id;
    UPDATE report_items_month AS t SET lines = t.lines + d.lines, qty = t.qty + d.qty,
           ex_vat_satang = t.ex_vat_satang + d.ex_vat, cost_satang = t.cost_satang + d.cost
      FROM (SELECT l.shop_id, date_trunc('month', report_day(s.created_at))::date AS month,
                   l.item_id, p_sign * count(*) AS lines, p_sign * sum(l.qty) AS qty,
                   p_sign * sum(l.ex_vat_satang) AS ex_vat, p_sign * sum(l.cost_satang) AS cost
              FROM unnest(p_rows) AS l JOIN sale s ON s.id = l.sale_id AND s.status <> 'void'
             GROUP BY 1, 2, 3) AS d
     WHERE t.shop_id = d.shop_id AND t.month = d.month AND t.item_id = d.item_id;
  END IF;
END $$;

-- Payments' share: payments of sales that stand, on their sale's day.
CREATE FUNCTION report_add_payments(p_rows sale_payment[], p_sign integer, p_insert boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_insert THEN
    INSERT INTO report_payments_day AS t (shop_id, day, method, payments, amount_satang)
    SELECT p.shop_id, report_day(s.created_at), p.method, p_sign * count(*),
           p_sign * sum(p.amount_satang)
      FROM unnest(p_rows) AS p JOIN sale s ON s.id = p.sale_id AND s.status <> 'void'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (shop_id, day, method) DO UPDATE SET
      payments = t.payments + excluded.payments,
      amount_satang = t.amount_satang + excluded.amount_satang;
  ELSE
    UPDATE report_payments_day AS t SET payments = t.payments + d.payments,
           amount_satang = t.amount_satang + d.amount
      FROM (SELECT p.shop_id, report_day(s.created_at) AS day, p.method,
                   p_sign * count(*) AS payments, p_sign * sum(p.amount_satang) AS amount
              FROM unnest(p_rows) AS p JOIN sale s ON s.id = p.sale_id AND s.status <> 'void'
             GROUP BY 1, 2, 3) AS d
     WHERE t.shop_id = d.shop_id AND t.day = d.day AND t.method = d.method;
  END IF;
END $$;

-- sale: its own totals; and when whether it stands (or its day) changes, its lines' and
-- payments' shares move with it (taken off as they were counted, added as they now count).
CREATE FUNCTION report_sale_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_rows sale[];
  new_rows sale[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO new_rows FROM report_new_sale n;
    PERFORM report_add_sales(new_rows, 1, true);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO old_rows FROM report_old_sale o;
    PERFORM report_add_sales(old_rows, -1, false);
  ELSE
    -- Only the rows whose summed columns changed (a first print touches none).
    SELECT array_agg(o ORDER BY o.id), array_agg(n ORDER BY n.id) INTO old_rows, new_rows
      FROM report_old_sale o JOIN report_new_sale n ON n.id = o.id
     WHERE (o.shop_id, o.status, o.created_at, o.cashier_id, o.cashier_name, o.gross_satang,
            o.line_discount_satang, o.bill_discount_satang, o.total_satang, o.vat_satang,
            o.cost_satang)
           IS DISTINCT FROM
           (n.shop_id, n.status, n.created_at, n.cashier_id, n.cashier_name, n.gross_satang,
            n.line_discount_satang, n.bill_discount_satang, n.total_satang, n.vat_satang,
            n.cost_satang);
    IF old_rows IS NULL THEN
      RETURN NULL;
    END IF;
    PERFORM report_add_sales(old_rows, -1, true);
    PERFORM report_add_sales(new_rows, 1, true);
    -- The lines and payments of the sales whose standing or day changed: the trigger's
    -- functions read the sale as it is now, so the old share is computed here.
    PERFORM report_move_children(old_rows, new_rows);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION report_move_children(p_old sale[], p_new sale[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  child_lines sale_line[];
  child_payments sale_payment[];
BEGIN
  -- Take off the share the children had under the old sale rows...
  INSERT INTO report_items_day AS t (shop_id, day, item_id, item_name, lines, qty,
      ex_vat_satang, cost_satang)
  SELECT l.shop_id, report_day(o.created_at), l.item_id, max(l.item_name), -count(*),
         -sum(l.qty), -sum(l.ex_vat_satang), -sum(l.cost_satang)
    FROM unnest(p_old) AS o JOIN sale_line l ON l.sale_id = o.id
   WHERE o.status <> 'void'
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (shop_id, day, item_id) DO UPDATE SET lines = t.lines + excluded.lines,
    qty = t.qty + excluded.qty, ex_vat_satang = t.ex_vat_satang + excluded.ex_vat_satang,
    cost_satang = t.cost_satang + excluded.cost_satang;
  INSERT INTO report_items_month AS t (shop_id, month, item_id, item_name, lines, qty,
      ex_vat_satang, cost_satang)
  SELECT l.shop_id, date_trunc('month', report_day(o.created_at))::date, l.item_id,
         max(l.item_name), -count(*), -sum(l.qty), -sum(l.ex_vat_satang), -sum(l.cost_satang)
    FROM unnest(p_old) AS o JOIN sale_line l ON l.sale_id = o.id
   WHERE o.status <> 'void'
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (shop_id, month, item_id) DO UPDATE SET lines = t.lines + excluded.lines,
    qty = t.qty + excluded.qty, ex_vat_satang = t.ex_vat_satang + excluded.ex_vat_satang,
    cost_satang = t.cost_satang + excluded.cost_satang;
  INSERT INTO report_payments_day AS t (shop_id, day, method, payments, amount_satang)
  SELECT p.shop_id, report_day(o.created_at), p.method, -count(*), -sum(p.amount_satang)
    FROM unnest(p_old) AS o JOIN sale_payment p ON p.sale_id = o.id
   WHERE o.status <> 'void'
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (shop_id, day, method) DO UPDATE SET payments = t.payments + excluded.payments,
    amount_satang = t.amount_satang + excluded.amount_satang;
  -- ...and add the share they have under the new ones (report_add_* read the sale as it is).
  SELECT array_agg(l ORDER BY l.id) INTO child_lines
    FROM sale_line l WHERE l.sale_id IN (SELECT id FROM unnest(p_new));
  IF child_lines IS NOT NULL THEN
    PERFORM report_add_lines(child_lines, 1, true);
  END IF;
  SELECT array_agg(p ORDER BY p.id) INTO child_payments
    FROM sale_payment p WHERE p.sale_id IN (SELECT id FROM unnest(p_new));
  IF child_payments IS NOT NULL THEN
    PERFORM report_add_payments(child_payments, 1, true);
  END IF;
END $$;

CREATE FUNCTION report_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_rows sale_line[];
  new_rows sale_line[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO new_rows FROM report_new_line n;
    PERFORM report_add_lines(new_rows, 1, true);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO old_rows FROM report_old_line o;
    PERFORM report_add_lines(old_rows, -1, false);
  ELSE
    -- A return raises returned_qty only: that changes nothing summed here.
    SELECT array_agg(o ORDER BY o.id), array_agg(n ORDER BY n.id) INTO old_rows, new_rows
      FROM report_old_line o JOIN report_new_line n ON n.id = o.id
     WHERE (o.shop_id, o.sale_id, o.item_id, o.item_name, o.qty, o.ex_vat_satang, o.cost_satang)
           IS DISTINCT FROM
           (n.shop_id, n.sale_id, n.item_id, n.item_name, n.qty, n.ex_vat_satang, n.cost_satang);
    IF old_rows IS NOT NULL THEN
      PERFORM report_add_lines(old_rows, -1, true);
      PERFORM report_add_lines(new_rows, 1, true);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION report_payment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_rows sale_payment[];
  new_rows sale_payment[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO new_rows FROM report_new_payment n;
    PERFORM report_add_payments(new_rows, 1, true);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO old_rows FROM report_old_payment o;
    PERFORM report_add_payments(old_rows, -1, false);
  ELSE
    SELECT array_agg(o ORDER BY o.id), array_agg(n ORDER BY n.id) INTO old_rows, new_rows
      FROM report_old_payment o JOIN report_new_payment n ON n.id = o.id
     WHERE (o.shop_id, o.sale_id, o.method, o.amount_satang)
           IS DISTINCT FROM (n.shop_id, n.sale_id, n.method, n.amount_satang);
    IF old_rows IS NOT NULL THEN
      PERFORM report_add_payments(old_rows, -1, true);
      PERFORM report_add_payments(new_rows, 1, true);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER report_sale_inserted AFTER INSERT ON sale
  REFERENCING NEW TABLE AS report_new_sale
  FOR EACH STATEMENT EXECUTE FUNCTION report_sale_changed();
CREATE TRIGGER report_sale_updated AFTER UPDATE ON sale
  REFERENCING OLD TABLE AS report_old_sale NEW TABLE AS report_new_sale
  FOR EACH STATEMENT EXECUTE FUNCTION report_sale_changed();
CREATE TRIGGER report_sale_deleted AFTER DELETE ON sale
  REFERENCING OLD TABLE AS report_old_sale
  FOR EACH STATEMENT EXECUTE FUNCTION report_sale_changed();
CREATE TRIGGER report_line_inserted AFTER INSERT ON sale_line
  REFERENCING NEW TABLE AS report_new_line
  FOR EACH STATEMENT EXECUTE FUNCTION report_line_changed();
CREATE TRIGGER report_line_updated AFTER UPDATE ON sale_line
  REFERENCING OLD TABLE AS report_old_line NEW TABLE AS report_new_line
  FOR EACH STATEMENT EXECUTE FUNCTION report_line_changed();
CREATE TRIGGER report_line_deleted AFTER DELETE ON sale_line
  REFERENCING OLD TABLE AS report_old_line
  FOR EACH STATEMENT EXECUTE FUNCTION report_line_changed();
CREATE TRIGGER report_payment_inserted AFTER INSERT ON sale_payment
  REFERENCING NEW TABLE AS report_new_payment
  FOR EACH STATEMENT EXECUTE FUNCTION report_payment_changed();
CREATE TRIGGER report_payment_updated AFTER UPDATE ON sale_payment
  REFERENCING OLD TABLE AS report_old_payment NEW TABLE AS report_new_payment
  FOR EACH STATEMENT EXECUTE FUNCTION report_payment_changed();
CREATE TRIGGER report_payment_deleted AFTER DELETE ON sale_payment
  REFERENCING OLD TABLE AS report_old_payment
  FOR EACH STATEMENT EXECUTE FUNCTION report_payment_changed();

-- The sales already made: their lines and payments through the same functions.
DO $$
DECLARE
  shop_row record;
  sales sale[];
  lines sale_line[];
  payments sale_payment[];
BEGIN
  FOR shop_row IN SELECT DISTINCT shop_id FROM sale LOOP
    SELECT array_agg(s) INTO sales FROM sale s WHERE s.shop_id = shop_row.shop_id;
    PERFORM report_add_sales(sales, 1, true);
    SELECT array_agg(l) INTO lines FROM sale_line l WHERE l.shop_id = shop_row.shop_id;
    IF lines IS NOT NULL THEN
      PERFORM report_add_lines(lines, 1, true);
    END IF;
    SELECT array_agg(p) INTO payments FROM sale_payment p WHERE p.shop_id = shop_row.shop_id;
    IF payments IS NOT NULL THEN
      PERFORM report_add_payments(payments, 1, true);
    END IF;
  END LOOP;
END $$;
