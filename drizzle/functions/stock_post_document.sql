CREATE OR REPLACE FUNCTION public.stock_post_document(p_shop uuid, p_kind text, p_reference text, p_note text, p_user text, p_lines jsonb)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  doc_id bigint;
  allow_negative boolean;
  ln record;
  current_qty numeric;
  moved stock_movement;
  sold stock_movement;
  given_back_qty numeric;
  given_back_value bigint;
  still_out numeric;
  void_qty numeric;
  posted integer := 0;
  item_ids bigint[];
BEGIN
  SELECT allow_negative_stock INTO allow_negative FROM shop WHERE id = p_shop;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such shop' USING ERRCODE = 'SK404', DETAIL = '{}';
  END IF;
  IF p_kind NOT IN ('opening', 'receive', 'issue', 'transfer', 'count', 'sale', 'sale_void') THEN
    RAISE EXCEPTION 'unknown document kind %', p_kind USING ERRCODE = 'SK400', DETAIL = '{}';
  END IF;

  -- The items first, in id order (the order every writer uses), THEN the document's number
  -- (see 0017). A void line's item is its sale movement's.
  SELECT array_agg(DISTINCT coalesce((l->>'item')::bigint,
           (SELECT m.item_id FROM stock_movement m
             WHERE m.id = (l->>'movement')::bigint AND m.shop_id = p_shop)))
    INTO item_ids
    FROM jsonb_array_elements(p_lines) AS l;
  PERFORM 1 FROM stock_item WHERE id = ANY(item_ids) AND shop_id = p_shop ORDER BY id FOR UPDATE;

  INSERT INTO stock_document (shop_id, kind, number, reference, note, user_id)
  VALUES (p_shop, p_kind, next_document_number(p_shop, p_kind), coalesce(p_reference, ''),
          coalesce(p_note, ''), p_user)
  RETURNING id INTO doc_id;

  FOR ln IN
    SELECT (l->>'line')::integer AS line, (l->>'item')::bigint AS item,
           (l->>'location')::bigint AS location, (l->>'qty')::numeric AS qty,
           (l->>'unitCost')::bigint AS unit_cost, (l->>'toLocation')::bigint AS to_location,
           (l->>'counted')::numeric AS counted, l->>'reason' AS reason,
           (l->>'movement')::bigint AS movement,
           coalesce((l->>'happened')::boolean, false) AS happened
      FROM jsonb_array_elements(p_lines) AS l
     ORDER BY (l->>'item')::bigint, (l->>'movement')::bigint, (l->>'line')::integer
  LOOP
    -- An item not sold by weight or length moves in whole units: a fraction typed for it is
    -- a mistake (1.5 boxes), refused before anything moves. The forms say so first.
    IF p_kind <> 'sale_void'
       AND (p_kind = 'count' AND ln.counted <> trunc(ln.counted)
            OR p_kind <> 'count' AND ln.qty <> trunc(ln.qty))
       AND NOT coalesce((SELECT measured FROM stock_item
                          WHERE id = ln.item AND shop_id = p_shop), true) THEN
      RAISE EXCEPTION 'this item moves in whole units' USING ERRCODE = 'SK400',
        DETAIL = json_build_object('line', ln.line, 'whole', true)::text;
    END IF;
    IF p_kind IN ('opening', 'receive') THEN
      IF ln.qty IS NULL OR ln.qty <= 0 OR ln.unit_cost IS NULL OR ln.unit_cost < 0 THEN
        RAISE EXCEPTION 'bad line' USING ERRCODE = 'SK400',
          DETAIL = json_build_object('line', ln.line)::text;
      END IF;
      PERFORM stock_apply_movement(p_shop, doc_id, ln.line, ln.item, ln.location, 'receive',
        ln.qty, ln.unit_cost, NULL, allow_negative, p_reference, ln.reason, p_user, NULL);
      posted := posted + 1;
    ELSIF p_kind IN ('issue', 'sale') THEN
      IF ln.qty IS NULL OR ln.qty <= 0 THEN
        RAISE EXCEPTION 'bad line' USING ERRCODE = 'SK400',
          DETAIL = json_build_object('line', ln.line)::text;
      END IF;
      -- A sale that already happened (a registered till's, decision 0071): the goods left the
      -- shop, so the balance may go below zero; the no-negative rule guards a sale being made.
      PERFORM stock_apply_movement(p_shop, doc_id, ln.line, ln.item, ln.location, p_kind,
        -ln.qty, NULL, NULL, allow_negative OR (p_kind = 'sale' AND ln.happened), p_reference,
        ln.reason, p_user, NULL);
      posted := posted + 1;
    ELSIF p_kind = 'sale_void' THEN
      SELECT * INTO sold FROM stock_movement
       WHERE id = ln.movement AND shop_id = p_shop AND kind = 'sale';
      IF NOT FOUND THEN
        RAISE EXCEPTION 'no such sale movement in this shop' USING ERRCODE = 'SK404',
          DETAIL = json_build_object('line', ln.line)::text;
      END IF;
      -- Read under the item's row lock (taken above), so concurrent voids of the same movement
      -- see each other and never give back more than was sold.
      SELECT coalesce(sum(qty), 0), coalesce(sum(value_satang), 0)
        INTO given_back_qty, given_back_value
        FROM stock_movement WHERE reverses_movement_id = sold.id AND kind = 'sale_void';
      still_out := -sold.qty - given_back_qty;
      IF still_out <= 0 THEN
        RAISE EXCEPTION 'this sale movement is already voided' USING ERRCODE = 'SK410',
          DETAIL = json_build_object('line', ln.line, 'item', sold.item_id)::text;
      END IF;
      void_qty := coalesce(ln.qty, still_out);
      IF ln.qty IS NOT NULL AND ln.qty <> trunc(ln.qty)
         AND NOT (SELECT measured FROM stock_item WHERE id = sold.item_id) THEN
        RAISE EXCEPTION 'this item moves in whole units' USING ERRCODE = 'SK400',
          DETAIL = json_build_object('line', ln.line, 'whole', true)::text;
      END IF;
      IF void_qty <= 0 OR void_qty > still_out THEN
        RAISE EXCEPTION 'bad line' USING ERRCODE = 'SK400',
          DETAIL = json_build_object('line', ln.line, 'available', trim_scale(still_out))::text;
      END IF;
      PERFORM stock_apply_movement(p_shop, doc_id, ln.line, sold.item_id, sold.location_id,
        'sale_void', void_qty, NULL,
        round((-sold.value_satang)::numeric * (given_back_qty + void_qty) / (-sold.qty))::bigint
          - given_back_value,
        allow_negative, p_reference, ln.reason, p_user, sold.id);
      posted := posted + 1;
    ELSIF p_kind = 'transfer' THEN
      IF ln.qty IS NULL OR ln.qty <= 0 OR ln.to_location IS NULL
         OR ln.to_location = ln.location THEN
        RAISE EXCEPTION 'bad line' USING ERRCODE = 'SK400',
          DETAIL = json_build_object('line', ln.line)::text;
      END IF;
      moved := stock_apply_movement(p_shop, doc_id, ln.line, ln.item, ln.location,
        'transfer_out', -ln.qty, NULL, NULL, allow_negative, p_reference, ln.reason, p_user,
        NULL);
      -- The value that left one location arrives at the other, to the satang.
      PERFORM stock_apply_movement(p_shop, doc_id, ln.line, ln.item, ln.to_location,
        'transfer_in', ln.qty, NULL, -moved.value_satang, allow_negative, p_reference,
        ln.reason, p_user, NULL);
      posted := posted + 2;
    ELSE -- count
      IF ln.counted IS NULL OR ln.counted < 0 THEN
        RAISE EXCEPTION 'bad line' USING ERRCODE = 'SK400',
          DETAIL = json_build_object('line', ln.line)::text;
      END IF;
      -- Lock the item first (the order every writer uses), then read the counted place.
      PERFORM 1 FROM stock_item WHERE id = ln.item AND shop_id = p_shop FOR UPDATE;
      SELECT qty INTO current_qty FROM stock_balance
       WHERE item_id = ln.item AND location_id = ln.location AND shop_id = p_shop;
      IF ln.counted <> coalesce(current_qty, 0) THEN
        PERFORM stock_apply_movement(p_shop, doc_id, ln.line, ln.item, ln.location, 'adjust',
          ln.counted - coalesce(current_qty, 0), NULL, NULL, allow_negative, p_reference, ln.reason,
          p_user, NULL);
        posted := posted + 1;
      END IF;
    END IF;
  END LOOP;

  IF posted = 0 AND p_kind <> 'count' THEN
    RAISE EXCEPTION 'a document needs at least one line' USING ERRCODE = 'SK400',
      DETAIL = '{}';
  END IF;
  RETURN doc_id;
END;
$function$;
