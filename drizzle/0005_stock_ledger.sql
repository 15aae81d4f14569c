-- The stock ledger's rules, kept in the database so that every writer (storehub today,
-- shophub's sales later, a script, a second app instance) obeys them.

-- 1. Movements are history: never updated, never deleted. A mistake is undone by a
--    reversing movement (stock_reverse_document).
CREATE FUNCTION stock_movement_is_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock movements are append-only; post a reversing movement instead'
    USING ERRCODE = 'SK001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_movement_append_only
  BEFORE UPDATE OR DELETE ON stock_movement
  FOR EACH ROW EXECUTE FUNCTION stock_movement_is_append_only();
--> statement-breakpoint

-- 2. One movement: the balance at the location, the item's totals and moving-average cost,
--    and the ledger row, in one call. A decrement is written as `qty + n >= 0` in the UPDATE's
--    WHERE (checked row count) so two people taking the last unit cannot both succeed; the
--    CHECK on stock_balance is the backstop. The item row is locked first, always, so that
--    concurrent documents wait for each other instead of deadlocking.
--
--    p_unit_cost: the cost of incoming stock (receive); NULL means at moving-average cost.
--    p_value: an exact value change (transfers in and reversals), overriding the cost rules.
--    Errors carry a SQLSTATE of class SK and a JSON detail the application turns into a
--    message next to the document line.
CREATE FUNCTION stock_apply_movement(
  p_shop uuid,
  p_document bigint,
  p_line integer,
  p_item bigint,
  p_location bigint,
  p_kind text,
  p_qty integer,
  p_unit_cost bigint,
  p_value bigint,
  p_allow_negative boolean,
  p_reference text,
  p_reason text,
  p_user text,
  p_reverses bigint
) RETURNS stock_movement
LANGUAGE plpgsql AS $$
DECLARE
  it record;
  new_location_qty integer;
  new_on_hand integer;
  new_value bigint;
  new_avg bigint;
  unit_cost bigint;
  moved stock_movement;
BEGIN
  IF p_qty = 0 THEN
    RAISE EXCEPTION 'a movement needs a quantity' USING ERRCODE = 'SK400',
      DETAIL = json_build_object('line', p_line)::text;
  END IF;

  SELECT on_hand, stock_value_satang, avg_cost_satang, cost_satang INTO it
    FROM stock_item WHERE id = p_item AND shop_id = p_shop FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such item in this shop' USING ERRCODE = 'SK404',
      DETAIL = json_build_object('line', p_line, 'item', p_item)::text;
  END IF;
  PERFORM 1 FROM stock_location WHERE id = p_location AND shop_id = p_shop;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such location in this shop' USING ERRCODE = 'SK405',
      DETAIL = json_build_object('line', p_line, 'location', p_location)::text;
  END IF;

  IF p_qty < 0 AND NOT p_allow_negative THEN
    UPDATE stock_balance
       SET qty = qty + p_qty, negative_allowed = false, updated_at = now()
     WHERE item_id = p_item AND location_id = p_location AND qty + p_qty >= 0
    RETURNING qty INTO new_location_qty;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'not enough stock' USING ERRCODE = 'SK409',
        DETAIL = json_build_object(
          'line', p_line, 'item', p_item, 'location', p_location,
          'available', coalesce((SELECT qty FROM stock_balance
                                  WHERE item_id = p_item AND location_id = p_location), 0)
        )::text;
    END IF;
  ELSE
    INSERT INTO stock_balance AS b (shop_id, item_id, location_id, qty, negative_allowed)
    VALUES (p_shop, p_item, p_location, p_qty, p_allow_negative)
    ON CONFLICT (item_id, location_id) DO UPDATE
       SET qty = b.qty + EXCLUDED.qty,
           -- A row that is still below zero after stock came in stays allowed to be.
           negative_allowed = p_allow_negative OR b.qty + EXCLUDED.qty < 0,
           updated_at = now()
    RETURNING qty INTO new_location_qty;
  END IF;

  new_on_hand := it.on_hand + p_qty;
  IF p_value IS NOT NULL THEN
    new_value := it.stock_value_satang + p_value;
  ELSIF p_qty > 0 THEN
    unit_cost := coalesce(
      p_unit_cost,
      CASE WHEN it.on_hand > 0 THEN round(it.stock_value_satang::numeric / it.on_hand)::bigint
           WHEN it.avg_cost_satang > 0 THEN it.avg_cost_satang
           ELSE it.cost_satang END);
    -- Stock coming into a negative quantity is valued afresh at its own cost.
    new_value := CASE WHEN it.on_hand < 0 THEN new_on_hand::bigint * unit_cost
                      ELSE it.stock_value_satang + unit_cost * p_qty END;
  ELSIF it.on_hand > 0 AND new_on_hand >= 0 THEN
    -- Out at moving-average cost: the exact share of the value, so taking everything takes
    -- the whole value and nothing is left over from rounding.
    new_value := it.stock_value_satang
               - round(it.stock_value_satang::numeric * (-p_qty) / it.on_hand)::bigint;
  ELSE
    new_value := new_on_hand::bigint * it.avg_cost_satang;
  END IF;

  new_avg := CASE WHEN new_on_hand > 0 THEN round(new_value::numeric / new_on_hand)::bigint
                  WHEN unit_cost IS NOT NULL THEN unit_cost
                  ELSE it.avg_cost_satang END;
  unit_cost := coalesce(unit_cost,
                        round(abs(new_value - it.stock_value_satang)::numeric / abs(p_qty))::bigint);

  UPDATE stock_item
     SET on_hand = new_on_hand, stock_value_satang = new_value, avg_cost_satang = new_avg,
         has_movements = true, updated_at = now()
   WHERE id = p_item;

  INSERT INTO stock_movement (
    shop_id, document_id, line_no, item_id, location_id, kind, qty, location_qty_after,
    item_qty_after, unit_cost_satang, value_satang, reference, reason, reverses_movement_id,
    user_id)
  VALUES (
    p_shop, p_document, p_line, p_item, p_location, p_kind, p_qty, new_location_qty,
    new_on_hand, unit_cost, new_value - it.stock_value_satang, coalesce(p_reference, ''),
    coalesce(p_reason, ''), p_reverses, p_user)
  RETURNING * INTO moved;

  -- No pg_notify here: NOTIFY serialises commits on a global queue lock, and inside this
  -- function it would be paid while the item row is locked (it cut the stock-out rate under
  -- contention by a third). The application announces changes right after the statement,
  -- coalesced per shop (stock-change-notifier.server.ts).
  RETURN moved;
