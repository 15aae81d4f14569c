CREATE OR REPLACE FUNCTION public.points_entry_is_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Rows go only with what they belong to: the customer deleted on request (PDPA), the shop
  -- or the sale removed with it; otherwise a reversing entry is written instead.
  IF TG_OP = 'DELETE'
     AND (NOT EXISTS (SELECT 1 FROM customer WHERE id = OLD.customer_id)
          OR NOT EXISTS (SELECT 1 FROM shop WHERE id = OLD.shop_id)
          OR (OLD.sale_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sale WHERE id = OLD.sale_id)))
  THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'points entries are append-only; write a reversing entry instead'
    USING ERRCODE = 'PT001';
END;
$function$;
