CREATE OR REPLACE FUNCTION public.stock_item_matches(p_shop uuid, p_text text, p_by_name boolean DEFAULT true)
 RETURNS bigint[]
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  typed text := regexp_replace(coalesce(p_text, ''), '^\s+|\s+$', '', 'g');
  found_id bigint;
  matches bigint[];
BEGIN
  IF typed = '' THEN
    RETURN '{}';
  END IF;
  SELECT id INTO found_id FROM stock_item
   WHERE shop_id = p_shop AND (barcode = typed OR sku = upper(typed))
   ORDER BY barcode = typed DESC NULLS LAST
   LIMIT 1;
  IF FOUND THEN
    RETURN ARRAY[found_id];
  END IF;
  IF NOT p_by_name THEN
    RETURN '{}';
  END IF;
  SELECT coalesce(array_agg(id), '{}') INTO matches FROM (
    SELECT id FROM stock_item
     WHERE shop_id = p_shop AND lower(name) = lower(typed)
     LIMIT 2) AS named;
  RETURN matches;
END;
$function$;
