CREATE OR REPLACE FUNCTION public.stock_item_by_text(p_shop uuid, p_text text, p_sku text)
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT CASE WHEN cardinality(m) = 1 THEN m[1] END FROM stock_item_matches(p_shop, p_text) AS m;
$function$;
