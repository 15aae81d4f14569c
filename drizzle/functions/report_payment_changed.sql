CREATE OR REPLACE FUNCTION public.report_payment_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
