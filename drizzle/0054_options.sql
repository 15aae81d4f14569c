CREATE TABLE "item_option_group" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_choice" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"group_id" bigint NOT NULL,
	"name" text NOT NULL,
	"price_satang" bigint DEFAULT 0 NOT NULL,
	"stock_item_id" bigint,
	"stock_qty" numeric(14, 3),
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "option_choice_name_length" CHECK (char_length("option_choice"."name") BETWEEN 1 AND 60),
	CONSTRAINT "option_choice_price" CHECK ("option_choice"."price_satang" >= 0),
	CONSTRAINT "option_choice_stock" CHECK (("option_choice"."stock_item_id" IS NULL OR "option_choice"."stock_qty" > 0))
);
--> statement-breakpoint
CREATE TABLE "option_group" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"min_choices" integer DEFAULT 0 NOT NULL,
	"max_choices" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "option_group_name_length" CHECK (char_length("option_group"."name") BETWEEN 1 AND 60),
	CONSTRAINT "option_group_min_max" CHECK ("option_group"."min_choices" >= 0 AND "option_group"."max_choices" >= 1 AND "option_group"."min_choices" <= "option_group"."max_choices" AND "option_group"."max_choices" <= 50)
);
--> statement-breakpoint
CREATE TABLE "sale_line_option" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"sale_line_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"choice_id" bigint,
	"group_name" text NOT NULL,
	"choice_name" text NOT NULL,
	"price_satang" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_flag" DROP CONSTRAINT "sale_flag_reason";--> statement-breakpoint