END;
$$;
--> statement-breakpoint

-- 3. A whole document in one statement (one round trip, one transaction).
--    p_lines: [{"line":1,"item":7,"location":3,"qty":5,"unitCost":1250,"toLocation":4,
--               "counted":12,"reason":"..."}]; which fields matter depends on p_kind:
--      opening/receive: qty > 0 in at location, unitCost required
--      issue:           qty > 0 out of location, reason
--      transfer:        qty > 0 from location to toLocation, at moving-average cost
--      count:           counted >= 0 at location; the difference is posted as an adjustment
--    Lines are applied in item order (so concurrent documents lock items in the same order)
--    but keep their line numbers. Returns the document id.
CREATE FUNCTION stock_post_document(
  p_shop uuid,
  p_kind text,
  p_reference text,
  p_note text,
  p_user text,
  p_lines jsonb
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  doc_id bigint;
  allow_negative boolean;
  ln record;
  current_qty integer;
  moved stock_movement;
  posted integer := 0;
BEGIN
  SELECT allow_negative_stock INTO allow_negative FROM shop WHERE id = p_shop;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such shop' USING ERRCODE = 'SK404', DETAIL = '{}';
  END IF;
  IF p_kind NOT IN ('opening', 'receive', 'issue', 'transfer', 'count') THEN
    RAISE EXCEPTION 'unknown document kind %', p_kind USING ERRCODE = 'SK400', DETAIL = '{}';
  END IF;

  INSERT INTO stock_document (shop_id, kind, reference, note, user_id)
  VALUES (p_shop, p_kind, coalesce(p_reference, ''), coalesce(p_note, ''), p_user)
  RETURNING id INTO doc_id;

  FOR ln IN
    SELECT (l->>'line')::integer AS line, (l->>'item')::bigint AS item,
           (l->>'location')::bigint AS location, (l->>'qty')::integer AS qty,
           (l->>'unitCost')::bigint AS unit_cost, (l->>'toLocation')::bigint AS to_location,
           (l->>'counted')::integer AS counted, l->>'reason' AS reason
      FROM jsonb_array_elements(p_lines) AS l
     ORDER BY (l->>'item')::bigint, (l->>'line')::integer
  LOOP
    IF p_kind IN ('opening', 'receive') THEN
      IF ln.qty IS NULL OR ln.qty <= 0 OR ln.unit_cost IS NULL OR ln.unit_cost < 0 THEN
        RAISE EXCEPTION 'bad line' USING ERRCODE = 'SK400',
          DETAIL = json_build_object('line', ln.line)::text;
      END IF;
      PERFORM stock_apply_movement(p_shop, doc_id, ln.line, ln.item, ln.location, 'receive',
        ln.qty, ln.unit_cost, NULL, allow_negative, p_reference, ln.reason, p_user, NULL);
      posted := posted + 1;
    ELSIF p_kind = 'issue' THEN
      IF ln.qty IS NULL OR ln.qty <= 0 THEN
        RAISE EXCEPTION 'bad line' USING ERRCODE = 'SK400',
          DETAIL = json_build_object('line', ln.line)::text;
      END IF;
      PERFORM stock_apply_movement(p_shop, doc_id, ln.line, ln.item, ln.location, 'issue',
        -ln.qty, NULL, NULL, allow_negative, p_reference, ln.reason, p_user, NULL);
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
$$;
--> statement-breakpoint

-- 4. Undo a document with opposite movements of the exact same value. Fails with SK409 when
--    the stock that came in has already gone out again (and negative stock is not allowed).
CREATE FUNCTION stock_reverse_document(
  p_shop uuid,
  p_document bigint,
  p_user text,
  p_reason text
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  original stock_document;
  doc_id bigint;
  allow_negative boolean;
  m stock_movement;
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

  INSERT INTO stock_document (shop_id, kind, reference, note, reverses_document_id, user_id)
  VALUES (p_shop, 'reversal', original.reference, coalesce(p_reason, ''), original.id, p_user)
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
$$;
