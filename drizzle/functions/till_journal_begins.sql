CREATE OR REPLACE FUNCTION public.till_journal_begins()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO journal_till (till_id, shop_id, last_hash)
  VALUES (NEW.id, NEW.shop_id, repeat('0', 64)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$function$;
