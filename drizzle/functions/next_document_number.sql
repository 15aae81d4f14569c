CREATE OR REPLACE FUNCTION public.next_document_number(p_shop uuid, p_kind text, p_year integer DEFAULT 0)
 RETURNS bigint
 LANGUAGE sql
AS $function$
  INSERT INTO document_sequence AS s (shop_id, kind, year, next_value)
  VALUES (p_shop, p_kind, p_year, 2)
  ON CONFLICT (shop_id, kind, year) DO UPDATE SET next_value = s.next_value + 1
  RETURNING next_value - 1;
$function$;
