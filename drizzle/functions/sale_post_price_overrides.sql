CREATE OR REPLACE FUNCTION public.sale_post_price_overrides(p_shop uuid, p_sale bigint, p_overrides jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Open prices and price overrides (issue 37, decision 0093): each line sold at a price the
  -- cashier typed, with its list price and who approved it.
  INSERT INTO sale_line_price_override (shop_id, sale_id, sale_line_id, open_price, list_satang,
    sold_satang, approver_id, approver_name)
  SELECT p_shop, p_sale, sl.id, (o->>'open')::boolean, (o->>'list')::bigint,
         (o->>'sold')::bigint, o->>'approverId', o->>'approverName'
    FROM jsonb_array_elements(coalesce(p_overrides, '[]'::jsonb)) AS o
    JOIN sale_line sl ON sl.sale_id = p_sale AND sl.line_no = (o->>'line')::integer;
END;
$function$;
