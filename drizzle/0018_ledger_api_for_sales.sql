CREATE INDEX "stock_document_shop_created" ON "stock_document" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movement_shop_created" ON "stock_movement" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movement_reverses_idx" ON "stock_movement" USING btree ("reverses_movement_id") WHERE "stock_movement"."reverses_movement_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_document" ADD CONSTRAINT "stock_document_kind_known" CHECK ("stock_document"."kind" IN ('opening', 'receive', 'issue', 'transfer', 'count', 'reversal', 'sale', 'sale_void'));--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_kind_known" CHECK ("stock_movement"."kind" IN ('receive', 'issue', 'transfer_out', 'transfer_in', 'adjust', 'sale', 'sale_void'));--> statement-breakpoint

-- The ledger API the till calls (docs/decisions/NNNN-ledger-api-for-sales.md).

-- The item a person or a scanner typed, in one shop: THE lookup rule, used by the posting
-- functions (stock_item_by_text) and by the application (items.server.ts) alike. A barcode or
-- SKU first (SKUs are stored in uppercase; a barcode match wins over a SKU match), then, when
-- p_by_name, the exact name (case-insensitive). Answers at most two ids: one is the item, two
-- mean the name is ambiguous, none means nothing matched.
CREATE FUNCTION stock_item_matches(p_shop uuid, p_text text, p_by_name boolean DEFAULT true)
RETURNS bigint[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  typed text := regexp_replace(coalesce(p_text, ''), '^\s+|\s+$', '', 'g');
  found_id bigint;
  matches bigint[];
BEGIN
  IF typed = '' THEN
    RETURN '{}';
  END IF;
  SELECT id INTO found_id FROM stock_item
   WHERE shop_id = p_shop AND (barcode = typed OR sku = upper(typed))
   ORDER BY barcode = typed DESC NULLS LAST
   LIMIT 1;
  IF FOUND THEN
    RETURN ARRAY[found_id];
  END IF;
  IF NOT p_by_name THEN
    RETURN '{}';
  END IF;
  SELECT coalesce(array_agg(id), '{}') INTO matches FROM (
    SELECT id FROM stock_item
     WHERE shop_id = p_shop AND lower(name) = lower(typed)
     LIMIT 2) AS named;
  RETURN matches;
END;
$$;
--> statement-breakpoint

-- Kept with its signature for stock_post_documents (0017); p_sku is no longer read: the rule
-- upper-cases the SKU itself.
CREATE OR REPLACE FUNCTION stock_item_by_text(p_shop uuid, p_text text, p_sku text)
RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN cardinality(m) = 1 THEN m[1] END FROM stock_item_matches(p_shop, p_text) AS m;
$$;
--> statement-breakpoint

-- As in 0017, with two more kinds:
--   sale:      takes stock out, the same rule as issue (refused below zero unless the shop
--              allows negative stock); the movement records the unit cost it left with.
--   sale_void: a line names a sale movement ({"movement": id, "qty": n}, qty defaulting to
--              what is still out) and brings back exactly what it took, at the cost it left
--              with, to the place it left from. Several partial voids of one movement never
--              give back more than it took, and together give back exactly its value (each
--              takes the cumulative share round(value × returned / sold) minus what earlier
--              voids took), so the average cost returns.
CREATE OR REPLACE FUNCTION stock_post_document(
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
  sold stock_movement;
  given_back_qty integer;
  given_back_value bigint;
  still_out integer;
  void_qty integer;
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
           (l->>'location')::bigint AS location, (l->>'qty')::integer AS qty,
           (l->>'unitCost')::bigint AS unit_cost, (l->>'toLocation')::bigint AS to_location,
           (l->>'counted')::integer AS counted, l->>'reason' AS reason,
           (l->>'movement')::bigint AS movement
      FROM jsonb_array_elements(p_lines) AS l
     ORDER BY (l->>'item')::bigint, (l->>'movement')::bigint, (l->>'line')::integer
  LOOP
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
      PERFORM stock_apply_movement(p_shop, doc_id, ln.line, ln.item, ln.location, p_kind,
        -ln.qty, NULL, NULL, allow_negative, p_reference, ln.reason, p_user, NULL);
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
      IF void_qty <= 0 OR void_qty > still_out THEN
        RAISE EXCEPTION 'bad line' USING ERRCODE = 'SK400',
          DETAIL = json_build_object('line', ln.line, 'available', still_out)::text;
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
$$;
--> statement-breakpoint

-- Posts a document inside the caller's transaction and answers what it wrote, in one round
-- trip: {"id", "number", "movements": [{"id", "line", "item", "location", "kind", "qty",
-- "unitCost", "value", "locationQtyAfter", "itemQtyAfter", "reverses"}, ...]} in line order.
-- A sale keeps each line's unit cost from here (the moving average at that moment).
CREATE FUNCTION stock_post_movements(
  p_shop uuid,
  p_kind text,
  p_reference text,
  p_note text,
  p_user text,
  p_lines jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  doc_id bigint;
BEGIN
  doc_id := stock_post_document(p_shop, p_kind, p_reference, p_note, p_user, p_lines);
  RETURN (
    SELECT jsonb_build_object('id', d.id, 'number', d.number, 'movements', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
               'id', m.id, 'line', m.line_no, 'item', m.item_id, 'location', m.location_id,
               'kind', m.kind, 'qty', m.qty, 'unitCost', m.unit_cost_satang,
               'value', m.value_satang, 'locationQtyAfter', m.location_qty_after,
               'itemQtyAfter', m.item_qty_after, 'reverses', m.reverses_movement_id)
             ORDER BY m.line_no, m.id)
        FROM stock_movement m WHERE m.document_id = d.id), '[]'::jsonb))
      FROM stock_document d WHERE d.id = doc_id);
