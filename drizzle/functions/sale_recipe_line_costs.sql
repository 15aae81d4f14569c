CREATE OR REPLACE FUNCTION public.sale_recipe_line_costs(p_lines jsonb, p_movements jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Recipes (decision 0087): one entry per sale line. A line moved by its own item keeps its
  -- movement; a recipe line (moved by its components) gets their value summed, its unit cost
  -- that value per unit sold, and no movement of its own (sale_line_ingredient names them).
  IF NOT EXISTS (
       SELECT 1 FROM jsonb_array_elements(p_movements) AS m
        WHERE (m->>'item') IS DISTINCT FROM
              (p_lines->((m->>'line')::integer - 1)->>'item'))
  THEN
    RETURN p_movements;
  END IF;
  RETURN (
    SELECT coalesce(jsonb_agg(
             CASE WHEN n = 1 AND own IS NOT NULL THEN own
                  -- Options (decision 0092): a line that moved its own item and what its
                  -- options consume keeps its movement, its cost the sum of them all.
                  WHEN own IS NOT NULL THEN own || jsonb_build_object('value', value,
                         'unitCost', CASE WHEN qty > 0 THEN round(-value / qty)::bigint
                                          ELSE 0 END)
                  ELSE jsonb_build_object('line', line, 'id', NULL, 'value', value,
                         'unitCost', CASE WHEN qty > 0 THEN round(-value / qty)::bigint
                                          ELSE 0 END)
             END ORDER BY line), '[]'::jsonb)
      FROM (SELECT (m->>'line')::integer AS line, count(*) AS n,
                   sum((m->>'value')::bigint) AS value,
                   (p_lines->((m->>'line')::integer - 1)->>'qtyMilli')::numeric / 1000 AS qty,
                   (array_agg(m) FILTER (WHERE (m->>'item') =
                      (p_lines->((m->>'line')::integer - 1)->>'item')))[1] AS own
              FROM jsonb_array_elements(p_movements) AS m
             GROUP BY (m->>'line')::integer,
                      (p_lines->((m->>'line')::integer - 1)->>'qtyMilli')) AS per_line);
END;
$function$;
