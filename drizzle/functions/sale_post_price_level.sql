CREATE OR REPLACE FUNCTION public.sale_post_price_level(p_shop uuid, p_sale_id bigint, p_sale jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- The price level the sale was sold at (issue 37, decision 0089): the level the request
  -- named, the shop's only (completeSale checked it), with its name as it is now.
  INSERT INTO sale_price_level (shop_id, sale_id, price_level_id, level_name)
  SELECT p_shop, p_sale_id, l.id, l.name
    FROM price_level l
   WHERE l.shop_id = p_shop AND l.id = (p_sale->>'priceLevelId')::bigint;
END;
$function$;
