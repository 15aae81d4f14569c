CREATE OR REPLACE FUNCTION public.report_move_children(p_old sale[], p_new sale[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
END $function$;
