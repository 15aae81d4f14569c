CREATE OR REPLACE FUNCTION public.sale_post_recipes(p_shop uuid, p_sale bigint, p_lines jsonb, p_movements jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Recipes (decision 0087): the components' movements of each recipe line, for a void or a
  -- return to give them back.
  INSERT INTO sale_line_ingredient (shop_id, sale_line_id, movement_id)
  SELECT p_shop, sl.id, (m->>'id')::bigint
    FROM jsonb_array_elements(p_movements) AS m
    JOIN sale_line sl ON sl.sale_id = p_sale AND sl.line_no = (m->>'line')::integer
   WHERE (m->>'item') IS DISTINCT FROM (p_lines->((m->>'line')::integer - 1)->>'item');
END;
$function$;
