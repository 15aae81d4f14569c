CREATE OR REPLACE FUNCTION public.shop_data_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('content_changed', TG_ARGV[0] || ':' || changed.shop_id);
  RETURN NULL;
END;
$function$;