ALTER TABLE "item_option_group" ADD CONSTRAINT "item_option_group_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_option_group" ADD CONSTRAINT "item_option_group_item_id_stock_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."stock_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_option_group" ADD CONSTRAINT "item_option_group_group_id_option_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_choice" ADD CONSTRAINT "option_choice_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_choice" ADD CONSTRAINT "option_choice_group_id_option_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_choice" ADD CONSTRAINT "option_choice_stock_item_id_stock_item_id_fk" FOREIGN KEY ("stock_item_id") REFERENCES "public"."stock_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_group" ADD CONSTRAINT "option_group_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_line_option" ADD CONSTRAINT "sale_line_option_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_line_option" ADD CONSTRAINT "sale_line_option_sale_line_id_sale_line_id_fk" FOREIGN KEY ("sale_line_id") REFERENCES "public"."sale_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_option_group_item_group" ON "item_option_group" USING btree ("item_id","group_id");--> statement-breakpoint
CREATE INDEX "item_option_group_shop_item" ON "item_option_group" USING btree ("shop_id","item_id");--> statement-breakpoint
CREATE INDEX "item_option_group_group" ON "item_option_group" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "option_choice_group_name" ON "option_choice" USING btree ("group_id","name");--> statement-breakpoint
CREATE INDEX "option_choice_shop" ON "option_choice" USING btree ("shop_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "option_group_shop_name" ON "option_group" USING btree ("shop_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_line_option_line_position" ON "sale_line_option" USING btree ("sale_line_id","position");--> statement-breakpoint
CREATE INDEX "sale_line_option_shop" ON "sale_line_option" USING btree ("shop_id");--> statement-breakpoint
ALTER TABLE "sale_flag" ADD CONSTRAINT "sale_flag_reason" CHECK ("sale_flag"."reason" IN ('priceChanged', 'itemArchived', 'negativeStock', 'vatChanged', 'pointsShort', 'accountOverLimit', 'optionsChanged'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sale_option_ledger_lines(p_options jsonb, p_lines jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Options (decision 0092): a choice that consumes stock (an extra shot: 18 g of beans) adds
  -- a ledger line of that item under its sale line's number, from the same location, so it
  -- leaves in the sale's own stock document at its moving-average cost.
  IF p_lines IS NULL OR jsonb_typeof(p_options) IS DISTINCT FROM 'array' OR NOT EXISTS (
       SELECT 1 FROM jsonb_array_elements(p_options) AS o WHERE o->>'item' IS NOT NULL)
  THEN
    RETURN p_lines;
  END IF;
  RETURN p_lines || (
    SELECT jsonb_agg(jsonb_build_object('line', (o->>'line')::integer, 'item', o->'item',
                     'location', p_lines->0->'location', 'qty', o->'qty',
                     'happened', p_lines->0->'happened')
                     ORDER BY (o->>'line')::integer, (o->>'position')::integer)
      FROM jsonb_array_elements(p_options) AS o
     WHERE o->>'item' IS NOT NULL);
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sale_post_options(p_shop uuid, p_sale bigint, p_options jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Options (decision 0092): each line's choices as sold (names and price copied), printed
  -- under the line on every document. Their stock movements are the line's ingredients
  -- (sale_post_recipes links them), so a void or a return gives them back.
  INSERT INTO sale_line_option (shop_id, sale_line_id, position, choice_id, group_name,
    choice_name, price_satang)
  SELECT p_shop, sl.id, (o->>'position')::integer, (o->>'choice')::bigint, o->>'group',
         o->>'name', (o->>'price')::bigint
    FROM jsonb_array_elements(p_options) AS o
    JOIN sale_line sl ON sl.sale_id = p_sale AND sl.line_no = (o->>'line')::integer;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sale_recipe_line_costs(p_lines jsonb, p_movements jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Recipes (decision 0087): one entry per sale line. A line moved by its own item keeps its
  -- movement; a recipe line (moved by its components) gets their value summed, its unit cost
  -- that value per unit sold, and no movement of its own (sale_line_ingredient names them).
  IF NOT EXISTS (
       SELECT 1 FROM jsonb_array_elements(p_movements) AS m
        WHERE (m->>'item') IS DISTINCT FROM
              (p_lines->((m->>'line')::integer - 1)->>'item'))
  THEN
    RETURN p_movements;
  END IF;
  RETURN (
    SELECT coalesce(jsonb_agg(
             CASE WHEN n = 1 AND own IS NOT NULL THEN own
                  -- Options (decision 0092): a line that moved its own item and what its
                  -- options consume keeps its movement, its cost the sum of them all.
                  WHEN own IS NOT NULL THEN own || jsonb_build_object('value', value,
                         'unitCost', CASE WHEN qty > 0 THEN round(-value / qty)::bigint
                                          ELSE 0 END)
                  ELSE jsonb_build_object('line', line, 'id', NULL, 'value', value,
                         'unitCost', CASE WHEN qty > 0 THEN round(-value / qty)::bigint
                                          ELSE 0 END)
             END ORDER BY line), '[]'::jsonb)
      FROM (SELECT (m->>'line')::integer AS line, count(*) AS n,
                   sum((m->>'value')::bigint) AS value,
                   (p_lines->((m->>'line')::integer - 1)->>'qtyMilli')::numeric / 1000 AS qty,
                   (array_agg(m) FILTER (WHERE (m->>'item') =
                      (p_lines->((m->>'line')::integer - 1)->>'item')))[1] AS own
              FROM jsonb_array_elements(p_movements) AS m
             GROUP BY (m->>'line')::integer,
                      (p_lines->((m->>'line')::integer - 1)->>'qtyMilli')) AS per_line);
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
  -- Options (decision 0092): sale_option_ledger_lines adds what the lines' choices consume.
  posted := stock_post_movements(p_shop, 'sale', doc_number, '', p_sale->>'cashierId',
    sale_option_ledger_lines(p_sale->'options', sale_recipe_ledger_lines(p_shop,
      (SELECT jsonb_agg(jsonb_build_object('line', l.ordinality, 'item', l.value->'item',
                        'location', location_id, 'qty', l.value->'ledgerQty',
                        'happened', sold_till IS NOT NULL)
                      ORDER BY l.ordinality)
       FROM jsonb_array_elements(p_sale->'lines') WITH ORDINALITY AS l))));

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

  -- Open prices and price overrides (issue 37, decision 0093): the lines sold at a typed price.
  IF p_sale->'priceOverrides' IS NOT NULL THEN
    PERFORM sale_post_price_overrides(p_shop, sale_id, p_sale->'priceOverrides');
  END IF;

  -- Options (decision 0092): the lines' choices as sold.
  IF jsonb_typeof(p_sale->'options') = 'array' THEN
    PERFORM sale_post_options(p_shop, sale_id, p_sale->'options');
  END IF;

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

  -- Price levels (issue 37, decision 0089): the level the sale was sold at.
  IF p_sale->>'priceLevelId' IS NOT NULL THEN
    PERFORM sale_post_price_level(p_shop, sale_id, p_sale);
  END IF;

  -- Selling on account (issue 37, decision 0083): charged to the customer within the limit.
  IF p_sale->'payments' @> '[{"method": "account"}]' THEN
    PERFORM account_sale(p_shop, sale_id, p_sale);
  END IF;

  RETURN jsonb_build_object('id', sale_id, 'documentKind', kind, 'documentNumber', doc_number,
    'totalSatang', (p_sale->>'total')::bigint, 'changeSatang', (p_sale->>'change')::bigint);
END;
$function$;
