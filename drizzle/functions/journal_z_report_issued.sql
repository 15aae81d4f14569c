CREATE OR REPLACE FUNCTION public.journal_z_report_issued()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM journal_append(NEW.shop_id, NEW.till_id, 'zReport', NEW.id, NEW.document_number,
    NEW.closed_at, NEW.report);
  RETURN NULL;
END;
$function$;
