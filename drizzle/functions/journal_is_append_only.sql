CREATE OR REPLACE FUNCTION public.journal_is_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION '% is append-only: what a till issued is kept as it was issued', TG_TABLE_NAME
    USING ERRCODE = 'JR001';
END;
$function$;
