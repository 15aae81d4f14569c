CREATE TABLE "points_balance" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_balance_not_negative" CHECK ("points_balance"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"sale_id" bigint,
	"credit_note_id" bigint,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"value_satang" bigint DEFAULT 0 NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entry_kind" CHECK ("points_entry"."kind" IN ('earn', 'redeem', 'void', 'return'))
);
--> statement-breakpoint
CREATE TABLE "points_setting" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"satang_per_point" integer DEFAULT 2500 NOT NULL,
	"point_value_satang" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_setting_rate" CHECK ("points_setting"."satang_per_point" BETWEEN 1 AND 100000000),
	CONSTRAINT "points_setting_value" CHECK ("points_setting"."point_value_satang" BETWEEN 1 AND 100000000)
);
--> statement-breakpoint
ALTER TABLE "sale_flag" DROP CONSTRAINT "sale_flag_reason";--> statement-breakpoint
ALTER TABLE "points_balance" ADD CONSTRAINT "points_balance_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balance" ADD CONSTRAINT "points_balance_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entry" ADD CONSTRAINT "points_entry_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entry" ADD CONSTRAINT "points_entry_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entry" ADD CONSTRAINT "points_entry_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_setting" ADD CONSTRAINT "points_setting_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_balance_customer" ON "points_balance" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "points_entry_customer" ON "points_entry" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "points_entry_sale" ON "points_entry" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_setting_shop" ON "points_setting" USING btree ("shop_id");--> statement-breakpoint
ALTER TABLE "sale_flag" ADD CONSTRAINT "sale_flag_reason" CHECK ("sale_flag"."reason" IN ('priceChanged', 'itemArchived', 'negativeStock', 'vatChanged', 'pointsShort'));--> statement-breakpoint
-- Points (issue 37, decision 0082): the append-only guard, the sale's points and their undoing.
CREATE OR REPLACE FUNCTION public.points_entry_is_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Rows go only with what they belong to: the customer deleted on request (PDPA), the shop
  -- or the sale removed with it; otherwise a reversing entry is written instead.
  IF TG_OP = 'DELETE'
     AND (NOT EXISTS (SELECT 1 FROM customer WHERE id = OLD.customer_id)
          OR NOT EXISTS (SELECT 1 FROM shop WHERE id = OLD.shop_id)
          OR (OLD.sale_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sale WHERE id = OLD.sale_id)))
  THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'points entries are append-only; write a reversing entry instead'
    USING ERRCODE = 'PT001';
