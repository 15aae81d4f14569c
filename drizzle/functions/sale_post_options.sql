CREATE OR REPLACE FUNCTION public.sale_post_options(p_shop uuid, p_sale bigint, p_options jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Options (decision 0092): each line's choices as sold (names and price copied), printed
  -- under the line on every document. Their stock movements are the line's ingredients
  -- (sale_post_recipes links them), so a void or a return gives them back.
  INSERT INTO sale_line_option (shop_id, sale_line_id, position, choice_id, group_name,
    choice_name, price_satang)
  SELECT p_shop, sl.id, (o->>'position')::integer, (o->>'choice')::bigint, o->>'group',
         o->>'name', (o->>'price')::bigint
    FROM jsonb_array_elements(p_options) AS o
    JOIN sale_line sl ON sl.sale_id = p_sale AND sl.line_no = (o->>'line')::integer;
END;
$function$;
