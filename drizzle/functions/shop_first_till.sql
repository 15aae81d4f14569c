CREATE OR REPLACE FUNCTION public.shop_first_till()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO till (shop_id, code, name) VALUES (NEW.id, 'P01', 'เครื่อง 1')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$function$;
