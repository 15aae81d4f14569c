CREATE OR REPLACE FUNCTION public.report_day(p_at timestamp with time zone)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT (p_at AT TIME ZONE 'Asia/Bangkok')::date $function$;
