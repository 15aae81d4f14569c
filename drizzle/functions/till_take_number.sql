CREATE OR REPLACE FUNCTION public.till_take_number(p_shop uuid, p_till uuid, p_kind text, p_year integer, p_seq bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  later_year integer;
  last_seq bigint;
BEGIN
  -- The till's row locked: two sales of one till take their numbers one after the other.
  PERFORM 1 FROM till t WHERE t.id = p_till AND t.shop_id = p_shop AND t.status = 'active'
    FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such till' USING ERRCODE = 'SL404', DETAIL = '{}';
  END IF;
  SELECT max(s.year) INTO later_year FROM till_series s
   WHERE s.till_id = p_till AND s.kind = p_kind AND s.year > p_year;
  SELECT s.last_seq INTO last_seq FROM till_series s
   WHERE s.till_id = p_till AND s.kind = p_kind AND s.year = p_year;
  -- Only the next number: 1 in a year the till has not numbered in yet, never a year back.
  IF later_year IS NOT NULL OR p_seq <> coalesce(last_seq, 0) + 1 THEN
    RAISE EXCEPTION 'the till numbered out of sequence' USING ERRCODE = 'SL416',
      DETAIL = json_build_object('year', coalesce(later_year, p_year),
                                 'lastSeq', CASE WHEN later_year IS NULL
                                                 THEN coalesce(last_seq, 0) END)::text;
  END IF;
  INSERT INTO till_series AS s (till_id, kind, year, last_seq)
  VALUES (p_till, p_kind, p_year, p_seq)
  ON CONFLICT (till_id, kind, year) DO UPDATE SET last_seq = excluded.last_seq;
END;
$function$;
