CREATE OR REPLACE FUNCTION public.content_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('content_changed', 'content');
  RETURN NULL;
END;
$function$;