END;
$function$;
--> statement-breakpoint
CREATE TRIGGER points_entry_append_only BEFORE UPDATE OR DELETE ON points_entry
  FOR EACH ROW EXECUTE FUNCTION points_entry_is_append_only();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.points_sale(p_shop uuid, p_sale_id bigint, p_sale jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  cust uuid;
  rate integer;
  requested integer := coalesce((p_sale->>'redeemPoints')::integer, 0);
  redeemed integer := 0;
  earned integer;
  bal integer;
BEGIN
  -- Points of a sale (issue 37, decision 0082), in its own transaction: the redemption the
  -- bill's discount already carries, then the points earned on what was paid after it.
  SELECT sc.customer_id INTO cust FROM sale_customer sc
   WHERE sc.shop_id = p_shop AND sc.sale_id = p_sale_id AND sc.customer_id IS NOT NULL;
  SELECT ps.satang_per_point INTO rate FROM points_setting ps
   WHERE ps.shop_id = p_shop AND ps.enabled;
  IF cust IS NOT NULL AND rate IS NOT NULL THEN
    INSERT INTO points_balance (shop_id, customer_id) VALUES (p_shop, cust)
      ON CONFLICT (customer_id) DO NOTHING;
    SELECT b.balance INTO bal FROM points_balance b
     WHERE b.customer_id = cust AND b.shop_id = p_shop FOR UPDATE;
    -- A till's queued sale may carry a redemption the balance no longer covers (redeemed on
    -- another till meanwhile): the sale stands as made, the redemption limited and flagged.
    redeemed := least(requested, bal);
    IF redeemed > 0 THEN
      bal := bal - redeemed;
      INSERT INTO points_entry (shop_id, customer_id, sale_id, kind, points, value_satang,
        balance_after)
      VALUES (p_shop, cust, p_sale_id, 'redeem', -redeemed,
        coalesce((p_sale->>'redeemSatang')::bigint, 0), bal);
    END IF;
    earned := ((p_sale->>'total')::bigint / rate)::integer;
    IF earned > 0 THEN
      bal := bal + earned;
      INSERT INTO points_entry (shop_id, customer_id, sale_id, kind, points, balance_after)
      VALUES (p_shop, cust, p_sale_id, 'earn', earned, bal);
    END IF;
    UPDATE points_balance SET balance = bal, updated_at = now()
     WHERE customer_id = cust AND shop_id = p_shop;
  END IF;
  IF redeemed < requested THEN
    INSERT INTO sale_flag (shop_id, sale_id, line_no, reason, detail)
    VALUES (p_shop, p_sale_id, NULL, 'pointsShort',
      jsonb_build_object('requested', requested, 'redeemed', redeemed));
  END IF;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.points_undo(p_shop uuid, p_sale_id bigint, p_credit_note_id bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  cust uuid;
  earned integer;
  redeemed integer;
  current_net integer;
  sold bigint;
  refunded bigint;
  target integer;
  change integer;
  bal integer;
BEGIN
  -- A void (p_credit_note_id null) or a return of a sale takes its points back in its own
  -- transaction (issue 37, decision 0082). A void undoes everything the sale moved; returns,
  -- cumulatively, keep the earned points in proportion to what was not refunded and give back
  -- the redeemed ones in proportion to what was. The balance never goes below zero: points
  -- already spent elsewhere are taken back only as far as the balance goes.
  SELECT e.customer_id,
         coalesce(sum(e.points) FILTER (WHERE e.kind = 'earn'), 0),
         coalesce(-sum(e.points) FILTER (WHERE e.kind = 'redeem'), 0),
         coalesce(sum(e.points), 0)
    INTO cust, earned, redeemed, current_net
    FROM points_entry e
   WHERE e.shop_id = p_shop AND e.sale_id = p_sale_id
   GROUP BY e.customer_id;
  IF cust IS NULL THEN
    RETURN;
  END IF;
  IF p_credit_note_id IS NULL THEN
    target := 0;
  ELSE
    SELECT s.total_satang INTO sold FROM sale s WHERE s.shop_id = p_shop AND s.id = p_sale_id;
    SELECT coalesce(sum(n.total_satang), 0) INTO refunded FROM credit_note n
     WHERE n.shop_id = p_shop AND n.sale_id = p_sale_id;
    IF sold <= 0 OR refunded >= sold THEN
      target := 0;
    ELSE
      target := (earned * (sold - refunded) / sold)::integer
              - redeemed + (redeemed * refunded / sold)::integer;
    END IF;
  END IF;
  change := target - current_net;
  IF change = 0 THEN
    RETURN;
  END IF;
  SELECT b.balance INTO bal FROM points_balance b
   WHERE b.customer_id = cust AND b.shop_id = p_shop FOR UPDATE;
  change := greatest(change, -bal);
  IF change = 0 THEN
    RETURN;
  END IF;
  bal := bal + change;
  INSERT INTO points_entry (shop_id, customer_id, sale_id, credit_note_id, kind, points,
    balance_after)
  VALUES (p_shop, cust, p_sale_id, p_credit_note_id,
    CASE WHEN p_credit_note_id IS NULL THEN 'void' ELSE 'return' END, change, bal);
  UPDATE points_balance SET balance = bal, updated_at = now()
   WHERE customer_id = cust AND shop_id = p_shop;
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

  -- Recipes (decision 0087): sale_recipe_ledger_lines moves a recipe's components instead.
  posted := stock_post_movements(p_shop, 'sale', doc_number, '', p_sale->>'cashierId',
    sale_recipe_ledger_lines(p_shop,
      (SELECT jsonb_agg(jsonb_build_object('line', l.ordinality, 'item', l.value->'item',
                        'location', location_id, 'qty', l.value->'ledgerQty',
                        'happened', sold_till IS NOT NULL)
                      ORDER BY l.ordinality)
       FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS l)));

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
    JOIN jsonb_array_elements(sale_recipe_line_costs(p_sale->'lines', posted->'movements')) AS m
      ON (m->>'line')::bigint = l.ordinality;

  -- Recipes (decision 0087): which component movements each recipe line made.
  PERFORM sale_post_recipes(p_shop, sale_id, p_sale->'lines', posted->'movements');

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

  -- The customer the bill is for (issue 37, decision 0082), by phone number: linked with the
  -- name it is sold under when the shop has a customer of that number (a till offline may
  -- have attached a number the shop does not know; the sale stands either way).
  IF p_sale->>'customerPhone' IS NOT NULL THEN
    INSERT INTO sale_customer (shop_id, sale_id, customer_id, customer_name)
    SELECT p_shop, sale_id, c.id, c.name
      FROM customer c
     WHERE c.shop_id = p_shop AND c.phone = p_sale->>'customerPhone';
  END IF;

  -- Points (issue 37, decision 0082): the redemption and the points earned, in this transaction.
  IF p_sale->>'customerPhone' IS NOT NULL OR p_sale->>'redeemPoints' IS NOT NULL THEN
    PERFORM points_sale(p_shop, sale_id, p_sale);
  END IF;

  RETURN jsonb_build_object('id', sale_id, 'documentKind', kind, 'documentNumber', doc_number,
    'totalSatang', (p_sale->>'total')::bigint, 'changeSatang', (p_sale->>'change')::bigint);
END;
$function$;
