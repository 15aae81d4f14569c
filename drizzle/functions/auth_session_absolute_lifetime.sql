CREATE OR REPLACE FUNCTION public.auth_session_absolute_lifetime()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.expires_at := LEAST(NEW.expires_at, NEW.created_at + interval '90 days');
  RETURN NEW;
END;
$function$;
