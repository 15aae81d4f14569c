CREATE OR REPLACE FUNCTION public.report_add_lines(p_rows sale_line[], p_sign integer, p_insert boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
END $function$;
