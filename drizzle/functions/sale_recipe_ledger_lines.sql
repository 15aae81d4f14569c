CREATE OR REPLACE FUNCTION public.sale_recipe_ledger_lines(p_shop uuid, p_lines jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Recipes (decision 0087): a recipe item holds no stock of its own, so its ledger line is
  -- replaced by its components' (through recipes of recipes), each under the same line number,
  -- at the line's quantity times the recipe's. Lines of other items pass as they are.
  IF p_lines IS NULL OR NOT EXISTS (
       SELECT 1 FROM stock_recipe_component r
        WHERE r.shop_id = p_shop
          AND r.item_id IN (SELECT (l->>'item')::bigint FROM jsonb_array_elements(p_lines) AS l))
  THEN
    RETURN p_lines;
  END IF;
  RETURN (
    WITH RECURSIVE given AS (
      SELECT l.ordinality AS ord, l.value AS line, (l.value->>'item')::bigint AS item,
             (l.value->>'qty')::numeric AS qty
        FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS l
    ), expanded AS (
      SELECT g.ord, g.item, g.qty, 0 AS depth FROM given g
      UNION ALL
      SELECT e.ord, r.component_item_id, e.qty * r.qty, e.depth + 1
        FROM expanded e
        JOIN stock_recipe_component r ON r.item_id = e.item AND r.shop_id = p_shop
       WHERE e.depth < 16
    )
    SELECT jsonb_agg(g.line || jsonb_build_object('item', e.item, 'qty', round(e.qty, 3))
                     ORDER BY e.ord, e.depth, e.item)
      FROM expanded e
      JOIN given g ON g.ord = e.ord
     WHERE NOT EXISTS (SELECT 1 FROM stock_recipe_component r
                        WHERE r.item_id = e.item AND r.shop_id = p_shop));
END;
$function$;
