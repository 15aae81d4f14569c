CREATE OR REPLACE FUNCTION public.stock_remove_sample_items(p_shop uuid)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_items bigint[];
  v_docs bigint[];
  v_sold integer;
  v_moved integer;
  v_doc record;
BEGIN
  -- The items' rows are what every movement updates: holding them makes a sale of a sample
  -- wait until this is done (and then fail on the missing item), or this wait for the sale.
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO v_items
    FROM (SELECT id FROM stock_item WHERE shop_id = p_shop AND sample ORDER BY id FOR UPDATE) s;
  IF cardinality(v_items) = 0 THEN
    RETURN 0;
  END IF;
  SELECT count(DISTINCT m.item_id) INTO v_sold
    FROM stock_movement m
   WHERE m.item_id = ANY (v_items) AND m.kind IN ('sale', 'sale_void');
  IF v_sold = 0 THEN
    SELECT count(*) INTO v_sold FROM sale_line l WHERE l.item_id = ANY (v_items);
  END IF;
  IF v_sold > 0 THEN
    RAISE EXCEPTION 'sample items were sold' USING ERRCODE = 'SK423',
      DETAIL = json_build_object('items', v_sold)::text;
  END IF;
  SELECT coalesce(array_agg(DISTINCT m.document_id), '{}') INTO v_docs
    FROM stock_movement m WHERE m.item_id = ANY (v_items);
  SELECT count(*) INTO v_moved
    FROM stock_document d
   WHERE d.id = ANY (v_docs)
     AND (d.kind <> 'opening'
          OR EXISTS (SELECT 1 FROM stock_movement o
                      WHERE o.document_id = d.id AND NOT (o.item_id = ANY (v_items))));
  IF v_moved > 0 THEN
    RAISE EXCEPTION 'sample items were moved by other documents' USING ERRCODE = 'SK424',
      DETAIL = json_build_object('documents', v_moved)::text;
  END IF;
  PERFORM set_config('stock.removing_samples_of', p_shop::text, true);
  DELETE FROM stock_movement WHERE item_id = ANY (v_items);
  PERFORM set_config('stock.removing_samples_of', '', true);
  -- Give the numbers back when nothing was numbered after them, so that opening documents stay
  -- gapless in the usual case (samples are a new shop's first documents).
  FOR v_doc IN
    SELECT id, kind, number FROM stock_document WHERE id = ANY (v_docs) ORDER BY number DESC
  LOOP
    DELETE FROM stock_document WHERE id = v_doc.id;
    UPDATE document_sequence SET next_value = next_value - 1
     WHERE shop_id = p_shop AND kind = v_doc.kind AND year = 0 AND next_value = v_doc.number + 1;
  END LOOP;
  DELETE FROM stock_balance WHERE item_id = ANY (v_items);
  DELETE FROM stock_item WHERE id = ANY (v_items);
  RETURN cardinality(v_items);
END;
$function$;
