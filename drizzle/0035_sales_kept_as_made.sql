CREATE TABLE "sale_flag" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"sale_id" bigint NOT NULL,
	"line_no" integer,
	"reason" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_flag_reason" CHECK ("sale_flag"."reason" IN ('priceChanged', 'itemArchived', 'negativeStock'))
);
--> statement-breakpoint
ALTER TABLE "sale_flag" ADD CONSTRAINT "sale_flag_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_flag" ADD CONSTRAINT "sale_flag_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_flag_shop_created" ON "sale_flag" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "sale_flag_sale" ON "sale_flag" USING btree ("sale_id");--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sale_post(p_shop uuid, p_sale jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  client_id uuid := (p_sale->>'clientSaleId')::uuid;
  kind text := p_sale->>'kind';
  earlier bigint;
  location_id bigint;
  be_year integer;
  seq bigint;
  doc_number text;
  posted jsonb;
  sale_id bigint;
  total_cost bigint;
  open_shift bigint;
  sold_till uuid := (p_sale->>'tillId')::uuid;
  sold_at timestamptz := coalesce((p_sale->>'soldAt')::timestamptz, now());
BEGIN
  SELECT id INTO earlier FROM sale WHERE shop_id = p_shop AND client_sale_id = client_id;
  IF FOUND THEN
    RAISE EXCEPTION 'this sale id was used before' USING ERRCODE = 'SL409',
      DETAIL = json_build_object('sale', earlier)::text;
  END IF;

  IF p_sale->>'shiftId' IS NOT NULL THEN
    SELECT s.id INTO open_shift FROM shift s
     WHERE s.id = (p_sale->>'shiftId')::bigint AND s.shop_id = p_shop AND s.status = 'open'
       AND EXISTS (SELECT 1 FROM shift_member m
                    WHERE m.shift_id = s.id AND m.user_id = p_sale->>'cashierId')
       FOR SHARE OF s;
  END IF;
  IF open_shift IS NULL AND coalesce((p_sale->>'shiftRequired')::boolean, false) THEN
    RAISE EXCEPTION 'the till has no open shift' USING ERRCODE = 'SL412', DETAIL = '{}';
  END IF;

  SELECT id INTO location_id FROM stock_location WHERE shop_id = p_shop AND is_default;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the shop has no default location to sell from' USING ERRCODE = 'SL404',
      DETAIL = '{}';
  END IF;

  IF sold_till IS NOT NULL THEN
    -- A registered till numbered the sale itself (decision 0071): only the next number of its
    -- series is taken (till_take_number refuses a gap, a repeat or a year going back).
    be_year := (p_sale->>'tillYear')::integer;
    seq := (p_sale->>'tillSeq')::bigint;
    PERFORM till_take_number(p_shop, sold_till, kind, be_year, seq);
    doc_number := p_sale->>'documentNumber';
  ELSE
    -- Thailand keeps UTC+7 all year; the same rule as buddhistYear() in document-number.ts.
    be_year := extract(year FROM (now() AT TIME ZONE 'UTC') + interval '7 hours')::integer + 543;
    seq := next_document_number(p_shop, kind, be_year);
    -- As saleDocumentNumber() formats it: "ABB2569-000123", longer past 999,999.
    doc_number := (p_sale->>'prefix') || be_year::text || '-' ||
                  CASE WHEN seq < 1000000 THEN lpad(seq::text, 6, '0') ELSE seq::text END;
  END IF;

  posted := stock_post_movements(p_shop, 'sale', doc_number, '', p_sale->>'cashierId',
    (SELECT jsonb_agg(jsonb_build_object('line', l.ordinality, 'item', l.value->'item',
                        'location', location_id, 'qty', l.value->'ledgerQty',
                        'happened', sold_till IS NOT NULL)
                      ORDER BY l.ordinality)
       FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS l));

  SELECT coalesce(-sum((m->>'value')::bigint), 0) INTO total_cost
    FROM jsonb_array_elements(posted->'movements') AS m;

  INSERT INTO sale (shop_id, client_sale_id, document_kind, document_year, document_seq,
    document_number, till, cashier_id, cashier_name, stock_document_id, vat_mode, vat_rate_bp,
    vat_method, gross_satang, line_discount_satang, bill_discount_kind, bill_discount_value,
    bill_discount_satang, vat_base_satang, vat_satang, non_vat_satang, total_satang,
    cost_satang, tendered_satang, change_satang, note, seller, shift_id, till_id, created_at,
    device_sold_at)
  VALUES (p_shop, client_id, kind, be_year, seq, doc_number, coalesce(p_sale->>'till', ''),
    p_sale->>'cashierId', p_sale->>'cashierName', (posted->>'id')::bigint,
    p_sale->>'vatMode', (p_sale->>'vatRate')::integer, 'per_bill',
    (p_sale->>'gross')::bigint, (p_sale->>'lineDiscount')::bigint,
    p_sale->>'billDiscountKind', (p_sale->>'billDiscountValue')::bigint,
    (p_sale->>'billDiscount')::bigint, (p_sale->>'vatBase')::bigint, (p_sale->>'vat')::bigint,
    (p_sale->>'nonVat')::bigint, (p_sale->>'total')::bigint, total_cost,
    (p_sale->>'tendered')::bigint, (p_sale->>'change')::bigint,
    coalesce(p_sale->>'note', ''), p_sale->'seller', open_shift, sold_till, sold_at,
    (p_sale->>'deviceSoldAt')::timestamptz)
  RETURNING id INTO sale_id;

  INSERT INTO sale_line (shop_id, sale_id, line_no, item_id, item_name, sku, unit, qty,
    unit_price_satang, label_amount_satang, discount_kind, discount_value, gross_satang,
    line_discount_satang, bill_discount_satang, net_satang, vat_exempt, vat_satang,
    ex_vat_satang, total_satang, unit_cost_satang, cost_satang, movement_id)
  SELECT p_shop, sale_id, l.ordinality, (l.value->>'item')::bigint, l.value->>'name',
         l.value->>'sku', l.value->>'unit', (l.value->>'qtyMilli')::numeric / 1000,
         (l.value->>'unitPrice')::bigint, (l.value->>'labelAmount')::bigint,
         l.value->>'discountKind', (l.value->>'discountValue')::bigint,
         (l.value->>'gross')::bigint, (l.value->>'lineDiscount')::bigint,
         (l.value->>'billDiscount')::bigint, (l.value->>'net')::bigint,
         coalesce((l.value->>'vatExempt')::boolean, false), (l.value->>'vat')::bigint,
         (l.value->>'exVat')::bigint, (l.value->>'total')::bigint,
         (m->>'unitCost')::bigint, -(m->>'value')::bigint, (m->>'id')::bigint
    FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS l
    JOIN jsonb_array_elements(posted->'movements') AS m
      ON (m->>'line')::bigint = l.ordinality;

  INSERT INTO sale_payment (shop_id, sale_id, payment_no, method, amount_satang,
    tendered_satang, reference, card_last4, approval_code)
  SELECT p_shop, sale_id, p.ordinality, p.value->>'method', (p.value->>'amount')::bigint,
         (p.value->>'tendered')::bigint, coalesce(p.value->>'reference', ''),
         p.value->>'cardLast4', p.value->>'approvalCode'
    FROM jsonb_array_elements(p_sale->'payments') WITH ORDINALITY AS p;

  -- What a registered till's sale brought that the shop had changed meanwhile (completeSale
  -- names prices and archived items), and stock it took below zero where the shop does not
  -- allow it: kept with the sale for the owner (decision 0071).
  INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
  SELECT p_shop, sale_id, (f->>'line')::integer, f->>'reason', coalesce(f->'detail', '{}')
    FROM jsonb_array_elements(coalesce(p_sale->'flags', '[]'::jsonb)) AS f;
  IF sold_till IS NOT NULL AND NOT (SELECT allow_negative_stock FROM shop WHERE id = p_shop) THEN
    INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
    SELECT p_shop, sale_id, (m->>'line')::integer, 'negativeStock',
           jsonb_build_object('item', (m->>'item')::bigint,
                              'balance', (m->>'locationQtyAfter')::numeric)
      FROM jsonb_array_elements(posted->'movements') AS m
     WHERE (m->>'locationQtyAfter')::numeric < 0;
  END IF;

  RETURN jsonb_build_object('id', sale_id, 'documentKind', kind, 'documentNumber', doc_number,
    'totalSatang', (p_sale->>'total')::bigint, 'changeSatang', (p_sale->>'change')::bigint);
END;
$function$;
