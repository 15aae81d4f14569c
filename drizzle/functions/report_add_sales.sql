CREATE OR REPLACE FUNCTION public.report_add_sales(p_rows sale[], p_sign integer, p_insert boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
END $function$;
