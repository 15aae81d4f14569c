CREATE OR REPLACE FUNCTION public.journal_append(p_shop uuid, p_till uuid, p_kind text, p_document bigint, p_number text, p_issued timestamp with time zone, p_body jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  head_seq bigint;
  head_hash text;
  next_hash text;
BEGIN
  INSERT INTO journal_till (till_id, shop_id, last_hash)
  VALUES (p_till, p_shop, repeat('0', 64)) ON CONFLICT DO NOTHING;
  SELECT j.last_seq, j.last_hash INTO head_seq, head_hash FROM journal_till j
   WHERE j.till_id = p_till FOR UPDATE;
  next_hash := encode(sha256(convert_to(journal_hash_text(p_till, head_seq + 1, p_kind,
    p_document, p_number, p_issued, head_hash, p_body), 'UTF8')), 'hex');
  INSERT INTO journal_entry (shop_id, till_id, seq, kind, document_id, document_number,
    issued_at, body, prev_hash, hash)
  VALUES (p_shop, p_till, head_seq + 1, p_kind, p_document, p_number, p_issued, p_body,
    head_hash, next_hash);
  UPDATE journal_till SET last_seq = head_seq + 1, last_hash = next_hash WHERE till_id = p_till;
END;
$function$;
