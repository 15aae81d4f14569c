CREATE OR REPLACE FUNCTION public.shop_guide_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('content_changed', 'guide:' || changed.shop_id || ':' || changed.user_id);
  RETURN NULL;
END;
$function$;
