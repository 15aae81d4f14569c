CREATE OR REPLACE FUNCTION public.stock_movement_is_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE'
     AND current_setting('stock.removing_samples_of', true) = OLD.shop_id::text THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'stock movements are append-only; post a reversing movement instead'
    USING ERRCODE = 'SK001';
END;
$function$;
