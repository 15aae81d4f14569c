CREATE OR REPLACE FUNCTION public.shop_data_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('content_changed', '*');
  RETURN NULL;
END;
$function$;
