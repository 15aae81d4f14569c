CREATE OR REPLACE FUNCTION public.journal_hash_text(p_till uuid, p_seq bigint, p_kind text, p_document bigint, p_number text, p_issued timestamp with time zone, p_prev text, p_body jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT p_till::text || '|' || p_seq::text || '|' || p_kind || '|' || p_document::text || '|' ||
         p_number || '|' || ((extract(epoch FROM p_issued) * 1000000)::bigint)::text || '|' ||
         p_prev || '|' || p_body::text
$function$;
