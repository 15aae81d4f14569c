CREATE OR REPLACE FUNCTION public.till_of_document(p_shop uuid, p_till uuid)
 RETURNS uuid
 LANGUAGE plpgsql
AS $function$
DECLARE
  found_till uuid;
BEGIN
  IF p_till IS NOT NULL THEN
    RETURN p_till;
  END IF;
  SELECT t.id INTO found_till FROM till t WHERE t.shop_id = p_shop AND t.code = 'P01';
  IF NOT FOUND THEN
    INSERT INTO till (shop_id, code, name) VALUES (p_shop, 'P01', 'เครื่อง 1')
    ON CONFLICT DO NOTHING;
    SELECT t.id INTO found_till FROM till t WHERE t.shop_id = p_shop AND t.code = 'P01';
  END IF;
  RETURN found_till;
END;
$function$;
