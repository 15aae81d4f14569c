CREATE OR REPLACE FUNCTION public.report_line_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