END;
$$;
--> statement-breakpoint

-- Group commit for other modules' writes (docs/decisions/NNNN-ledger-api-for-sales.md). A
-- unit is a call of a SQL function of the caller's module, fn(p_shop uuid, p_payload jsonb)
-- RETURNS jsonb, that writes its own rows and its stock through stock_post_movements (a
-- sale: header, lines with the cost the movements return, payments, its number). The
-- application sends the units of one shop that are waiting as ONE call:
--   p_units: [{"fn": "sale_post", "items": [<item id>, ...], "payload": {...}}, ...]
-- Every item of the batch is locked first, in id order (the order every writer uses); each
-- unit runs in its own subtransaction. A unit that raises an error of a module's own class
-- (SQLSTATE starting with S: SK for the ledger's rules) or an integrity error (class 23: a
-- duplicate sale id, a CHECK) is rolled back alone and answered {"error": {...}}; the others
-- answer {"ok": <what fn returned>}. Any other error fails the whole call: the application
-- then runs each unit alone. `fn` comes from the application's code, never from a request.
CREATE FUNCTION stock_run_units(p_shop uuid, p_units jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  unit jsonb;
  answer jsonb;
  results jsonb := '[]';
  item_ids bigint[];
  err_state text;
  err_detail text;
  err_message text;
  err_constraint text;
BEGIN
  SELECT array_agg(DISTINCT item::bigint) INTO item_ids
    FROM jsonb_array_elements(p_units) AS u,
         jsonb_array_elements_text(coalesce(u->'items', '[]')) AS item;
  PERFORM 1 FROM stock_item WHERE id = ANY(item_ids) AND shop_id = p_shop ORDER BY id FOR UPDATE;

  FOR unit IN SELECT value FROM jsonb_array_elements(p_units) LOOP
    BEGIN
      EXECUTE format('SELECT %s($1, $2)', (unit->>'fn')::regproc)
         INTO answer USING p_shop, unit->'payload';
      results := results || jsonb_build_array(
        jsonb_build_object('ok', coalesce(answer, 'null'::jsonb)));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS err_state = RETURNED_SQLSTATE, err_detail = PG_EXCEPTION_DETAIL,
        err_message = MESSAGE_TEXT, err_constraint = CONSTRAINT_NAME;
      IF err_state NOT LIKE 'S%' AND err_state NOT LIKE '23%' THEN
        RAISE;
      END IF;
      results := results || jsonb_build_array(jsonb_build_object('error', jsonb_build_object(
        'state', err_state, 'detail', err_detail, 'message', err_message,
        'constraint', nullif(err_constraint, ''))));
    END;
  END LOOP;
  RETURN results;
END;
$$;
