CREATE OR REPLACE FUNCTION public.report_sale_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
