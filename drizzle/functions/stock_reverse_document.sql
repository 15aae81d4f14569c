CREATE OR REPLACE FUNCTION public.stock_reverse_document(p_shop uuid, p_document bigint, p_user text, p_reason text)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  original stock_document;
  doc_id bigint;
  allow_negative boolean;
  m stock_movement;
  item_ids bigint[];
BEGIN
  SELECT * INTO original FROM stock_document WHERE id = p_document AND shop_id = p_shop;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such document in this shop' USING ERRCODE = 'SK404', DETAIL = '{}';
  END IF;
  IF original.kind IN ('reversal', 'sale', 'sale_void') THEN
    RAISE EXCEPTION 'this document cannot be reversed here' USING ERRCODE = 'SK400',
      DETAIL = '{}';
  END IF;
  SELECT allow_negative_stock INTO allow_negative FROM shop WHERE id = p_shop;

  -- Items before the number, as in stock_post_document.
  SELECT array_agg(DISTINCT item_id) INTO item_ids FROM stock_movement
   WHERE document_id = p_document;
  PERFORM 1 FROM stock_item WHERE id = ANY(item_ids) AND shop_id = p_shop ORDER BY id FOR UPDATE;

  INSERT INTO stock_document (shop_id, kind, number, reference, note, reverses_document_id,
                              user_id)
  VALUES (p_shop, 'reversal', next_document_number(p_shop, 'reversal'), original.reference,
          coalesce(p_reason, ''), original.id, p_user)
  RETURNING id INTO doc_id;

  FOR m IN
    SELECT * FROM stock_movement WHERE document_id = p_document AND shop_id = p_shop
     ORDER BY item_id, line_no, id
  LOOP
    PERFORM stock_apply_movement(p_shop, doc_id, m.line_no, m.item_id, m.location_id, m.kind,
      -m.qty, NULL, -m.value_satang, allow_negative, original.reference, p_reason, p_user,
      m.id);
  END LOOP;
  RETURN doc_id;
END;
$function$;
