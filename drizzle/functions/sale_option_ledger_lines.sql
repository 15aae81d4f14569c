CREATE OR REPLACE FUNCTION public.sale_option_ledger_lines(p_options jsonb, p_lines jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Options (decision 0092): a choice that consumes stock (an extra shot: 18 g of beans) adds
  -- a ledger line of that item under its sale line's number, from the same location, so it
  -- leaves in the sale's own stock document at its moving-average cost.
  IF p_lines IS NULL OR jsonb_typeof(p_options) IS DISTINCT FROM 'array' OR NOT EXISTS (
       SELECT 1 FROM jsonb_array_elements(p_options) AS o WHERE o->>'item' IS NOT NULL)
  THEN
    RETURN p_lines;
  END IF;
  RETURN p_lines || (
    SELECT jsonb_agg(jsonb_build_object('line', (o->>'line')::integer, 'item', o->'item',
                     'location', p_lines->0->'location', 'qty', o->'qty',
                     'happened', p_lines->0->'happened')
                     ORDER BY (o->>'line')::integer, (o->>'position')::integer)
      FROM jsonb_array_elements(p_options) AS o
     WHERE o->>'item' IS NOT NULL);
END;
$function$;
