CREATE OR REPLACE FUNCTION public.report_add_payments(p_rows sale_payment[], p_sign integer, p_insert boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
END $function$;
